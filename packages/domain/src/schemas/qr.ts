/**
 * QR codes of books (SPEC §3 QR code, §7 QR), the public page a code's URL opens, defects
 * reported there, and the label PDF (POST books/getEtikettPdf).
 */
import { z } from 'zod';
import { AMPEL_COLOURS } from '../rules/book-status';
import { idSchema, paged, pageQuery, text } from './common';
import { inspectionKindSchema } from './inspection';

/** Length of a generated code: 10 characters of the URL-safe alphabet (~60 bits). */
export const QR_CODE_LENGTH = 10;
/** The path of the public page of a code inside the web app (screen qr_public, under /app). */
export const QR_PUBLIC_PATH = '/app/q/';

/** A code as it appears in a URL: generated ones are 10 characters, pre-printed ones 4 to 64. */
export const qrCodeValue = z
  .string({ error: 'validation.invalid' })
  .trim()
  .min(4, { error: 'validation.min' })
  .max(64, { error: 'validation.max' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invalid' });

/** POST qr/generate/{tenantId}/{bookId}: optionally the code of a pre-printed label (the body may be empty). */
export const qrGenerateBody = z.object({ qr: qrCodeValue.optional() }).nullish();
export const qrGenerateParams = z.object({ tenantId: idSchema, bookId: idSchema });
export const qrMappingParams = z.object({ tenantId: idSchema, bookId: idSchema, qrCodeId: idSchema });
/** GET qr/{id}: a code's id or the code itself. */
export const qrResolveParams = z.object({ id: z.string().trim().min(1).max(64) });
export const qrPublicParams = z.object({ code: qrCodeValue });

export const qrCodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  /** PUBLIC_URL + '/app/q/' + code: what the label's QR holds. */
  url: z.string(),
  book: z.string(),
  tenant: z.string(),
  createdAt: z.string(),
});
export type QrCode = z.infer<typeof qrCodeSchema>;
export const qrCodeListReply = z.array(qrCodeSchema);

/** GET qr/{id}: where a scanned code leads. */
export const qrResolveReply = z.object({
  book: z.string(),
  tenant: z.string(),
  /** The tenant's url slug, for the book screen's address. */
  tenantUrl: z.string(),
  code: z.string(),
  url: z.string(),
});
export type QrResolve = z.infer<typeof qrResolveReply>;

/**
 * GET public/qr/{code}: what anybody holding the label may see. No personal data (no contact
 * person, no inspector, no names), no ids except the book's own.
 */
export const publicQrReply = z.object({
  installation: z.object({
    title: z.string(),
    object: z.string(),
    site: z.string(),
    type: z.string(),
    address: z
      .object({ street: z.string(), housenumber: z.string(), zip: z.string(), location: z.string() })
      .nullable(),
  }),
  ampel: z.enum(AMPEL_COLOURS).nullable(),
  nextInspectionDate: z.string().nullable(),
  lastInspectionDate: z.string().nullable(),
  lastInspectionKind: inspectionKindSchema.nullable(),
  /** The installation is shut down until an open defect is repaired. */
  shutDown: z.boolean(),
  tenantName: z.string(),
  tenantUrl: z.string(),
  book: z.string(),
});
export type PublicQr = z.infer<typeof publicQrReply>;

/** POST public/qr/{code}/defects: a defect noticed by anybody at the installation. */
export const defectReportCreateSchema = z.object({
  name: text(100).default(''),
  /** Phone or e-mail for questions. */
  contact: text(200).default(''),
  text: text(2000).min(3, { error: 'validation.min' }),
});
export type DefectReportCreate = z.input<typeof defectReportCreateSchema>;
export const defectReportCreatedReply = z.object({ success: z.literal(true) });

export const DEFECT_REPORT_STATUSES = ['open', 'done'] as const;
export type DefectReportStatus = (typeof DEFECT_REPORT_STATUSES)[number];

/**
 * A defect reported on the public page, as staff see it. `name` and `contact` (the reporter's) are
 * there only for those who handle the reports ('defectreports:manage'); branch users and the public
 * page never get them (decision 021).
 */
export const defectReportSchema = z.object({
  _id: z.string(),
  book: z.string(),
  /** What a list row shows of the installation. */
  bookTitle: z.string(),
  bookObject: z.string(),
  bookSite: z.string(),
  name: z.string().optional(),
  contact: z.string().optional(),
  text: z.string(),
  status: z.enum(DEFECT_REPORT_STATUSES),
  createdAt: z.string(),
  /** What the staff noted when closing it ('' while open). */
  note: z.string(),
  closedAt: z.string().nullable(),
  /** Name (else abbreviation) of who closed it. */
  closedBy: z.string().nullable(),
});
export type DefectReport = z.infer<typeof defectReportSchema>;
export const defectReportListReply = z.array(defectReportSchema);

/** GET books/{id}/defectreports: all of the book's reports, or only the open or closed ones. */
export const bookDefectReportQuery = z.object({
  status: z.enum(DEFECT_REPORT_STATUSES, { error: 'validation.invalid' }).optional(),
});

/** GET defectreports: the tenant's reports, paged; 'open' first by default; searched in text, reporter and installation. */
export const defectReportListQuery = pageQuery.extend({
  status: z.enum([...DEFECT_REPORT_STATUSES, 'all'], { error: 'validation.invalid' }).default('open'),
  sort: z.enum(['createdAt', '-createdAt'], { error: 'validation.invalid' }).default('-createdAt'),
});
export type DefectReportListQuery = z.infer<typeof defectReportListQuery>;
export const defectReportPageReply = paged(defectReportSchema);

/** GET defectreports/count: the tenant's open reports (the nav's badge). */
export const defectReportCountReply = z.object({ open: z.number().int() });

/** PUT defectreports/{id}: 'done' closes a report with a note (who and when are the server's), 'open' opens it again. */
export const defectReportUpdateSchema = z.object({
  status: z.enum(DEFECT_REPORT_STATUSES, { error: 'validation.invalid' }),
  note: z.string({ error: 'validation.invalid' }).trim().max(1000, { error: 'validation.max' }).default(''),
});
export type DefectReportUpdate = z.input<typeof defectReportUpdateSchema>;

/** Most books one label PDF may hold. */
export const MAX_LABEL_BOOKS = 1000;
/** Labels on one A4 sheet (Avery Zweckform 3474: 3 columns × 8 rows), numbered row by row from the top left. */
export const LABELS_PER_SHEET = 24;
/**
 * POST books/getEtikettPdf. `start`: the position (1–24) of the first label on the first sheet, so a sheet
 * of which some labels are used already can be printed on; the following labels fill the sheet row by row.
 */
export const labelPdfBody = z.object({
  books: z.array(idSchema).min(1, { error: 'validation.required' }).max(MAX_LABEL_BOOKS, { error: 'validation.max' }),
  start: z
    .number({ error: 'validation.labelStart' })
    .int({ error: 'validation.labelStart' })
    .min(1, { error: 'validation.labelStart' })
    .max(LABELS_PER_SHEET, { error: 'validation.labelStart' })
    .default(1),
});
