/**
 * Inspection records (SPEC §3 Inspection, Self-inspection, Booking entry, Book meta) and the
 * calls of SPEC §7 Inspections. One record shape serves all four kinds; a self-inspection
 * leaves where, isAbnahmeGutachten and akkutausch at their defaults.
 */
import { z } from 'zod';
import { idSchema, isoDate, paged, text } from './common';

export const INSPECTION_KINDS = ['inspection', 'wartung', 'gutachten', 'self'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];
export const inspectionKindSchema = z.enum(INSPECTION_KINDS, { error: 'validation.invalid' });
/** The kinds written through POST inspections (self-inspections have their own calls). */
export const staffInspectionKindSchema = z.enum(['inspection', 'wartung', 'gutachten'], {
  error: 'validation.invalid',
});

export const CHECK_RESULTS = ['ok', 'defect', 'na'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/** Severity of a defect: safe to operate, operate only after repair, shut down. */
export const DEFECT_SEVERITIES = ['safe', 'repair', 'shutdown'] as const;
export type DefectSeverity = (typeof DEFECT_SEVERITIES)[number];

/** A PNG drawn on screen, as a data URL; at most ~200 kB. */
export const MAX_SIGNATURE_LENGTH = 200_000;
export const signatureImageSchema = z
  .string({ error: 'validation.invalid' })
  .max(MAX_SIGNATURE_LENGTH, { error: 'validation.max' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: 'validation.signature' });

export const signatureSchema = z.object({
  name: text(100).min(1, { error: 'validation.required' }),
  image: signatureImageSchema,
  /** ISO timestamp; set by the server when missing. */
  signedAt: z.string().optional(),
});
export type Signature = z.infer<typeof signatureSchema>;

/** The operator's acknowledgement: a name, optionally a drawn signature. */
export const operatorAcknowledgementSchema = z.object({
  name: text(100).min(1, { error: 'validation.required' }),
  image: signatureImageSchema.nullable().default(null),
  signedAt: z.string().optional(),
});
export type OperatorAcknowledgement = z.infer<typeof operatorAcknowledgementSchema>;

export const checklistEntrySchema = z.object({
  /** An item of the book type's list (a norm item of rules/checklists.ts or one of the type's own). */
  item: text(80).min(1, { error: 'validation.required' }),
  /** The label as it read when the record was made (filled by the server). */
  label: text(300).default(''),
  result: z.enum(CHECK_RESULTS, { error: 'validation.invalid' }).nullable().default(null),
  note: text(1000).default(''),
});
export type ChecklistEntry = z.infer<typeof checklistEntrySchema>;

export const defectSchema = z.object({
  /** Set by the server for a new defect. */
  _id: z.string().max(40).optional(),
  text: text(1000).min(1, { error: 'validation.required' }),
  severity: z.enum(DEFECT_SEVERITIES, { error: 'validation.invalid' }),
  /** The checklist item the defect belongs to, if any. */
  item: text(80).nullable().default(null),
  /** Blob ids of photos (uploaded with POST blobs, type defect-photo). */
  photos: z.array(idSchema).max(20, { error: 'validation.max' }).default([]),
  /** A defect carried over from an earlier record and fixed in this one. */
  resolved: z.boolean().default(false),
});
export type Defect = z.infer<typeof defectSchema>;

/**
 * A defect as it starts when one is recorded, online and offline alike: no description yet, and rated
 * 'operate only after repair' until the inspector rates it. Never 'safe' by default: a defect nobody rated
 * must not read as harmless in the book, its PDF and the book's ampel.
 */
export const NEW_DEFECT_SEVERITY: DefectSeverity = 'repair';
export const newDefect = (item: string | null = null) => ({
  text: '',
  severity: NEW_DEFECT_SEVERITY,
  item,
  photos: [] as string[],
  resolved: false,
});

/**
 * The fields a client writes, without defaults: PUT takes exactly the fields sent (a field left
 * out keeps its value), so the update schema must not fill anything in.
 */
const writableFields = {
  when: isoDate,
  where: text(200),
  who: text(200),
  isAbnahmeGutachten: z.boolean({ error: 'validation.invalid' }),
  akkutausch: z.boolean({ error: 'validation.invalid' }),
  text: text(10_000),
  misc: z.record(z.string(), z.unknown(), { error: 'validation.invalid' }),
  checklist: z.array(checklistEntrySchema, { error: 'validation.invalid' }).max(100, { error: 'validation.max' }),
  defects: z.array(defectSchema, { error: 'validation.invalid' }).max(100, { error: 'validation.max' }),
  /** May the installation stay in operation? null: not yet stated. */
  continuedOperation: z.boolean({ error: 'validation.invalid' }).nullable(),
  inspectorSignature: signatureSchema.nullable(),
  operatorAcknowledgement: operatorAcknowledgementSchema.nullable(),
};

/** The fields a client writes on create, with their defaults. */
export const inspectionFieldsSchema = z.object({
  when: writableFields.when,
  where: writableFields.where.default(''),
  who: writableFields.who.default(''),
  isAbnahmeGutachten: writableFields.isAbnahmeGutachten.default(false),
  akkutausch: writableFields.akkutausch.default(false),
  text: writableFields.text.default(''),
  misc: writableFields.misc.default({}),
  checklist: writableFields.checklist.default([]),
  defects: writableFields.defects.default([]),
  continuedOperation: writableFields.continuedOperation.default(null),
  inspectorSignature: writableFields.inspectorSignature.default(null),
  operatorAcknowledgement: writableFields.operatorAcknowledgement.default(null),
});

/** POST inspections: a new draft (inspection, maintenance or expert report) of a book. */
export const inspectionCreateSchema = inspectionFieldsSchema.extend({
  book: idSchema,
  kind: staffInspectionKindSchema,
  /** The finalized record this one corrects. */
  corrects: idSchema.nullable().default(null),
});
export type InspectionCreate = z.input<typeof inspectionCreateSchema>;

/** POST selfinspections: a new draft self-inspection. */
export const selfInspectionCreateSchema = inspectionFieldsSchema
  .omit({ where: true, isAbnahmeGutachten: true, akkutausch: true })
  .extend({ book: idSchema, corrects: idSchema.nullable().default(null) });
export type SelfInspectionCreate = z.input<typeof selfInspectionCreateSchema>;

/** PUT inspections/{id} and selfinspections/{id}: the fields to change (left out: unchanged) and __v. */
export const inspectionUpdateSchema = z
  .object(writableFields)
  .partial()
  .extend({ __v: z.number({ error: 'validation.required' }).int() });
export type InspectionUpdate = z.input<typeof inspectionUpdateSchema>;

/** POST inspections/{id}/finalize and selfinspections/{id}/finalize. */
export const finalizeSchema = z.object({ __v: z.number({ error: 'validation.required' }).int() });

/** POST inspections/existingDoc (multipart text fields beside the PDF file). */
export const existingReportFieldsSchema = z.object({
  book: idSchema,
  when: isoDate,
  who: text(200).default(''),
  where: text(200).default(''),
  text: text(10_000).default(''),
  isAbnahmeGutachten: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .default(false),
});

export const inspectionSchema = z.object({
  _id: z.string(),
  book: z.string(),
  tenant: z.string(),
  kind: inspectionKindSchema,
  when: z.string(),
  where: z.string(),
  who: z.string(),
  isAbnahmeGutachten: z.boolean(),
  akkutausch: z.boolean(),
  text: z.string(),
  misc: z.record(z.string(), z.unknown()),
  /** The norm list the checklist started from (rules/checklists.ts checklistNameOf: 'sliding', 'rwaSelf' …). */
  checklistName: z.string(),
  checklist: z.array(checklistEntrySchema),
  defects: z.array(defectSchema.extend({ _id: z.string() })),
  continuedOperation: z.boolean().nullable(),
  inspectorSignature: signatureSchema.nullable(),
  operatorAcknowledgement: operatorAcknowledgementSchema.nullable(),
  /** Download path (relative to /api/v1) of an uploaded expert report, else null. */
  report: z.string().nullable(),
  corrects: z.string().nullable(),
  /** The record that corrects this one, if any. */
  correctedBy: z.string().nullable(),
  finalized: z.boolean(),
  finalizedAt: z.string().nullable(),
  /** Abbreviation or name of who finalized. */
  finalizedBy: z.string().nullable(),
  createdBy: z.string().nullable(),
  __v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Inspection = z.infer<typeof inspectionSchema>;

/**
 * A signature as the record lists show it: who signed and when, without the drawing (a PNG data
 * URL of several KB). GET inspections/{id} and selfinspections/{id} carry the drawing.
 */
export const signatureSummarySchema = z.object({ name: z.string(), signedAt: z.string().optional() });
export type SignatureSummary = z.infer<typeof signatureSummarySchema>;

/** A record in a list reply: every field of the record, its signatures without their drawings. */
export const inspectionListItemSchema = inspectionSchema.extend({
  inspectorSignature: signatureSummarySchema.nullable(),
  operatorAcknowledgement: signatureSummarySchema.nullable(),
});
export type InspectionListItem = z.infer<typeof inspectionListItemSchema>;

export const inspectionListReply = z.array(inspectionListItemSchema);

export const inspectionQuery = z.object({
  book: idSchema.optional(),
  kind: inspectionKindSchema.optional(),
  finalized: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export const inspectionPageReply = paged(inspectionListItemSchema);

/**
 * GET books/{id}/shutdown: why a book is shut down (book.shutDown): its latest counted inspection,
 * maintenance or expert report and that record's open defects rated 'shutdown'. Not shut down, or
 * caused by a record the caller may not see: record null and no defects.
 */
export const shutDownReply = z.object({
  shutDown: z.boolean(),
  record: z
    .object({ _id: z.string(), kind: inspectionKindSchema, when: z.string(), isAbnahmeGutachten: z.boolean() })
    .nullable(),
  defects: z.array(defectSchema.extend({ _id: z.string() })),
});
export type ShutDownReason = z.infer<typeof shutDownReply>;

/**
 * A child entry of the booking account (SPEC §3 userInspection) registered with it: the booking's
 * properties.userInspection lists them.
 */
export const bookingChildSchema = z.object({
  firstName: text(100).default(''),
  lastName: text(100).default(''),
  dob: isoDate.nullable().default(null),
  positionsNummer: z.number({ error: 'validation.invalid' }).int().min(1).optional(),
});
export type BookingChild = z.infer<typeof bookingChildSchema>;
/** Most child entries one booking may name. */
export const MAX_BOOKING_CHILDREN = 20;

/** SPEC §3 Booking entry (POST books/{id}/inspection). properties is free; its userInspection, if any, is typed. */
export const bookingEntrySchema = z.object({
  user_id: idSchema.optional(),
  firstName: text(100).min(1, { error: 'validation.required' }),
  lastName: text(100).min(1, { error: 'validation.required' }),
  dob: isoDate.nullable().optional(),
  properties: z
    .object({
      userInspection: z
        .array(bookingChildSchema, { error: 'validation.invalid' })
        .max(MAX_BOOKING_CHILDREN, { error: 'validation.max' })
        .optional(),
    })
    .catchall(z.unknown())
    .default({}),
});

/** The child entries a stored booking names (an entry that does not fit the schema is left out). */
export function bookingChildren(properties: Record<string, unknown>): BookingChild[] {
  const list = properties.userInspection;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const parsed = bookingChildSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
export type BookingEntry = z.input<typeof bookingEntrySchema>;

/** SPEC §3 Book meta. */
export const bookMetaSchema = z.object({
  freeslots: z.number().int(),
  usedslots: z.number().int(),
  bookable: z.boolean(),
  bookableInFuture: z.boolean(),
});
export type BookMeta = z.infer<typeof bookMetaSchema>;

/** A booking entry as stored (GET books/{id}/inspectionUser/{userId}, GET books/{id}/bookings). */
export const bookingSchema = z.object({
  _id: z.string(),
  book: z.string(),
  user_id: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  dob: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;
export const bookingListReply = z.array(bookingSchema);

export const bookingReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  meta: bookMetaSchema,
});

/** The error code of a booking before the book's window (SPEC §8 'TOO EARLY'). */
export const TOO_EARLY = 'TOO EARLY';

/** POST books/calculatedate: the last inspection's fields and the date. */
export const calculateDateSchema = z.object({
  date: isoDate,
  serviceinterval: z.number({ error: 'validation.invalid' }).int(),
  kind: inspectionKindSchema.optional(),
  isAbnahmeGutachten: z.boolean().optional(),
});
export const calculateDateReply = z.object({ calcdate: z.string().nullable() });

/** A row of the open-inspection lists (books whose inspection is due). */
export const openInspectionItemSchema = z.object({
  _id: z.string(),
  title: z.string(),
  customer: z.string(),
  object: z.string(),
  site: z.string(),
  glasbocknr: z.string(),
  manufacturerNo: z.string(),
  orderNo: z.string(),
  zip: z.string(),
  location: z.string(),
  tenant: z.string(),
  tenantUrl: z.string(),
  nextInspectionDate: z.string().nullable(),
  inspectionAmpel: z.string().nullable(),
  nextInspectionDateSelf: z.string().nullable(),
  inspectionSelfAmpel: z.string().nullable(),
  /** An unfinished draft record of the book, if any. */
  draft: z.object({ _id: z.string(), kind: inspectionKindSchema, when: z.string(), who: z.string() }).nullable(),
});
export const openInspectionListReply = paged(openInspectionItemSchema);

/** GET inspections/abnStats/{tenantId}/{from}/{to}: expert reports per month. */
export const abnStatsReply = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(
    z.object({
      month: z.string(),
      acceptance: z.number().int(),
      periodic: z.number().int(),
      total: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type AbnStats = z.infer<typeof abnStatsReply>;

/**
 * GET lists/allDailyInspectionUser/{userId}: the records that user finalized or started today
 * (Europe/Berlin), newest first, each with what a list row shows of its book.
 */
export const dailyInspectionItemSchema = inspectionListItemSchema.extend({
  bookTitle: z.string(),
  bookObject: z.string(),
  bookSite: z.string(),
  tenantUrl: z.string(),
});
export const dailyInspectionListReply = z.array(dailyInspectionItemSchema);

/** GET inspections/abnStats/{tenantId}/{from}/{to}: at most this many years. */
export const ABN_STATS_MAX_YEARS = 5;

/** Path parameters of the record calls under a book. */
export const bookInspectionParams = z.object({ id: idSchema, inspectionId: idSchema });
export const bookSelfInspectionParams = z.object({ id: idSchema, selfInspectionId: idSchema });
export const bookUserParams = z.object({ id: idSchema, userId: idSchema });
export const bookBookingParams = z.object({ id: idSchema, bookingId: idSchema });

/** Paging of the open-inspection lists (page from 1, size up to 100, default 20). */
export const openInspectionQuery = z.object({
  page: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1).default(1),
  size: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1)
    .max(100)
    .default(20),
});
const searchValue = z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.max' });
/** books/allInspectionBySn/{value}, …ByZip/{value}, …ByOrderNo/{value}. */
export const openInspectionSearchParams = z.object({ value: searchValue });
/** books/allOpenInspection/{tenantId}/ and its BySn/ByZip/ByOrderNo variants. */
export const tenantOpenInspectionParams = z.object({ tenantId: idSchema });
export const tenantOpenInspectionSearchParams = z.object({ tenantId: idSchema, value: searchValue });
/** lists/allDailyInspectionUser/{userId}. */
export const dailyInspectionParams = z.object({ userId: idSchema });
/** inspections/abnStats/{tenantId}/{from}/{to}: from <= to, at most ABN_STATS_MAX_YEARS apart. */
export const abnStatsParams = z.object({ tenantId: idSchema, from: isoDate, to: isoDate });
