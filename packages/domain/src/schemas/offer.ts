/**
 * Technical offers (SPEC §3 Offer, §7 Offers): a request comes in (from a technician, the KTB, a
 * customer…), the offer department writes the offer, follows it up and records how the talk ended;
 * a commissioned offer goes on to order processing. Offers belong to a tenant (the service company).
 */
import { z } from 'zod';
import { DEPARTMENT_NUMBERS } from '../roles';
import { MAIL_MESSAGE_MAX } from '../rules/mail-limits';
import {
  OFFER_AMPEL_LABELS,
  OFFER_STATUSES,
  type OfferAmpelInput,
  OPM_STATUSES,
  TALK_RESULTS,
} from '../rules/offer-ampel';
import { departmentNumber, idSchema, isoDate, money, paged, text } from './common';

export { OFFER_AMPEL_LABELS, OFFER_STATUSES, OPM_STATUSES, TALK_RESULTS };

/** SPEC §3 Contact types: how the request reached the company. */
export const RECEIVED_VIA = [
  'techniker',
  'ktb',
  'kunde',
  'einsatzleitung',
  'buchung_verrechnung',
  'neuanlagengeschaeft',
  'sonstiges',
] as const;
export type ReceivedVia = (typeof RECEIVED_VIA)[number];

/** SPEC §3 Acceptance states (civil acceptance of the spare-parts block). */
export const ACCEPTANCE_STATES = [
  'keine_abnahme_erforderlich',
  'zivi_muss_bestellt_werden',
  'zivi_wurde_bestellt',
  'abnahmegutachten_erhalten',
] as const;
export type AcceptanceState = (typeof ACCEPTANCE_STATES)[number];

/** SPEC §3 Offer types: the phase an offer is in (offer, order process management, spare parts). */
export const OFFER_TYPES = ['offer', 'opm', 'spareparts'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

/** SPEC §3 abteilung flags: the divisions an offer (and later an order) concerns. */
export const DIVISIONS = ['autSchieber', 'autDreher', 'bau', 'umbau', 'export', 'ersatzteile'] as const;
export type Division = (typeof DIVISIONS)[number];

/** The phase: spare parts when that division is flagged, OPM once commissioned, else the offer phase. */
export function offerTypeOf(o: { abteilung: { ersatzteile: boolean }; status: string }): OfferType {
  if (o.abteilung.ersatzteile) return 'spareparts';
  return o.status === 'commissioned' ? 'opm' : 'offer';
}

const optionalDate = isoDate.nullable();
const optionalUser = idSchema.meta({ protocol: { format: 'ref', ref: 'user' } }).nullable();
const versionSchema = z.number({ error: 'validation.version' }).int({ error: 'validation.version' }).min(0);
const email = z
  .union([z.literal(''), z.email({ error: 'validation.email.invalid' }).max(254, { error: 'validation.max' })])
  .default('');

export const divisionFlagsSchema = z.object({
  autSchieber: z.boolean({ error: 'validation.invalid' }),
  autDreher: z.boolean({ error: 'validation.invalid' }),
  bau: z.boolean({ error: 'validation.invalid' }),
  umbau: z.boolean({ error: 'validation.invalid' }),
  export: z.boolean({ error: 'validation.invalid' }),
  ersatzteile: z.boolean({ error: 'validation.invalid' }),
});
export type DivisionFlags = z.infer<typeof divisionFlagsSchema>;

/** The offer block (SPEC §3 angebot). */
export const angebotSchema = z.object({
  offerNr: text(40),
  offerDate: optionalDate,
  offerSum: money,
  offerFollowUpDate: optionalDate,
  talkResult: z
    .enum(TALK_RESULTS, { error: 'validation.invalid' })
    .meta({ protocol: { format: 'enum:offers.talkResults' } })
    .nullable(),
  /** For 'sonstiges_talk_result' the reason. */
  notes: text(4000),
});
export type Angebot = z.infer<typeof angebotSchema>;

/** The order-process-management block (SPEC §3 opm); orderId is set when order processing takes it over. */
export const opmSchema = z.object({
  orderFollowUpDate: optionalDate,
  status: z
    .enum(OPM_STATUSES, { error: 'validation.invalid' })
    .meta({ protocol: { format: 'enum:offers.opmStatus' } })
    .nullable(),
  notes: text(4000),
});
export type Opm = z.infer<typeof opmSchema>;

/** The spare-parts / order data block (SPEC §3 ersatzteile). */
export const ersatzteileSchema = z.object({
  orderNumber: text(40),
  orderDate: optionalDate,
  orderSum: money,
  civilAcceptance: z
    .enum(ACCEPTANCE_STATES, { error: 'validation.invalid' })
    .meta({ protocol: { format: 'enum:offers.acceptance' } })
    .nullable(),
  implementationDate: optionalDate,
  freigabeZurVerrechnung: z.boolean({ error: 'validation.invalid' }),
  invoiceValue: money,
  notes: text(4000),
});
export type Ersatzteile = z.infer<typeof ersatzteileSchema>;

/** The fields a client writes (SPEC §3 Offer main fields and blocks). */
export const offerFieldsSchema = z.object({
  receivedVia: z.enum(RECEIVED_VIA, { error: 'validation.invalid' }).nullable(),
  csnr: text(40),
  receivedDate: optionalDate,
  /** Who passed the request on (a name). */
  receivedFrom: text(200),
  debitor: text(200),
  tp: text(100),
  objekt: text(300),
  objektdaten: text(2000),
  bauObjektNr: text(60),
  plz: text(10),
  contactPerson: text(200),
  customerEmail: email,
  contactPersonTelNr: text(60),
  /** The order process manager (a user of department OPM). */
  opmUser: optionalUser,
  /** The offer manager who writes and follows up the offer (a user of department OFM). */
  ofmUser: optionalUser,
  /** The KTB user who is told about a commissioned offer (the reminder mail). */
  ktb: optionalUser,
  deliveryDate: optionalDate,
  /** After this date the attachments are removed (data economy); null keeps them. */
  deleteFilesDate: optionalDate,
  notes: text(4000),
  abteilung: divisionFlagsSchema,
  /** The department that has the offer now (SPEC §3 Departments); default: the offer department OFM. */
  aktuelle_abteilung: departmentNumber,
  angebot: angebotSchema,
  opm: opmSchema,
  ersatzteile: ersatzteileSchema,
});
export type OfferFields = z.infer<typeof offerFieldsSchema>;

export const OFFER_DEFAULTS: OfferFields = {
  receivedVia: null,
  csnr: '',
  receivedDate: null,
  receivedFrom: '',
  debitor: '',
  tp: '',
  objekt: '',
  objektdaten: '',
  bauObjektNr: '',
  plz: '',
  contactPerson: '',
  customerEmail: '',
  contactPersonTelNr: '',
  opmUser: null,
  ofmUser: null,
  ktb: null,
  deliveryDate: null,
  deleteFilesDate: null,
  notes: '',
  abteilung: { autSchieber: false, autDreher: false, bau: false, umbau: false, export: false, ersatzteile: false },
  aktuelle_abteilung: 5,
  angebot: {
    offerNr: '',
    offerDate: null,
    offerSum: null,
    offerFollowUpDate: null,
    talkResult: null,
    notes: '',
  },
  opm: { orderFollowUpDate: null, status: null, notes: '' },
  ersatzteile: {
    orderNumber: '',
    orderDate: null,
    orderSum: null,
    civilAcceptance: null,
    implementationDate: null,
    freigabeZurVerrechnung: false,
    invoiceValue: null,
    notes: '',
  },
};

/** Where an offer started: a defect of an inspection record (the offer and the defect link to each other). */
export const offerSourceSchema = z.object({ book: idSchema, record: idSchema, defect: z.string().min(1).max(100) });
export type OfferSource = z.infer<typeof offerSourceSchema>;

/**
 * Cross-field rules of a written offer, as issues at the field: the reason for 'other', no follow-up
 * before the offer date, and the order data of a commissioned offer are consistent.
 */
export function offerIssues(o: Pick<OfferFields, 'angebot' | 'receivedDate'>): { path: string[]; key: string }[] {
  const issues: { path: string[]; key: string }[] = [];
  if (o.angebot.talkResult === 'sonstiges_talk_result' && !o.angebot.notes.trim()) {
    issues.push({ path: ['angebot', 'notes'], key: 'validation.offer.reasonRequired' });
  }
  if (o.angebot.offerDate && o.angebot.offerFollowUpDate && o.angebot.offerFollowUpDate < o.angebot.offerDate) {
    issues.push({ path: ['angebot', 'offerFollowUpDate'], key: 'validation.offer.followUpBeforeOffer' });
  }
  if (o.receivedDate && o.angebot.offerDate && o.angebot.offerDate < o.receivedDate) {
    issues.push({ path: ['angebot', 'offerDate'], key: 'validation.offer.offerBeforeReceipt' });
  }
  return issues;
}

const withIssues = <T extends z.ZodType<Partial<OfferFields>>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    const v = value as Partial<OfferFields>;
    if (!v.angebot) return;
    for (const issue of offerIssues({ angebot: v.angebot, receivedDate: v.receivedDate ?? null })) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.key });
    }
  });

/** POST offer: missing fields take the defaults; `source` links it to a defect. */
export const offerCreateSchema = withIssues(
  offerFieldsSchema.partial().extend({ source: offerSourceSchema.optional() }),
);
export type OfferCreate = z.infer<typeof offerCreateSchema>;

/** PUT offer/{id}: the fields to change (blocks whole) and the __v read; a stale __v is a 409. */
export const offerUpdateSchema = withIssues(offerFieldsSchema.partial().extend({ __v: versionSchema }));
export type OfferUpdate = z.infer<typeof offerUpdateSchema>;

/** An attachment of an offer (SPEC §3 files): stored in the document store. */
export const offerFileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type OfferFile = z.infer<typeof offerFileSchema>;

const userRef = z.object({ _id: z.string(), name: z.string(), abbreviation: z.string() }).nullable();

/** GET offer/{id} and the list rows. */
export const offerSchema = offerFieldsSchema.extend({
  _id: z.string(),
  tenant: z.string(),
  /** Derived by the server (rules/offer-ampel.ts): the label and its colour. */
  ampel: z.enum(OFFER_AMPEL_LABELS),
  ampelColour: z.enum(['green', 'orange', 'red']),
  status: z.enum(OFFER_STATUSES),
  type: z.enum(OFFER_TYPES),
  /** The follow-up date is reached and no talk result is recorded ('Nachfassen fällig'). */
  followUpDue: z.boolean(),
  opm: opmSchema.extend({ orderId: z.string().nullable() }),
  ktbInformedAt: z.string().nullable(),
  /** When 'In Auftragsabwicklung übernehmen' was asked for (order processing completes it). */
  takeOverRequestedAt: z.string().nullable(),
  /** The users named in the offer, for display. */
  users: z.object({ ofm: userRef, opm: userRef, ktb: userRef }),
  source: z
    .object({ book: z.string(), record: z.string(), defect: z.string(), bookTitle: z.string(), defectText: z.string() })
    .nullable(),
  files: z.array(offerFileSchema),
  __v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

/** The ampel input of an offer reply (for the web's live preview of the label while editing). */
export const ampelInputOf = (
  o: Pick<
    Offer,
    | 'ofmUser'
    | 'receivedDate'
    | 'deliveryDate'
    | 'ktb'
    | 'ktbInformedAt'
    | 'takeOverRequestedAt'
    | 'angebot'
    | 'opm'
    | 'ersatzteile'
  >,
): OfferAmpelInput => ({
  ofmUser: o.ofmUser,
  receivedDate: o.receivedDate,
  deliveryDate: o.deliveryDate,
  ktb: o.ktb,
  ktbInformedAt: o.ktbInformedAt,
  takeOverRequestedAt: o.takeOverRequestedAt,
  angebot: {
    offerNr: o.angebot.offerNr,
    offerDate: o.angebot.offerDate,
    offerFollowUpDate: o.angebot.offerFollowUpDate,
    talkResult: o.angebot.talkResult,
  },
  opm: { orderId: o.opm.orderId, status: o.opm.status },
  ersatzteile: { orderNumber: o.ersatzteile.orderNumber, orderDate: o.ersatzteile.orderDate },
});

/** A list row: the offer without its long texts and files. */
export const offerListItemSchema = offerSchema.omit({ files: true, objektdaten: true }).extend({
  fileCount: z.number().int(),
});
export type OfferListItem = z.infer<typeof offerListItemSchema>;
export const offerListReply = paged(offerListItemSchema);

export const OFFER_SORT_FIELDS = [
  'ampel',
  'receivedDate',
  'offerDate',
  'offerFollowUpDate',
  'offerNr',
  'csnr',
  'debitor',
  'objekt',
  'plz',
  'offerSum',
  'updatedAt',
] as const;
export type OfferSortField = (typeof OFFER_SORT_FIELDS)[number];

/** Which field the search box searches (SPEC §3 Last search: type and value). 'all' searches every one. */
export const OFFER_SEARCH_TYPES = ['all', 'csnr', 'debitor', 'objekt', 'plz', 'offerNr', 'contact'] as const;
export type OfferSearchType = (typeof OFFER_SEARCH_TYPES)[number];

const flag = z
  .enum(['true', 'false'], { error: 'validation.invalid' })
  .transform((v) => v === 'true')
  .optional();

/** The filters of the offer list besides the search, as its drawer shows them (the book page adds `book`). */
export const OFFER_LIST_FILTERS = [
  'status',
  'ampel',
  'colour',
  'department',
  'division',
  'ofmUser',
  'opmUser',
  'type',
  'from',
  'to',
] as const;

/**
 * GET offer: paged, sorted (red first by default), searched by CS-Nr, debitor, object, ZIP, offer
 * number or contact; filtered by status, ampel label or colour, current department, division, OFM/OPM
 * user, type, and a range of the received date. `followUp=mine` is 'Meine Nachfassungen': the
 * caller's offers as OFM whose follow-up is due or set, soonest first.
 */
export const offerListQuery = z.object({
  page: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1).default(1),
  size: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1)
    .max(500)
    .default(20),
  search: z.string().trim().max(100, { error: 'validation.max' }).optional(),
  searchType: z.enum(OFFER_SEARCH_TYPES, { error: 'validation.invalid' }).default('all'),
  sort: z
    .string()
    .regex(new RegExp(`^-?(${OFFER_SORT_FIELDS.join('|')})$`), { error: 'validation.invalid' })
    .default('ampel'),
  status: z.enum(OFFER_STATUSES, { error: 'validation.invalid' }).optional(),
  ampel: z.enum(OFFER_AMPEL_LABELS, { error: 'validation.invalid' }).optional(),
  colour: z.enum(['green', 'orange', 'red'], { error: 'validation.invalid' }).optional(),
  department: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .refine((v) => (DEPARTMENT_NUMBERS as number[]).includes(v), { error: 'validation.department' })
    .optional(),
  division: z.enum(DIVISIONS, { error: 'validation.invalid' }).optional(),
  ofmUser: idSchema.optional(),
  opmUser: idSchema.optional(),
  type: z.enum(OFFER_TYPES, { error: 'validation.invalid' }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  followUp: z.enum(['mine'], { error: 'validation.invalid' }).optional(),
  /** Only offers started from a defect of this book (the book page's 'Angebote zu Mängeln'). */
  book: idSchema.optional(),
  inactive: flag,
});
export type OfferListQuery = z.infer<typeof offerListQuery>;

/** SPEC §3 Last search: what the user last searched the offer list for (per user). */
export const offerLastSearchSchema = z.object({
  type: z.enum(OFFER_SEARCH_TYPES, { error: 'validation.invalid' }),
  value: z.string().trim().max(100, { error: 'validation.max' }),
});
export type OfferLastSearch = z.infer<typeof offerLastSearchSchema>;

/** GET offer/users: the tenant's users that can be named OFM, OPM or KTB of an offer (not resigned, no branch users). */
export const offerUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  abbreviation: z.string(),
  department: z.number().int(),
});
export type OfferUser = z.infer<typeof offerUserSchema>;
export const offerUsersReply = z.array(offerUserSchema);

/** GET offer/get/updatedAt: the newest change of any offer of the tenant, so an open list refreshes itself. */
export const offerUpdatedAtReply = z.object({ updatedAt: z.string().nullable(), count: z.number().int() });

/** POST offer/sendktbremindermail: tells the offer's KTB (or the given user) about the offer, with a link. */
export const ktbReminderSchema = z.object({
  offerId: idSchema,
  /** Another recipient than the offer's KTB (a user of the tenant). */
  userId: idSchema.optional(),
  message: text(MAIL_MESSAGE_MAX).optional(),
});
/**
 * The reminder is queued (sent by the mail worker, retried if the mail server is away): ktbInformedAt
 * is the offer's, set once a reminder was delivered, so null or an earlier delivery right after queuing.
 */
export const ktbReminderReply = z.object({
  sentTo: z.string(),
  queuedAt: z.string(),
  ktbInformedAt: z.string().nullable(),
});

/** GET offer/draftFromDefect: an unsaved offer filled from a defect of an inspection record. */
export const offerDraftQuery = offerSourceSchema;
export const offerDraftReply = z.object({
  fields: offerFieldsSchema,
  source: offerSourceSchema,
  defectText: z.string(),
});
export type OfferDraft = z.infer<typeof offerDraftReply>;

/** GET offer/byBook/{id}: the offers started from the defects of a book, for the defect list of its records. */
export const defectOfferSchema = z.object({
  defect: z.string(),
  record: z.string(),
  offerId: z.string(),
  offerNr: z.string(),
  status: z.enum(OFFER_STATUSES),
  ampel: z.enum(OFFER_AMPEL_LABELS),
  ampelColour: z.enum(['green', 'orange', 'red']),
});
export const defectOffersReply = z.array(defectOfferSchema);
export type DefectOffer = z.infer<typeof defectOfferSchema>;

// ---------------------------------------------------------------------------------------------
// The offer evaluation (SPEC §2 offerevaluation, §3 Offer evaluation row, §7 Evaluations)

export const EVALUATION_VIEWS = [
  'erfolgsquote',
  'angebotszeiten',
  'ktbauswertung',
  'gespraechsresultat',
  'erhaltenueber',
] as const;
export type EvaluationView = (typeof EVALUATION_VIEWS)[number];

/** The longest range an evaluation covers: five years (60 months of rows at most). */
export const EVALUATION_MAX_YEARS = 5;

/** The last day a range starting at `from` may reach (YYYY-MM-DD compared as text). */
export const evaluationMaxTo = (from: string) =>
  `${String(Number(from.slice(0, 4)) + EVALUATION_MAX_YEARS).padStart(4, '0')}${from.slice(4)}`;

/**
 * The query of every view: a range of the offer date (received date for offer times), a department
 * (the current department; omitted: all), and json or a file.
 */
export const evaluationQuery = z
  .object({
    from: isoDate,
    to: isoDate,
    department: z.coerce
      .number({ error: 'validation.invalid' })
      .int({ error: 'validation.invalid' })
      .refine((v) => (DEPARTMENT_NUMBERS as number[]).includes(v), { error: 'validation.department' })
      .optional(),
    format: z.enum(['json', 'csv', 'xlsx'], { error: 'validation.invalid' }).default('json'),
  })
  .refine((q) => q.from <= q.to, { error: 'validation.dateOrder', path: ['to'] })
  .refine((q) => q.to <= evaluationMaxTo(q.from), { error: 'validation.max', path: ['to'] });
export type EvaluationQuery = z.infer<typeof evaluationQuery>;

/** SPEC §3 Offer evaluation row: one per month (YYYY-MM), or per group (KTB user, talk result, received via). */
export const evaluationRowSchema = z.object({
  /** The month (YYYY-MM) or the group's key (a user id, a talk result, a received-via code, 'none'). */
  month: z.string(),
  /** A readable name of the group where the key is an id (the KTB user's name). */
  label: z.string(),
  offerCnt: z.number().int(),
  /** offerSum / offerCnt in EUR, 2 decimals; 0 without offers. */
  averageValue: z.number(),
  offerSum: z.number(),
  orderCnt: z.number().int(),
  orderSum: z.number(),
  cancelledCnt: z.number().int(),
  commissionedCnt: z.number().int(),
  waitingCnt: z.number().int(),
  /** Percent of offerCnt with one decimal. */
  cancelledPct: z.number(),
  commissionedPct: z.number(),
  waitingPct: z.number(),
});
export type EvaluationRow = z.infer<typeof evaluationRowSchema>;

/** Offer times: days from receipt to offer and from offer to talk result, per month, median and spread. */
export const timesRowSchema = z.object({
  month: z.string(),
  offerCnt: z.number().int(),
  /** Days from received date to offer date: median, first and third quartile; null without data. */
  toOfferMedian: z.number().nullable(),
  toOfferP25: z.number().nullable(),
  toOfferP75: z.number().nullable(),
  /** Days from offer date to the recording of the talk result. */
  toResultMedian: z.number().nullable(),
  toResultP25: z.number().nullable(),
  toResultP75: z.number().nullable(),
});
export type TimesRow = z.infer<typeof timesRowSchema>;

/** Every view answers its rows and a total row over the range. */
export const evaluationReply = z.object({
  view: z.enum(EVALUATION_VIEWS),
  from: z.string(),
  to: z.string(),
  rows: z.array(evaluationRowSchema),
  total: evaluationRowSchema,
});
export type EvaluationReply = z.infer<typeof evaluationReply>;
export const timesReply = z.object({
  view: z.literal('angebotszeiten'),
  from: z.string(),
  to: z.string(),
  rows: z.array(timesRowSchema),
  total: timesRowSchema,
});
export type TimesReply = z.infer<typeof timesReply>;
