/**
 * Customer locations (SPEC §3 Customer location, §7 customerlocation): the branches of a retail
 * customer whose installations the tenant looks after, with the ampel of their books.
 */
import { z } from 'zod';
import { CUSTOMER_NUMBERS, type CustomerNumber } from '../roles';
import { LOCATION_AMPELS } from '../rules/location-ampel';
import { IMPORT_FIELDS } from '../rules/location-import';
import { addressSchema, addressWriteSchema, emptyAddress } from './address';
import { ampelSchema } from './book';
import { idSchema, paged, text } from './common';

const versionSchema = z.number({ error: 'validation.version' }).int({ error: 'validation.version' }).min(0);

export const customerNumberSchema = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .refine((v): v is CustomerNumber => (CUSTOMER_NUMBERS as number[]).includes(v), { error: 'validation.invalid' });

/**
 * The fields a client writes. ZNL (Zweigniederlassung, the customer's branch office), Nr (the
 * branch number) and SAP-Nr identify a branch; at least one of them is required.
 */
export const customerLocationFieldsSchema = z.object({
  znl: text(50),
  nr: text(50),
  sapNr: text(50),
  address: addressWriteSchema,
  bemerkungen: text(2000),
  /** Which customer the branch belongs to (SPEC §3 Customers); control users see all of theirs. */
  customer: customerNumberSchema,
  active: z.boolean({ error: 'validation.invalid' }),
  ruhend: z.boolean({ error: 'validation.invalid' }),
});
export type CustomerLocationFields = z.infer<typeof customerLocationFieldsSchema>;

/** What a new branch takes for a field left out; never its customer, which the writer chooses (decision 039). */
export const CUSTOMER_LOCATION_DEFAULTS: Omit<CustomerLocationFields, 'customer'> = {
  znl: '',
  nr: '',
  sapNr: '',
  address: emptyAddress('DE'),
  bemerkungen: '',
  active: true,
  ruhend: false,
};

/** A branch is named by its ZNL, Nr or SAP-Nr: at least one of them. */
export const oneIdentifier = (v: { znl?: string; nr?: string; sapNr?: string }) => Boolean(v.znl || v.nr || v.sapNr);
const identifierIssue = { error: 'validation.required', path: ['nr'] };

/** A customer that must be given: missing (or null) is 'required', anything but a customer number 'invalid'. */
export const requiredCustomerSchema = z
  .number({ error: (issue) => (issue.input == null ? 'validation.required' : 'validation.invalid') })
  .pipe(customerNumberSchema);

/**
 * POST customerlocation: missing fields take the defaults, but the customer is required (a new branch never
 * defaults to one, decision 039); ZNL, Nr or SAP-Nr is required.
 */
export const customerLocationCreateSchema = customerLocationFieldsSchema
  .partial()
  .extend({ customer: requiredCustomerSchema })
  .refine(oneIdentifier, identifierIssue);
export type CustomerLocationCreate = z.infer<typeof customerLocationCreateSchema>;

/** PUT customerlocation/{id}: the fields to change and the __v read; a stale __v is a 409. */
export const customerLocationUpdateSchema = customerLocationFieldsSchema.partial().extend({ __v: versionSchema });
export type CustomerLocationUpdate = z.infer<typeof customerLocationUpdateSchema>;

export { locationName } from '../rules/location-name';

/** A book of a location as its screen lists it. */
export const locationBookSchema = z.object({
  _id: z.string(),
  title: z.string(),
  object: z.string(),
  site: z.string(),
  active: z.boolean(),
  nextInspectionDate: z.string().nullable(),
  inspectionAmpel: z.string().nullable(),
  nextInspectionDateSelf: z.string().nullable(),
  inspectionSelfAmpel: z.string().nullable(),
  tenant: z.string(),
});
export type LocationBook = z.infer<typeof locationBookSchema>;

const locationAmpelSchema = z.enum(['green', 'orange', 'red', 'black', 'grey']).nullable();

/** GET customerlocation/{id} and the list rows (SPEC §3 Customer location). */
export const customerLocationSchema = z.object({
  _id: z.string(),
  tenant: z.string(),
  znl: z.string(),
  nr: z.string(),
  sapNr: z.string(),
  address: addressSchema,
  bemerkungen: z.string(),
  customer: z.number().int(),
  /** Ids of the linked books. */
  books: z.array(z.string()),
  /** Worst ampel of the active books (rules/location-ampel.ts); grey when dormant. */
  inspectionAmpel: locationAmpelSchema,
  selfInspectionAmpel: locationAmpelSchema,
  /** Linked books, and how many of the active ones are overdue (inspection or self-inspection red or black). */
  bookCount: z.number().int(),
  overdueCount: z.number().int(),
  active: z.boolean(),
  ruhend: z.boolean(),
  __v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerLocation = z.infer<typeof customerLocationSchema>;

/** GET customerlocation/{id}: the location and its books. */
export const customerLocationDetailSchema = customerLocationSchema.extend({
  bookList: z.array(locationBookSchema),
});
export type CustomerLocationDetail = z.infer<typeof customerLocationDetailSchema>;

export const CUSTOMER_LOCATION_SORT_FIELDS = ['ampel', 'znl', 'nr', 'sapNr', 'zip', 'location', 'overdue'] as const;
export type CustomerLocationSortField = (typeof CUSTOMER_LOCATION_SORT_FIELDS)[number];

/**
 * GET customerlocation: paged, sorted worst first by default, searched in ZNL, Nr, SAP-Nr, ZIP and
 * city, filtered by the ampel shown (black, red, orange, green, grey for dormant, none).
 */
export const customerLocationListQuery = z.object({
  page: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1).default(1),
  size: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1)
    .max(500)
    .default(20),
  search: z.string().trim().max(100, { error: 'validation.max' }).optional(),
  sort: z
    .string()
    .regex(new RegExp(`^-?(${CUSTOMER_LOCATION_SORT_FIELDS.join('|')})$`), { error: 'validation.invalid' })
    .default('ampel'),
  ampel: z.enum(LOCATION_AMPELS, { error: 'validation.invalid' }).optional(),
  /** Include inactive locations (staff only; branch users never see them). */
  inactive: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .transform((v) => v === 'true')
    .optional(),
});
export type CustomerLocationListQuery = z.infer<typeof customerLocationListQuery>;
export const customerLocationListReply = paged(customerLocationSchema);

const ampelCount = z.object({
  black: z.number().int(),
  red: z.number().int(),
  orange: z.number().int(),
  green: z.number().int(),
  none: z.number().int(),
  /** Dormant locations: shown, not counted in the colours. */
  grey: z.number().int(),
  total: z.number().int(),
});
export type AmpelCount = z.infer<typeof ampelCount>;

/**
 * GET customerlocation/getampelcount/{searchplzorort}/{searchznlornrorsapnr}: how many visible
 * locations show each colour, for inspections and self-inspections. '-' (or an empty segment)
 * means no filter; the first narrows by ZIP or city, the second by ZNL, Nr or SAP-Nr.
 */
export const ampelCountParams = z.object({
  searchplzorort: z.string().trim().max(100, { error: 'validation.max' }),
  searchznlornrorsapnr: z.string().trim().max(100, { error: 'validation.max' }),
});
export const ampelCountReply = z.object({ inspection: ampelCount, selfInspection: ampelCount });
export type AmpelCountReply = z.infer<typeof ampelCountReply>;

/**
 * POST customerlocation/{id}/books: link a book. `confirm` links a book of no customer, or the first named book of the
 * branch's customer, after the user confirmed it (decision 038); a book of another customer never links.
 */
export const linkBookSchema = z.object({
  bookId: idSchema,
  confirm: z.boolean({ error: 'validation.invalid' }).optional(),
});
export const locationBookParams = z.object({ id: idSchema, bookId: idSchema });

/** GET customerlocation/{id}/linkable-books: the tenant's books found by the search that the branch could take. */
export const linkableBooksQuery = z.object({
  search: z.string().trim().max(100, { error: 'validation.max' }).optional(),
  size: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1)
    .max(50)
    .default(20),
});
export type LinkableBooksQuery = z.infer<typeof linkableBooksQuery>;

/**
 * A book the picker offers: of the branch customer's names or of no customer (rules/location-book-link.ts);
 * `link` says whether linking asks for a confirmation, `location` the branch it is linked to already.
 */
export const linkableBookSchema = z.object({
  _id: z.string(),
  title: z.string(),
  object: z.string(),
  site: z.string(),
  customer: z.string(),
  link: z.enum(['link', 'confirm-no-customer', 'confirm-first-book']),
  location: z.object({ _id: z.string(), znl: z.string(), nr: z.string(), sapNr: z.string() }).nullable(),
});
export type LinkableBook = z.infer<typeof linkableBookSchema>;
export const linkableBooksReply = z.object({ docs: z.array(linkableBookSchema) });
export type LinkableBooksReply = z.infer<typeof linkableBooksReply>;

/** GET customerlocation/removebook/{a}/{b}: a the location, b the book (SPEC §7 path kept). */
export const removeBookParams = z.object({ a: idSchema, b: idSchema });

/** GET customerlocation/checkinspectionampelbybookid/{bookId}: the book's ampels and those of its location. */
export const checkAmpelReply = z.object({
  bookId: z.string(),
  inspectionAmpel: ampelSchema.nullable(),
  selfInspectionAmpel: ampelSchema.nullable(),
  location: z
    .object({
      _id: z.string(),
      inspectionAmpel: locationAmpelSchema,
      selfInspectionAmpel: locationAmpelSchema,
    })
    .nullable(),
});

/** GET/PUT customerlocation/user/{userId}: the locations assigned to a branch user in the request's tenant. */
export const userIdParams = z.object({ userId: idSchema });
export const locationAssignmentSchema = z.object({ locations: z.array(idSchema).max(5000) });

/** GET customerlocation/export: the list as a file, with the list's search and ampel filter. */
export const locationExportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'validation.invalid' }).default('xlsx'),
  search: z.string().trim().max(100, { error: 'validation.max' }).optional(),
  ampel: z.enum(LOCATION_AMPELS, { error: 'validation.invalid' }).optional(),
});

const importFieldSchema = z.enum(IMPORT_FIELDS);
/** The column of each field, as the user confirmed it (JSON in the multipart field 'mapping'). */
export const importMappingSchema = z.partialRecord(importFieldSchema, z.number().int().min(0).max(200).nullable());

/** One field an update changes: its stored value and the file's (decision 041). */
export const importChangeSchema = z.object({ field: importFieldSchema, old: z.string(), new: z.string() });
export type ImportChange = z.infer<typeof importChangeSchema>;

/** One row of an import preview: what would happen, and why not. */
export const importRowSchema = z.object({
  /** Line in the file (1 is the header). */
  line: z.number().int(),
  znl: z.string(),
  nr: z.string(),
  sapNr: z.string(),
  zip: z.string(),
  location: z.string(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  errors: z.array(z.object({ field: z.string(), key: z.string() })),
  /** What an update changes, field by field ('ruhend' as 'true' or 'false'); empty for other actions. */
  changes: z.array(importChangeSchema),
});

/** POST customerlocation/import/preview and customerlocation/import. */
export const importReplySchema = z.object({
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.number().int().nullable()),
  rows: z.array(importRowSchema),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  /** Whether the rows were written (only by POST customerlocation/import). */
  imported: z.boolean(),
  /** The import run the import was kept as (only by POST customerlocation/import). */
  runId: z.string().nullable(),
});
export type ImportReply = z.infer<typeof importReplySchema>;

/**
 * The options of both import calls besides the file (multipart fields, decision 041): the customer the
 * branches belong to (required: matching and new branches are within it), and whether an empty cell
 * clears the stored value ('true') or keeps it (default).
 */
export const importOptionsSchema = z.object({
  customer: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .pipe(z.coerce.number({ error: 'validation.invalid' }))
    .pipe(customerNumberSchema),
  clearEmpty: z.enum(['true', 'false'], { error: 'validation.invalid' }).optional(),
});

/** One import run as the admins' list shows it (GET customerlocation/import/runs). */
export const importRunSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  customer: z.number().int(),
  userName: z.string(),
  createdAt: z.string(),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    skipped: z.number().int(),
  }),
  undoneAt: z.string().nullable(),
  undoneByName: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;
export const importRunListQuery = z.object({
  page: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1).default(1),
  size: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1)
    .max(100)
    .default(20),
});
export const importRunListReply = paged(importRunSchema);
