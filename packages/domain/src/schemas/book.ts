import { z } from 'zod';
import { AMPEL_COLOURS, type BookStatusNumber, isBookStatus } from '../rules/book-status';
import { addressSchema, addressWriteSchema } from './address';
import { bookTypeSchema, serviceIntervalSchema } from './booktype';
import { idSchema, isoDate, paged, text } from './common';

const optionalDate = isoDate.nullable();

export const bookStatusSchema = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .refine((v): v is BookStatusNumber => isBookStatus(v), { error: 'validation.invalid' });
export const ampelSchema = z.enum(AMPEL_COLOURS, { error: 'validation.invalid' });

export const DEFAULT_LAGERORT = 'inFertigungsprozess';

/**
 * The fields of a book a client writes (SPEC §3 Book), without defaults. Server-managed fields
 * are not part of it and are dropped when sent: _id, tenant, createdAt, updatedAt, __v (read
 * separately by PUT), qrCodes, documents (the blobs uploaded to the book), inspection and
 * selfInspection (their own calls), and the schedule the server derives from the records and
 * intervals (nextInspectionDate, nextInspectionDateSelf, both ampels, shutDown; rules/next-inspection.ts).
 * The folder is set on create and by move2folder.
 */
export const bookFieldsSchema = z.object({
  title: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'validation.max' }),
  customer: text(),
  typ: text(),
  /** Id of a book type, or null. */
  bookType: idSchema.nullable(),
  location: text(),
  shortText: text(2000),
  /** Free object, e.g. door data like baujahr, antriebsspannung, norm. */
  misc: z.record(z.string(), z.unknown(), { error: 'validation.invalid' }),
  controller: text(),
  controlleraddress: addressWriteSchema.nullable(),
  object: text(),
  objectnutzung: text(),
  objectaddress: addressWriteSchema.nullable(),
  raiser: text(),
  raiseraddress: addressWriteSchema.nullable(),
  manufacturer: text(),
  manufactureraddress: addressWriteSchema.nullable(),
  contactName: text(),
  contactMail: text(254).pipe(z.union([z.literal(''), z.email({ error: 'validation.email.invalid' })])),
  contactTel: text(50),
  site: text(),
  glasbocknr: text(100),
  manufacturerNo: text(100),
  orderNo: text(100),
  lagerort: text(100).min(1, { error: 'validation.required' }),
  completedOn: optionalDate,
  enableFrom: optionalDate,
  enableTo: optionalDate,
  visibleFrom: optionalDate,
  visibleTo: optionalDate,
  firstservice: optionalDate,
  serviceinterval: serviceIntervalSchema,
  selfserviceinterval: serviceIntervalSchema,
  /** How many people may book the book (POST books/{id}/inspection). */
  slots: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.min' })
    .max(1000, { error: 'validation.max' }),
  status: bookStatusSchema,
  active: z.boolean({ error: 'validation.invalid' }),
});
export type BookFields = z.infer<typeof bookFieldsSchema>;

/** SPEC §3 defaults: lagerort inFertigungsprozess, status 1, active, intervals 0 (no inspection). */
export const BOOK_DEFAULTS: Omit<BookFields, 'title'> = {
  customer: '',
  typ: '',
  bookType: null,
  location: '',
  shortText: '',
  misc: {},
  controller: '',
  controlleraddress: null,
  object: '',
  objectnutzung: '',
  objectaddress: null,
  raiser: '',
  raiseraddress: null,
  manufacturer: '',
  manufactureraddress: null,
  contactName: '',
  contactMail: '',
  contactTel: '',
  site: '',
  glasbocknr: '',
  manufacturerNo: '',
  orderNo: '',
  lagerort: DEFAULT_LAGERORT,
  completedOn: null,
  enableFrom: null,
  enableTo: null,
  visibleFrom: null,
  visibleTo: null,
  firstservice: null,
  serviceinterval: 0,
  selfserviceinterval: 0,
  slots: 1,
  status: 1,
  active: true,
};

/** POST books: a title and any other field; missing fields take BOOK_DEFAULTS. folder: a folder of the tenant or null. */
export const bookCreateSchema = bookFieldsSchema.partial().extend({
  title: bookFieldsSchema.shape.title,
  folder: idSchema.nullable().optional(),
});
export type BookCreate = z.infer<typeof bookCreateSchema>;

const versionSchema = z.number({ error: 'validation.version' }).int({ error: 'validation.version' }).min(0);

/**
 * PUT books/{id}: the fields to change (fields left out keep their value) and the __v the book
 * was read with; a stale __v is a 409 CONFLICT.
 */
export const bookUpdateSchema = bookFieldsSchema.partial().extend({ __v: versionSchema });
export type BookUpdate = z.infer<typeof bookUpdateSchema>;

/**
 * PUT books/updateSpezial/{id}: the quick changes of the book list (placement, status, the
 * active switch, the visibility and enabling windows). __v is optional here: when sent, a stale
 * one is a 409; without it the change applies to the current version.
 */
export const bookSpecialUpdateSchema = bookFieldsSchema
  .pick({
    lagerort: true,
    status: true,
    active: true,
    visibleFrom: true,
    visibleTo: true,
    enableFrom: true,
    enableTo: true,
  })
  .partial()
  .extend({ __v: versionSchema.optional() });
export type BookSpecialUpdate = z.infer<typeof bookSpecialUpdateSchema>;

/** POST books/fromTemplate/{id}: the new book's title and folder, and any field to set over the template's. */
export const bookFromTemplateSchema = bookCreateSchema;

/** POST books/asTemplate/{id}: the template's title, and its folder (left out: the book's; null: none). */
export const bookAsTemplateSchema = z.object({
  title: bookFieldsSchema.shape.title,
  folder: idSchema.nullable().optional(),
});
export type BookAsTemplate = z.infer<typeof bookAsTemplateSchema>;

/** A book as the API returns it (SPEC §3 Book). Dates are YYYY-MM-DD, timestamps ISO 8601. */
export const bookSchema = z.object({
  _id: z.string(),
  title: z.string(),
  customer: z.string(),
  typ: z.string(),
  bookType: z.string().nullable(),
  location: z.string(),
  shortText: z.string(),
  misc: z.record(z.string(), z.unknown()),
  controller: z.string(),
  controlleraddress: addressSchema.nullable(),
  object: z.string(),
  objectnutzung: z.string(),
  objectaddress: addressSchema.nullable(),
  raiser: z.string(),
  raiseraddress: addressSchema.nullable(),
  manufacturer: z.string(),
  manufactureraddress: addressSchema.nullable(),
  contactName: z.string(),
  contactMail: z.string(),
  contactTel: z.string(),
  site: z.string(),
  glasbocknr: z.string(),
  manufacturerNo: z.string(),
  orderNo: z.string(),
  lagerort: z.string(),
  tenant: z.string(),
  folder: z.string().nullable(),
  completedOn: z.string().nullable(),
  enableFrom: z.string().nullable(),
  enableTo: z.string().nullable(),
  visibleFrom: z.string().nullable(),
  visibleTo: z.string().nullable(),
  nextInspectionDate: z.string().nullable(),
  inspectionAmpel: z.string().nullable(),
  nextInspectionDateSelf: z.string().nullable(),
  inspectionSelfAmpel: z.string().nullable(),
  firstservice: z.string().nullable(),
  serviceinterval: z.number().int(),
  selfserviceinterval: z.number().int(),
  slots: z.number().int(),
  /** An open defect of severity 'shutdown' in the latest finalized record: the installation must not run (ampel black). */
  shutDown: z.boolean(),
  /** Ids of the documents (blobs) of the book, oldest first. */
  documents: z.array(z.string()),
  status: z.number().int(),
  active: z.boolean(),
  /**
   * Ids of the book's inspection, maintenance and expert report records (drafts too), newest
   * first. Ids only: the records and their signatures come from GET books/{id}/inspection (decision 012).
   */
  inspection: z
    .array(z.string())
    .describe('Record ids, newest first; the records themselves: GET books/{id}/inspection'),
  /** Ids of the book's self-inspections (drafts too), newest first; the records: GET books/{id}/selfinspection. */
  selfInspection: z
    .array(z.string())
    .describe('Self-inspection ids, newest first; the records themselves: GET books/{id}/selfinspection'),
  qrCodes: z.array(z.unknown()),
  /** When a delete retired the book (decision 059): only admins read it then; null while in service. */
  retiredAt: z.string().nullable().optional(),
  __v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Book = z.infer<typeof bookSchema>;

/** A row of the book lists: what the list screens show, without addresses other than the object's. */
export const bookListItemSchema = bookSchema.pick({
  _id: true,
  title: true,
  customer: true,
  typ: true,
  bookType: true,
  location: true,
  site: true,
  glasbocknr: true,
  manufacturerNo: true,
  orderNo: true,
  lagerort: true,
  folder: true,
  objectaddress: true,
  nextInspectionDate: true,
  inspectionAmpel: true,
  nextInspectionDateSelf: true,
  inspectionSelfAmpel: true,
  serviceinterval: true,
  selfserviceinterval: true,
  status: true,
  active: true,
  __v: true,
  updatedAt: true,
});
export type BookListItem = z.infer<typeof bookListItemSchema>;
export const bookListReply = paged(bookListItemSchema);

/** Fields a book list sorts by; a leading '-' sorts descending. */
export const BOOK_SORT_FIELDS = [
  'title',
  'customer',
  'site',
  'glasbocknr',
  'manufacturerNo',
  'orderNo',
  'status',
  'nextInspectionDate',
  'nextInspectionDateSelf',
  'createdAt',
  'updatedAt',
] as const;
export type BookSortField = (typeof BOOK_SORT_FIELDS)[number];
export const bookSortSchema = z
  .string()
  .regex(new RegExp(`^-?(${BOOK_SORT_FIELDS.join('|')})$`), { error: 'validation.invalid' })
  .default('title');

const pageNumber = z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1);
const pageSize = z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1).max(100);
const search = z.string().trim().max(100, { error: 'validation.max' }).optional();

/**
 * GET books: paged (page from 1, size up to 100, default 20), sorted, searched in title,
 * customer, site, serial (glasbocknr), manufacturer and order number, and the object address's
 * ZIP and city. folder narrows to one folder ('root': books without a folder).
 */
export const bookListQuery = z.object({
  page: pageNumber.default(1),
  size: pageSize.default(20),
  search,
  sort: bookSortSchema,
  folder: z.union([z.literal('root'), idSchema]).optional(),
  status: z.coerce.number().pipe(bookStatusSchema).optional(),
  active: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .transform((v) => v === 'true')
    .optional(),
});
export type BookListQuery = z.infer<typeof bookListQuery>;

/**
 * GET tenants/url/{url}/{folderOrRoot}/{page}/{sort}/{size}: the books of one folder of the
 * tenant (only those directly in it), 'root' for the books without a folder, 'all' for every
 * book of the tenant. ?search= narrows like GET books.
 */
export const folderBookListParams = z.object({
  url: z.string().min(1).max(100),
  folderOrRoot: z.union([z.literal('root'), z.literal('all'), idSchema]),
  page: pageNumber,
  sort: bookSortSchema,
  size: pageSize,
});
export const folderBookListQuery = z.object({ search });

/** GET books/dto/{id}: the book with its book type, folder, document ids and download link. */
export const bookDtoSchema = z.object({
  book: bookSchema,
  bookType: bookTypeSchema.nullable(),
  folder: z.object({ _id: z.string(), folderName: z.string(), parentFolderId: z.string().nullable() }).nullable(),
  documents: z.array(z.string()),
  /** /api/v1/blobs/{first document id}/document/download, null without documents. */
  downloadLink: z.string().nullable(),
});
export type BookDto = z.infer<typeof bookDtoSchema>;

/** GET books/status/all: { id: status number, name: STATUS_…, label in the request's language }. */
export const bookStatusList = z.array(z.object({ id: z.number().int(), name: z.string(), label: z.string() }));

const ampelCounts = z.object({
  green: z.number().int(),
  orange: z.number().int(),
  red: z.number().int(),
  black: z.number().int(),
  none: z.number().int(),
});
/** GET books/statistics: counts of the tenant's books. */
export const bookStatisticsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  byStatus: z.array(z.object({ status: z.number().int(), name: z.string(), count: z.number().int() })),
  inspectionAmpel: ampelCounts,
  selfInspectionAmpel: ampelCounts,
});
export type BookStatistics = z.infer<typeof bookStatisticsSchema>;

/** GET books/get/typenschilddata?bookId=: what the nameplate (Typenschild) of the installation shows. */
export const nameplateQuery = z.object({ bookId: idSchema });
export const nameplateSchema = z.object({
  bookId: z.string(),
  title: z.string(),
  manufacturer: z.string(),
  manufacturerAddress: addressSchema.nullable(),
  manufacturerNo: z.string(),
  /** The serial number (glasbocknr). */
  serialNo: z.string(),
  /** The book's typ, else the name of its book type. */
  type: z.string(),
  bookType: z.string().nullable(),
  component: z.string().nullable(),
  /** Year of construction 'MM/YYYY' or 'YYYY': misc.baujahr, else the completion date's month and year; null if neither. */
  year: z.string().nullable(),
  orderNo: z.string(),
  object: z.string(),
  site: z.string(),
  /** Technical values of misc when present (norm, antriebsspannung, steuerspannung, schliesskraft, steuerung). */
  technical: z.record(z.string(), z.string()),
});
export type Nameplate = z.infer<typeof nameplateSchema>;

export const bookIdParams = z.object({ id: idSchema });
export const moveToFolderParams = z.object({ id: idSchema, folderId: z.union([z.literal('root'), idSchema]) });
