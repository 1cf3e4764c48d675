import { z } from 'zod';
import { QUALIFICATION_KINDS } from '../rules/qualifications';
import { idSchema, isoDate, text } from './common';

/** A kind of qualification (rules/qualifications.ts). */
export const qualificationKindSchema = z.enum(QUALIFICATION_KINDS, { error: 'validation.invalid' });

const stateSchema = z.enum(['notYet', 'valid', 'expiring', 'expired']);

/** A qualification as the API returns it (decision 055). Dates are YYYY-MM-DD. */
export const qualificationSchema = z.object({
  _id: z.string(),
  user: z.string(),
  kind: qualificationKindSchema,
  number: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  /** Its state today (Europe/Berlin). */
  state: stateSchema,
  /** The certificate's file name and type; null without one. Its bytes: GET …/certificate. */
  certificate: z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() }).nullable(),
  __v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Qualification = z.infer<typeof qualificationSchema>;
export const qualificationListReply = z.object({ qualifications: z.array(qualificationSchema) });

const qualificationFields = z.object({
  kind: qualificationKindSchema,
  number: text(100).default(''),
  issuer: text(200).default(''),
  validFrom: isoDate,
  validUntil: isoDate.nullable().default(null),
});

/** The last valid day is not before the first (a 400 at validUntil). */
const inDateOrder = (q: { validFrom: string; validUntil: string | null }) =>
  q.validUntil === null || q.validUntil >= q.validFrom;
const dateOrder = { path: ['validUntil'], error: 'validation.dateOrder' };

/** POST users/{id}/qualifications: the certificate is uploaded after, to …/{qualificationId}/certificate. */
export const qualificationWriteSchema = qualificationFields.refine(inDateOrder, dateOrder);
export type QualificationWrite = z.infer<typeof qualificationWriteSchema>;

/** PUT users/{id}/qualifications/{qualificationId}: the whole qualification and the __v it was read with. */
export const qualificationUpdateSchema = qualificationFields
  .extend({ __v: z.number({ error: 'validation.version' }).int({ error: 'validation.version' }).min(0) })
  .refine(inDateOrder, dateOrder);
export type QualificationUpdate = z.infer<typeof qualificationUpdateSchema>;

export const userQualificationParams = z.object({ id: idSchema, qualificationId: idSchema });

/** GET qualifications/matrix: every active staff user with their qualifications, per kind. */
export const qualificationMatrixCell = z.object({
  _id: z.string(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  state: stateSchema,
});
export const qualificationMatrixReply = z.object({
  kinds: z.array(qualificationKindSchema),
  /** The day the states are for (Europe/Berlin). */
  today: z.string(),
  people: z.array(
    z.object({
      _id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      abbreviation: z.string(),
      role: z.number().int(),
      /** Per kind the qualification that lasts longest (several of a kind: a renewal beside the old one). */
      cells: z.partialRecord(qualificationKindSchema, qualificationMatrixCell),
    }),
  ),
});
export type QualificationMatrix = z.infer<typeof qualificationMatrixReply>;

/** GET inspections/{id}/qualification: what signing the record needs of the caller, on a date. */
export const signingQualificationQuery = z.object({ when: isoDate.optional() });
export const signingQualificationReply = z.object({
  /** The kind the record needs; null: none (anyone with the inspection right signs). */
  required: qualificationKindSchema.nullable(),
  /** The day it must be valid on: the record's date, or the one asked for. */
  date: z.string(),
  /** Whether the caller holds it on that day (true when nothing is needed). */
  held: z.boolean(),
  /** The last valid day of the caller's qualification that counts (null: without end, or none held). */
  validUntil: z.string().nullable(),
});
export type SigningQualification = z.infer<typeof signingQualificationReply>;
