/**
 * The checklist of an inspection record, chosen by the book type's standard (its `component`):
 * powered doors (DIN 18650 / EN 16005, ASR A1.7), smoke and heat extraction (DIN 18232-2),
 * hold-open systems on fire doors (DIN 14677), powered gates (ASR A1.7, DIN EN 12453), and a
 * general list for anything else. Self-inspections use the operator's list of SPEC §3.
 *
 * Items are keys; their labels live in the locales (namespace checklists). A record stores the
 * label as it read when the record was created, so a later change of these lists never
 * rewrites an inspection that has been signed.
 */
export const CHECKLISTS = {
  door: [
    'door.documents',
    'door.mechanics',
    'door.drive',
    'door.control',
    'door.sensors',
    'door.safetySensors',
    'door.forces',
    'door.emergencyOpening',
    'door.escapeRoute',
    'door.signage',
    'door.glazing',
    'door.programSwitch',
  ],
  revolving: [
    'door.documents',
    'door.mechanics',
    'door.drive',
    'door.control',
    'door.sensors',
    'revolving.edgeProtection',
    'revolving.emergencyStop',
    'revolving.breakOut',
    'door.forces',
    'door.escapeRoute',
    'door.signage',
  ],
  rwa: [
    'rwa.documents',
    'rwa.controlPanel',
    'rwa.emergencyPower',
    'rwa.detectors',
    'rwa.manualCallPoints',
    'rwa.ventilationButtons',
    'rwa.openers',
    'rwa.openingTime',
    'rwa.supplyAir',
    'rwa.wiring',
    'rwa.weatherControl',
    'rwa.triggerTest',
  ],
  holdOpen: [
    'holdOpen.approval',
    'holdOpen.detectors',
    'holdOpen.releaseButton',
    'holdOpen.holdingMagnet',
    'holdOpen.closing',
    'holdOpen.closingSequence',
    'holdOpen.powerFailure',
    'holdOpen.freeArea',
    'holdOpen.signage',
  ],
  gate: [
    'gate.documents',
    'gate.mechanics',
    'gate.drive',
    'gate.control',
    'gate.closingEdge',
    'gate.lightBarrier',
    'gate.forces',
    'gate.emergencyRelease',
    'gate.signalling',
    'gate.signage',
  ],
  general: ['general.documents', 'general.visual', 'general.function', 'general.safety', 'general.signage'],
  self: ['self.controlUnitAccess', 'self.emergencyPower', 'self.alarmDevices', 'self.storageHeight'],
} as const;
export type ChecklistName = keyof typeof CHECKLISTS;
export type ChecklistItemKey = (typeof CHECKLISTS)[ChecklistName][number];

/** The checklist of a book type: by its standard, and for doors by whether it is a revolving door. */
export function checklistFor(
  kind: 'inspection' | 'wartung' | 'gutachten' | 'self',
  bookType: { type: string; component: string } | null,
): ChecklistName {
  if (kind === 'self') return 'self';
  const component = bookType?.component ?? '';
  const type = (bookType?.type ?? '').toLowerCase();
  if (component.includes('18232')) return 'rwa';
  if (component.includes('14677')) return 'holdOpen';
  if (component.includes('18650') || component.includes('16005')) {
    return type.includes('karussell') || type.includes('revolving') ? 'revolving' : 'door';
  }
  if (component.includes('A1.7') || component.includes('12453') || type.includes('tor')) return 'gate';
  return 'general';
}

/** i18n key of an item's label. */
export const checklistLabelKey = (item: string) => `checklists.items.${item}`;
