/**
 * Whether a record's statement 'Anlage darf weiter betrieben werden' fits its defects. An open
 * (not resolved) defect assessed 'Betrieb erst nach Instandsetzung' (repair) or 'Stilllegen'
 * (shutdown) means the installation may not be operated until it is repaired: such a record
 * cannot say 'Ja'. 'Nein' is always allowed (an inspector may stop an installation for reasons
 * the defects do not name), and so is an open statement (finalize asks for it separately).
 * The server refuses to finalize such a record; the web editor says so at the field first.
 */
import type { DefectSeverity } from '../schemas/inspection';

/** Severities of an open defect that rule out continued operation. */
export const SEVERITIES_AGAINST_OPERATION: readonly DefectSeverity[] = ['repair', 'shutdown'];

export interface OperationStatement {
  continuedOperation: boolean | null;
  defects: readonly { severity: DefectSeverity; resolved?: boolean }[];
}

/** Indexes of the open defects that rule out continued operation (whatever the statement says). */
export function defectsAgainstOperation(record: Pick<OperationStatement, 'defects'>): number[] {
  return record.defects.flatMap((d, i) =>
    !d.resolved && SEVERITIES_AGAINST_OPERATION.includes(d.severity) ? [i] : [],
  );
}

/** True when the record says 'Ja' although an open defect rules continued operation out. */
export const contradictsContinuedOperation = (record: OperationStatement): boolean =>
  record.continuedOperation === true && defectsAgainstOperation(record).length > 0;
