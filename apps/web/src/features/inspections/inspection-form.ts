/**
 * Form values of the record editor (inspection, maintenance, expert report, self-inspection) and the
 * pure rules around them: the body of POST/PUT, what finalizing still needs, the 'all ok' shortcut and
 * the order of defect severities. The domain's schemas validate what is sent.
 */
import { type TypeChecklistItem, typeChecklistFor } from '@pruefbuch/domain/rules/checklists';
import { contradictsContinuedOperation } from '@pruefbuch/domain/rules/continued-operation';
import { type FinalizeBlocker, finalizeBlockers } from '@pruefbuch/domain/rules/finalize';
import {
  type CheckResult,
  DEFECT_SEVERITIES,
  type DefectSeverity,
  existingReportFieldsSchema,
  type Inspection,
  type InspectionCreate,
  type InspectionKind,
  type InspectionUpdate,
  inspectionUpdateSchema,
  type SelfInspectionCreate,
} from '@pruefbuch/domain/schemas/inspection';
import { z } from 'zod';

export interface ChecklistValue {
  item: string;
  label: string;
  result: CheckResult | null;
  note: string;
}

export interface DefectValue {
  /** Set by the server once saved; a key for the list either way. */
  _id?: string;
  key: string;
  text: string;
  severity: DefectSeverity;
  /** The checklist item the defect belongs to, or null. */
  item: string | null;
  photos: string[];
  resolved: boolean;
}

export interface SignatureValue {
  name: string;
  /** PNG data URL, or null when nothing is drawn. */
  image: string | null;
  /** When the stored signature was made; dropped when a new one is drawn. */
  signedAt?: string;
}

export interface InspectionValues {
  when: string | null;
  where: string;
  who: string;
  isAbnahmeGutachten: boolean;
  akkutausch: boolean;
  text: string;
  misc: Record<string, unknown>;
  checklist: ChecklistValue[];
  defects: DefectValue[];
  /** 'yes' / 'no' as the control shows them; null while not stated. */
  continuedOperation: 'yes' | 'no' | null;
  inspectorSignature: SignatureValue;
  /** The operator's acknowledgement is optional: off, or a name with an optional drawing. */
  withOperatorAcknowledgement: boolean;
  operatorAcknowledgement: SignatureValue;
  __v: number;
}

let keySeq = 0;
/** A stable React key for a defect that has no _id yet. */
export const newDefectKey = () => `new-${++keySeq}`;

/**
 * The empty checklist of a new record: the book type's list of its kind (decision 021). A norm item's
 * text is '' (shown in the user's language; the server stores it in German), an own item brings its text.
 */
export function checklistOf(items: readonly TypeChecklistItem[]): ChecklistValue[] {
  return items.map((e) => ({ item: e.item, label: e.label, result: null, note: '' }));
}

export function emptyInspectionValues(options: {
  kind: InspectionKind;
  bookType: Parameters<typeof typeChecklistFor>[1];
  today: string;
  userName: string;
  defaultText?: string;
}): InspectionValues {
  return {
    when: options.today,
    where: '',
    who: options.kind === 'self' ? '' : options.userName,
    isAbnahmeGutachten: false,
    akkutausch: false,
    text: options.defaultText ?? '',
    misc: {},
    checklist: checklistOf(typeChecklistFor(options.kind, options.bookType)),
    defects: [],
    continuedOperation: null,
    inspectorSignature: { name: options.userName, image: null },
    withOperatorAcknowledgement: false,
    operatorAcknowledgement: { name: '', image: null },
    __v: 0,
  };
}

const continued = (value: boolean | null): InspectionValues['continuedOperation'] =>
  value === null ? null : value ? 'yes' : 'no';

/**
 * A saved record → form values. `copy` starts a correction from a finalized record: its content, but no
 * signatures and no ids, since the correction is signed anew.
 */
export function recordToValues(record: Inspection, options: { userName: string; copy?: boolean }): InspectionValues {
  const copy = options.copy === true;
  const inspector = record.inspectorSignature;
  const ack = record.operatorAcknowledgement;
  return {
    when: record.when,
    where: record.where,
    who: record.who,
    isAbnahmeGutachten: record.isAbnahmeGutachten,
    akkutausch: record.akkutausch,
    text: record.text,
    misc: record.misc,
    checklist: record.checklist.map((c) => ({ item: c.item, label: c.label, result: c.result, note: c.note })),
    defects: record.defects.map((d) => ({
      ...(copy ? {} : { _id: d._id }),
      key: copy ? newDefectKey() : d._id,
      text: d.text,
      severity: d.severity,
      item: d.item,
      photos: [...d.photos],
      resolved: d.resolved,
    })),
    continuedOperation: continued(record.continuedOperation),
    inspectorSignature:
      inspector && !copy
        ? { name: inspector.name, image: inspector.image, signedAt: inspector.signedAt }
        : { name: inspector?.name || options.userName, image: null },
    withOperatorAcknowledgement: !!ack,
    operatorAcknowledgement:
      ack && !copy
        ? { name: ack.name, image: ack.image, signedAt: ack.signedAt }
        : { name: ack?.name ?? '', image: null },
    __v: copy ? 0 : record.__v,
  };
}

const signedAt = (s: SignatureValue) => (s.signedAt ? { signedAt: s.signedAt } : {});

/** The fields every write sends, in the domain's shape. */
function fieldsOf(v: InspectionValues) {
  const inspector = v.inspectorSignature;
  const ack = v.operatorAcknowledgement;
  return {
    when: v.when ?? '',
    who: v.who,
    text: v.text,
    misc: v.misc,
    checklist: v.checklist.map((c) => ({ item: c.item, label: c.label, result: c.result, note: c.note })),
    defects: v.defects.map((d) => ({
      ...(d._id ? { _id: d._id } : {}),
      text: d.text,
      severity: d.severity,
      item: d.item,
      photos: d.photos,
      resolved: d.resolved,
    })),
    continuedOperation: v.continuedOperation === null ? null : v.continuedOperation === 'yes',
    // A signature is a drawing with a name; a name alone is not one.
    inspectorSignature:
      inspector.image && inspector.name.trim()
        ? { name: inspector.name.trim(), image: inspector.image, ...signedAt(inspector) }
        : null,
    operatorAcknowledgement:
      v.withOperatorAcknowledgement && ack.name.trim()
        ? { name: ack.name.trim(), image: ack.image, ...signedAt(ack) }
        : null,
  };
}

/** Fields a self-inspection does not have. */
const staffOnly = (v: InspectionValues) => ({
  where: v.where,
  isAbnahmeGutachten: v.isAbnahmeGutachten,
  akkutausch: v.akkutausch,
});

/** PUT inspections/{id} or selfinspections/{id}. */
export function toUpdateBody(kind: InspectionKind, v: InspectionValues): InspectionUpdate {
  return { ...fieldsOf(v), ...(kind === 'self' ? {} : staffOnly(v)), __v: v.__v };
}

/** POST inspections (staff kinds) or POST selfinspections. */
export function toCreateBody(
  kind: InspectionKind,
  book: string,
  v: InspectionValues,
  corrects: string | null,
): InspectionCreate | SelfInspectionCreate {
  if (kind === 'self') return { ...fieldsOf(v), book, corrects };
  return { ...fieldsOf(v), ...staffOnly(v), book, kind, corrects };
}

export interface ChecklistProgress {
  answered: number;
  total: number;
  defects: number;
  complete: boolean;
}

export function checklistProgress(checklist: readonly ChecklistValue[]): ChecklistProgress {
  const answered = checklist.filter((c) => c.result !== null).length;
  return {
    answered,
    total: checklist.length,
    defects: checklist.filter((c) => c.result === 'defect').length,
    complete: answered === checklist.length,
  };
}

/** 'Alle in Ordnung': every unanswered item becomes ok; answered ones keep their result. */
export const markOpenItemsOk = (checklist: readonly ChecklistValue[]): ChecklistValue[] =>
  checklist.map((c) => (c.result === null ? { ...c, result: 'ok' } : c));

/** The form's 'yes' beside an open defect rated 'repair' or 'shutdown' (the domain rule the server applies). */
export const continuedOperationConflict = (v: Pick<InspectionValues, 'continuedOperation' | 'defects'>) =>
  contradictsContinuedOperation({
    continuedOperation: v.continuedOperation === null ? null : v.continuedOperation === 'yes',
    defects: v.defects,
  });

/** What finalizing the form's record still needs on `today`: the domain's rule, which the server applies too. */
export const finalizeBlockersOf = (kind: InspectionKind, v: InspectionValues, today: string): FinalizeBlocker[] =>
  finalizeBlockers(
    {
      kind,
      when: v.when,
      checklist: v.checklist,
      defects: v.defects,
      continuedOperation: v.continuedOperation === null ? null : v.continuedOperation === 'yes',
      inspectorSignature: v.inspectorSignature,
    },
    today,
  );

/** Severity rank: safe < repair < shutdown. */
export const severityRank = (severity: DefectSeverity) => DEFECT_SEVERITIES.indexOf(severity);

/** The worst severity among the open (not resolved) defects, or null when there is none. */
export function worstSeverity(defects: readonly { severity: DefectSeverity; resolved?: boolean }[]) {
  return defects
    .filter((d) => !d.resolved)
    .reduce<DefectSeverity | null>(
      (worst, d) => (worst === null || severityRank(d.severity) > severityRank(worst) ? d.severity : worst),
      null,
    );
}

export type RecordStatus = 'draft' | 'final' | 'corrected';

export const recordStatus = (record: Pick<Inspection, 'finalized' | 'correctedBy'>): RecordStatus =>
  record.correctedBy ? 'corrected' : record.finalized ? 'final' : 'draft';

type Issue = { path: PropertyKey[]; message: string };

/**
 * Form values → the body of PUT, validated by the domain's schema; its issues land under the same field
 * paths (defects.0.text, inspectorSignature.name …), so one save shows every field that needs attention.
 */
export const inspectionFormSchema = (kind: InspectionKind) =>
  z
    .custom<InspectionValues>((input) => !!input && typeof input === 'object')
    .transform((values, ctx): InspectionUpdate => {
      const issues: Issue[] = [];
      if (!values.when) issues.push({ path: ['when'], message: 'validation.required' });
      const result = inspectionUpdateSchema.safeParse(toUpdateBody(kind, values));
      if (!result.success) {
        for (const issue of result.error.issues) {
          if (issue.path[0] === 'when' && !values.when) continue;
          issues.push({ path: issue.path, message: issue.message });
        }
      }
      if (values.withOperatorAcknowledgement && !values.operatorAcknowledgement.name.trim()) {
        issues.push({ path: ['operatorAcknowledgement', 'name'], message: 'validation.required' });
      }
      for (const issue of issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: values });
      return result.success && issues.length === 0 ? result.data : z.NEVER;
    });

/** The upload of an existing expert report: its fields and the PDF. */
export interface ReportValues {
  when: string | null;
  who: string;
  where: string;
  text: string;
  isAbnahmeGutachten: boolean;
  file: File | null;
}

export const reportFormSchema = existingReportFieldsSchema.omit({ book: true }).extend({
  when: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .pipe(existingReportFieldsSchema.shape.when),
  file: z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, {
    error: 'inspections.upload.fileRequired',
  }),
});
