/**
 * What a record needs before it is signed off, as one rule for the three places that ask: the server,
 * which refuses to finalize without it (inspections.finalize.ts), the record editor and the offline
 * form, which say so before anything is sent (decision 065).
 *
 * In the order a person reads the form: a date that is not in the future; a result for every checklist
 * item (and a checklist at all, except for an expert report, whose findings are its text); for
 * inspections and maintenance the statement whether the installation may stay in operation, and never
 * 'yes' beside an open defect that rules it out (rules/continued-operation); the inspector's signature,
 * a drawing with a name.
 */
import type { ErrorCode } from '../error-codes';
import type { CheckResult, InspectionKind } from '../schemas/inspection';
import { contradictsContinuedOperation, type OperationStatement } from './continued-operation';

/** The kinds whose finalizing needs the continued-operation statement. */
export const NEEDS_CONTINUED_OPERATION: readonly InspectionKind[] = ['inspection', 'wartung'];

export interface FinalizableRecord extends OperationStatement {
  kind: InspectionKind;
  /** The record's date (ISO day); null while a form has none (saving asks for it first). */
  when: string | null;
  checklist: readonly { result: CheckResult | null }[];
  inspectorSignature: { name: string; image: string | null } | null;
}

export interface FinalizeBlocker {
  /** The error code a refusal replies with. */
  code: ErrorCode;
  /** The field it stands at, as the API names fields (checklist.3.result). */
  field: string;
  /** The text that says what is missing. */
  key: 'validation.notInFuture' | `errors.${ErrorCode}`;
}

/** The texts a finalize refusal names (a client tells such a refusal from other errors by them). */
export const FINALIZE_KEYS: readonly FinalizeBlocker['key'][] = [
  'validation.notInFuture',
  'errors.CHECKLIST_INCOMPLETE',
  'errors.CONTINUED_OPERATION_REQUIRED',
  'errors.CONTINUED_OPERATION_CONFLICT',
  'errors.SIGNATURE_REQUIRED',
];

const missing = (code: ErrorCode, field: string): FinalizeBlocker => ({ code, field, key: `errors.${code}` });

/** Everything that still keeps the record from being finalized on `today` (Berlin's day); empty when nothing does. */
export function finalizeBlockers(record: FinalizableRecord, today: string): FinalizeBlocker[] {
  const blockers: FinalizeBlocker[] = [];
  if (record.when !== null && record.when > today) {
    blockers.push({ code: 'VALIDATION', field: 'when', key: 'validation.notInFuture' });
  }
  const open = record.checklist.findIndex((c) => c.result === null);
  if (open >= 0) blockers.push(missing('CHECKLIST_INCOMPLETE', `checklist.${open}.result`));
  else if (record.checklist.length === 0 && record.kind !== 'gutachten') {
    blockers.push(missing('CHECKLIST_INCOMPLETE', 'checklist'));
  }
  if (NEEDS_CONTINUED_OPERATION.includes(record.kind) && record.continuedOperation === null) {
    blockers.push(missing('CONTINUED_OPERATION_REQUIRED', 'continuedOperation'));
  }
  if (contradictsContinuedOperation(record))
    blockers.push(missing('CONTINUED_OPERATION_CONFLICT', 'continuedOperation'));
  const signature = record.inspectorSignature;
  if (!signature?.image || !signature.name.trim()) blockers.push(missing('SIGNATURE_REQUIRED', 'inspectorSignature'));
  return blockers;
}
