/**
 * The default text of the operator's self-inspection (SPEC §3): the checks the operator makes
 * between two inspections by a qualified person. A new self-inspection starts with it when no
 * text is sent. German, as the record is a German document.
 */
export const DEFAULT_SELF_INSPECTION_TEXT = [
  'Eigenprüfung durch den Betreiber:',
  '- Zugänglichkeit der Bedieneinheit und des Schaltschranks geprüft',
  '- Notstromversorgung geprüft (keine Störungsanzeige)',
  '- Interne Alarmierungseinrichtungen geprüft',
  '- Maximale Lagerhöhe bzw. Nutzungseinschränkung eingehalten',
].join('\n');
