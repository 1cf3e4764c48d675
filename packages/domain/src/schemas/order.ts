/**
 * Orders (SPEC §3 Order, §4 Order status, §7 Orders): commissioned work that moves through the
 * departments and calendar weeks until it is installed, accepted and billed. Orders belong to a
 * tenant (the service company); an order may come from an offer and may create an inspection book.
 */
import { z } from 'zod';
import { DEPARTMENT_NUMBERS } from '../roles';
import { MAIL_MESSAGE_MAX } from '../rules/mail-limits';
import { ORDER_SORT_FIELDS } from '../rules/order-lists';
import { ORDER_STATUSES } from '../rules/order-status';
import { ORDER_NUMBER_MAX, ORDER_NUMBER_PREFIX, TAKE_OVER_DEPARTMENTS } from '../rules/order-take-over';
import { PRODUCTION_DEFAULTS, productionSchema } from './capacity';
import { idSchema, isoDate, money, paged, text } from './common';
import { DIVISIONS, divisionFlagsSchema } from './offer';

export { ORDER_STATUSES };

const optionalDate = isoDate.nullable();
const flag = z.boolean({ error: 'validation.invalid' });
const versionSchema = z.number({ error: 'validation.version' }).int({ error: 'validation.version' }).min(0);
const count = (max: number) =>
  z
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.min' })
    .max(max, { error: 'validation.max' })
    .nullable();

/** An ISO calendar week 'YYYY-Www' (Europe/Berlin), or empty when not planned yet. */
export const calendarWeekSchema = z
  .union([z.literal(''), z.string().regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, { error: 'validation.order.week' })])
  .meta({ protocol: { format: 'week' } });

/** SPEC §3 leistungsart flags: commissioning, extra effort, installation, ..., conversion. */
export const SERVICE_KINDS = ['ibn', 'maw', 'mon', 'okl', 'rep', 'ser', 'umr'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export const serviceKindsSchema = z.object(
  Object.fromEntries(SERVICE_KINDS.map((k) => [k, flag])) as Record<ServiceKind, typeof flag>,
);

/**
 * A contact block (SPEC §3: ansprechpartner_elektrik, _baustelle, _kunde, entscheidungstraeger); the
 * protocol records it whole.
 */
export const contactSchema = z
  .object({
    bezeichnung: text(200),
    email: z.union([z.literal(''), z.email({ error: 'validation.email.invalid' }).max(254)]),
    tel: text(60),
  })
  .meta({ protocol: { format: 'json' } });
export const CONTACT_BLOCKS = [
  'ansprechpartner_elektrik',
  'ansprechpartner_baustelle',
  'ansprechpartner_kunde',
  'entscheidungstraeger',
] as const;

/** The sales block (VKID, SPEC §3 vkid); ampel and akt_kw of the sales planning. */
export const vkidSchema = z.object({
  belegdatum: optionalDate,
  betrag: money,
  vergabepreis: money,
  innendienst: text(100),
  /** The field sales person (Außendienst), by abbreviation (the AD search list). */
  ad: text(20),
  /** When the goods arrive (Warenbereitstellungstermin). */
  warenbtermin_date: optionalDate,
  geplante_montage_date: optionalDate,
  fixtermin: flag,
  bemerkungen: text(4000),
  /** A civil acceptance (Zivi) is needed. */
  zivi: flag,
  vorverrechnet: flag,
  verrechnet: flag,
  montage_tage: count(365),
  kalkulierte_min: count(1_000_000),
  kalkulierte_std: count(100_000),
  bestellnummer: text(60),
  akt_kw: calendarWeekSchema,
  verrechneteMaw: money,
});

/** The operations block (EL, SPEC §3 el). */
export const elSchema = z.object({
  service_id: text(60),
  akt_kw: calendarWeekSchema,
  benoetigte_min: count(1_000_000),
  bemerkungen: text(4000),
  /** Who installs (team or installer). */
  montage: text(200),
  montagedatum: optionalDate,
});

/** A delivery of the logistics list (SPEC §3 logistik/lieferungen). */
export const deliverySchema = z.object({
  _id: z.string().max(100).optional(),
  bezeichnung: text(300),
  lieferant: text(200),
  bestelltAm: optionalDate,
  geplantAm: optionalDate,
  geliefertAm: optionalDate,
  menge: count(100_000),
  bemerkung: text(1000),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** An extra-effort entry (SPEC §3 maw list), billed at the cost list's internal or external rate. */
export const mawEntrySchema = z.object({
  _id: z.string().max(100).optional(),
  datum: optionalDate,
  art: z.enum(['int', 'ext'], { error: 'validation.invalid' }),
  stunden: z
    .number({ error: 'validation.number' })
    .min(0, { error: 'validation.min' })
    .max(1000, { error: 'validation.max' }),
  anfahrt: flag,
  versand: flag,
  bemerkung: text(1000),
  verrechnet: flag,
});
export type MawEntry = z.infer<typeof mawEntrySchema>;

/** A new row of each list as the forms start it (decision 028 names what a saved row needs). */
export const DELIVERY_DEFAULTS: Delivery = {
  bezeichnung: '',
  lieferant: '',
  bestelltAm: null,
  geplantAm: null,
  geliefertAm: null,
  menge: null,
  bemerkung: '',
};
export const MAW_ENTRY_DEFAULTS: MawEntry = {
  datum: null,
  art: 'int',
  stunden: 0,
  anfahrt: false,
  versand: false,
  bemerkung: '',
  verrechnet: false,
};

/** The door configuration from which 'Prüfbuch anlegen' fills the book (SPEC §9, decision 024). */
export const doorConfigSchema = z.object({
  tuertyp: z
    .enum(['dreher', 'schieber'], { error: 'validation.invalid' })
    .nullable()
    .meta({ protocol: { format: 'enum:orders.editor.tuer' } }),
  /** The drive code (a component code of the catalogue). */
  antrieb: text(40),
  /** The wing-count code; its last character is the number of wings. */
  fluegel: text(40),
  /** The power type code; it contains 'fr' on an escape route. */
  stromart: text(40),
  /** Further component codes (control elements, safety sensors, options, UPS). */
  /** The protocol records them as one text ('a, b'). */
  komponenten: z
    .array(text(40))
    .max(60, { error: 'validation.max' })
    .meta({ protocol: { format: 'text' } }),
  /**
   * The codes outside the component catalogue a catalogue keeper confirmed (rules/door-codes.ts,
   * decision 052); the server keeps only those the door still uses. Recorded as one text.
   */
  bestaetigt: z
    .array(text(40))
    .max(60, { error: 'validation.max' })
    .optional()
    .meta({ protocol: { format: 'text' } }),
});
export type DoorConfig = z.infer<typeof doorConfigSchema>;

/** The fields a client writes (SPEC §3 Order). */
export const orderFieldsSchema = z.object({
  objekt: text(300),
  tp: text(100),
  abnr: text(60),
  csnr: text(40),
  objektdaten: text(2000),
  objektnummer: text(60),
  kunde: text(200),
  /** The order process manager (a user of the tenant, usually of department OPM); set at take-over. */
  opmUser: idSchema.meta({ protocol: { format: 'ref', ref: 'user' } }).nullable(),
  active: flag,
  antriebe: text(1000),
  antriebeOther: text(1000),
  bemerkungen: text(4000),
  anzahl_bemerkungen_bei_uebergabe: count(1000),
  leistungsart: serviceKindsSchema,
  abteilung: divisionFlagsSchema,
  ansprechpartner_elektrik: contactSchema,
  ansprechpartner_baustelle: contactSchema,
  ansprechpartner_kunde: contactSchema,
  entscheidungstraeger: contactSchema,
  vkid: vkidSchema,
  el: elSchema,
  logistik: z.array(deliverySchema).max(200, { error: 'validation.max' }),
  maw: z.array(mawEntrySchema).max(500, { error: 'validation.max' }),
  tuer: doorConfigSchema,
  /** What production plans from (capacity planning, decision 027). */
  fertigung: productionSchema,
});
export type OrderFields = z.infer<typeof orderFieldsSchema>;

const emptyContact = { bezeichnung: '', email: '', tel: '' };
export const ORDER_DEFAULTS: OrderFields = {
  objekt: '',
  tp: '',
  abnr: '',
  csnr: '',
  objektdaten: '',
  objektnummer: '',
  kunde: '',
  opmUser: null,
  active: true,
  antriebe: '',
  antriebeOther: '',
  bemerkungen: '',
  anzahl_bemerkungen_bei_uebergabe: null,
  leistungsart: { ibn: false, maw: false, mon: false, okl: false, rep: false, ser: false, umr: false },
  abteilung: { autSchieber: false, autDreher: false, bau: false, umbau: false, export: false, ersatzteile: false },
  ansprechpartner_elektrik: emptyContact,
  ansprechpartner_baustelle: emptyContact,
  ansprechpartner_kunde: emptyContact,
  entscheidungstraeger: emptyContact,
  vkid: {
    belegdatum: null,
    betrag: null,
    vergabepreis: null,
    innendienst: '',
    ad: '',
    warenbtermin_date: null,
    geplante_montage_date: null,
    fixtermin: false,
    bemerkungen: '',
    zivi: false,
    vorverrechnet: false,
    verrechnet: false,
    montage_tage: null,
    kalkulierte_min: null,
    kalkulierte_std: null,
    bestellnummer: '',
    akt_kw: '',
    verrechneteMaw: null,
  },
  el: { service_id: '', akt_kw: '', benoetigte_min: null, bemerkungen: '', montage: '', montagedatum: null },
  logistik: [],
  maw: [],
  tuer: { tuertyp: null, antrieb: '', fluegel: '', stromart: '', komponenten: [] },
  fertigung: PRODUCTION_DEFAULTS,
};

/** POST orders: missing fields take the defaults; the status starts at CREATED, the department at 1. */
export const orderCreateSchema = orderFieldsSchema.partial().extend({
  aktuelle_abteilung: z
    .number({ error: 'validation.invalid' })
    .int()
    .refine((v) => (DEPARTMENT_NUMBERS as number[]).includes(v), { error: 'validation.department' })
    .optional(),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;

/** PUT orders/{id}: the fields to change and the __v read (409 when stale). The status moves only by a step. */
export const orderUpdateSchema = orderFieldsSchema.partial().extend({ __v: versionSchema });
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;

/** POST orders/{id}/status: one step of the flow (rules/order-status.ts), with the __v read. */
export const orderStepSchema = z.object({
  to: z.enum(ORDER_STATUSES, { error: 'validation.invalid' }),
  __v: versionSchema,
});

/** POST orders/sendMailTransferDepartment: hands the order to another department and mails its users. */
export const transferDepartmentSchema = z.object({
  orderId: idSchema,
  department: z
    .number({ error: 'validation.invalid' })
    .int()
    .refine((v) => (DEPARTMENT_NUMBERS as number[]).includes(v), { error: 'validation.department' }),
  message: text(MAIL_MESSAGE_MAX).optional(),
  __v: versionSchema,
});

/**
 * POST orders/fromOffer/{offerId}: the receiving department and the OPM; what is left out takes the
 * proposal of rules/order-take-over.ts (GET orders/fromOffer/{offerId}/proposal shows it).
 */
export const takeOverSchema = z.object({
  department: z
    .number({ error: 'validation.invalid' })
    .int()
    .refine((v) => (TAKE_OVER_DEPARTMENTS as readonly number[]).includes(v), { error: 'validation.department' })
    .optional(),
  opmUser: idSchema.optional(),
  /** A message added to the mail to the department. */
  message: text(MAIL_MESSAGE_MAX).optional(),
});
export type TakeOver = z.infer<typeof takeOverSchema>;

/** GET orders/fromOffer/{offerId}/proposal: what the take-over proposes, and the AB-Nr it would give. */
export const takeOverProposalReply = z.object({
  department: z.number().int(),
  opmUser: z.string().nullable(),
  abnr: z.string(),
});

/** GET and PUT orders/numbering: the prefix and the next AB-Nr of the current year (decision 049). */
export const orderNumberingSchema = z.object({
  prefix: z.string().trim().regex(ORDER_NUMBER_PREFIX, { error: 'validation.order.numberPrefix' }),
  next: z
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.min' })
    .max(ORDER_NUMBER_MAX, { error: 'validation.max' }),
});
export type OrderNumbering = z.infer<typeof orderNumberingSchema>;
export const orderNumberingReply = orderNumberingSchema.extend({ year: z.number().int(), example: z.string() });

const ampel = z.enum(['green', 'orange', 'red']).nullable();

/** GET orders/{id} and the list rows. */
export const orderSchema = orderFieldsSchema.extend({
  _id: z.string(),
  tenant: z.string(),
  offerId: z.string().nullable(),
  offerNr: z.string(),
  bookId: z.string().nullable(),
  aktuelle_abteilung: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  statusLastModified: z.string(),
  vkid: vkidSchema.extend({ ampel }),
  el: elSchema.extend({ ampel }),
  gesamt_ampel: ampel,
  __v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListItemSchema = orderSchema
  .omit({ logistik: true, maw: true, objektdaten: true, fertigung: true })
  .extend({
    /** The warehouse's list only (decision 054): the deliveries still to come, soonest first (rules/order-lists.ts). */
    awaited: z
      .array(deliverySchema.pick({ bezeichnung: true, lieferant: true, geplantAm: true, menge: true }))
      .optional(),
  });
export const orderListReply = paged(orderListItemSchema);

/** GET orders: paged, sorted, searched; filtered by status, department, division, KW (of sales or operations). */
export const orderListQuery = z.object({
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(500).default(20),
  search: z.string().trim().max(100, { error: 'validation.max' }).optional(),
  sort: z
    .string()
    .regex(new RegExp(`^-?(${ORDER_SORT_FIELDS.join('|')})$`), { error: 'validation.invalid' })
    .default('gesamt_ampel'),
  status: z.enum(ORDER_STATUSES, { error: 'validation.invalid' }).optional(),
  department: z.coerce
    .number({ error: 'validation.invalid' })
    .int()
    .refine((v) => (DEPARTMENT_NUMBERS as number[]).includes(v), { error: 'validation.department' })
    .optional(),
  division: z.enum(DIVISIONS, { error: 'validation.invalid' }).optional(),
  kw: calendarWeekSchema.optional(),
  inactive: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .transform((v) => v === 'true')
    .optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** The search lists of SPEC §7 (orders/getOrdersBy…, get…Orders/all): paged like the list, sorted worst first. */
export const orderPageQuery = z.object({
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(500).default(20),
  sort: z
    .string()
    .regex(new RegExp(`^-?(${ORDER_SORT_FIELDS.join('|')})$`), { error: 'validation.invalid' })
    .default('gesamt_ampel'),
});
export type OrderPageQuery = z.infer<typeof orderPageQuery>;

/** The counts of SPEC §7 (orders/countOrdersBy…, count…Orders/all). */
export const orderCountReply = z.object({ count: z.number().int() });

/** GET orders/get/weeks: the list's filters without the week and the paging (decision 024). */
export const orderWeeksQuery = orderListQuery.omit({ page: true, size: true, sort: true, kw: true });
export type OrderWeeksQuery = z.infer<typeof orderWeeksQuery>;
/**
 * The weeks of the filtered orders, oldest first: `count`, the orders the week filter shows for it (the sales
 * or the operations week); `sales`, those whose sales week it is (a group of the list grouped by KW).
 * `none`: the orders without either week; `noSalesWeek`: those without a sales week (the last group).
 * `more`: a search term matched more orders than SEARCH_COUNT_CAP, so none were counted (decision 073):
 * the weeks are then empty and the counts 0, never a part of the matches passed off as all of them.
 */
export const orderWeeksReply = z.object({
  weeks: z.array(z.object({ kw: z.string(), count: z.number().int(), sales: z.number().int() })),
  none: z.number().int(),
  noSalesWeek: z.number().int(),
  more: z.boolean(),
});
export type OrderWeeks = z.infer<typeof orderWeeksReply>;

/** A search list's path value (a term, a serial number, an abbreviation). */
export const orderSearchParams = z.object({
  value: z.string().trim().min(1, { error: 'validation.required' }).max(100),
});

/** GET orders/get/updatedAt: the newest change and the count, so an open list can tell it is stale. */
export const orderUpdatedAtReply = z.object({ updatedAt: z.string().nullable(), count: z.number().int() });

/** POST orders/sendMailTransferDepartment: the order as it is now and how many mails were queued (one a user). */
export const transferDepartmentReply = z.object({ order: orderSchema, mailed: z.number().int() });
