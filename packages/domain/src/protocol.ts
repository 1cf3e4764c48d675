/**
 * The protocol (audit trail, SPEC §3) of every entity: which entities have one, and per entity how each
 * recorded field is labelled (an i18n key) and how its stored text value is shown (a format).
 *
 * The server writes one row per changed field (apps/server/src/platform/audit.ts) and serves them through
 * one generic reader (apps/server/src/modules/protocol); the web shows them in one table
 * (apps/web/src/components/ui/protocol-table.tsx). To give a new entity a protocol — offers, orders,
 * customer locations — add its name to PROTOCOL_ENTITIES and its fields to PROTOCOL_FIELDS (the type
 * demands both), then register its route with protocolRoute() on the server.
 */
import { type RecordLabels, recordFields } from './record-fields';
import { Customer, Department } from './roles';
import { BOOK_STATUS_LABEL_KEY } from './rules/book-status';
import { INSPECTION_KINDS } from './schemas/inspection';
import { offerFieldsSchema } from './schemas/offer';
import { orderFieldsSchema } from './schemas/order';

export const PROTOCOL_ENTITIES = [
  'book',
  'tenant',
  'folder',
  'booktype',
  'customerlocation',
  'offer',
  'order',
  'costlist',
  'capacity',
] as const;
export type ProtocolEntity = (typeof PROTOCOL_ENTITIES)[number];
export const PROTOCOL_ACTIONS = ['create', 'update', 'delete'] as const;
export type ProtocolAction = (typeof PROTOCOL_ACTIONS)[number];

/** What a reference points at; the web resolves it through its lookups, else shows '–' (never the raw id). */
export type ProtocolRef = 'folder' | 'booktype' | 'user' | 'tenant' | 'record' | 'book' | 'offer';

/**
 * How a stored value reads: 'date' YYYY-MM-DD → DD.MM.YYYY, 'datetime' ISO → DD.MM.YYYY HH:mm (Berlin),
 * 'enum:<i18n prefix>' a code → its label, 'ref' an id → a name, 'json' an object → "key: value" pairs,
 * 'address' → one line, 'money' cents-free euros, 'interval' months → the interval's label,
 * 'record' the summary of an inspection record (date · person, its id and ISO times formatted away),
 * 'employee' an employee of the capacity settings (name · area · hours per weekday · inactive),
 * 'absences' an employee's absences (name: ranges), 'ranges' date ranges with their remark,
 * 'days' days with their name (local holidays), 'minutes' a time in minutes (1:40 h), 'week' a calendar
 * week '2026-W50' → 'KW 50/2026', 'template' a
 * time-effort template of the cost list (name · times per area · per wing · remark), 'templates' a list of them,
 * 'doorData' a book's door data (book.misc) as "label: value" with the door type's label, yes/no and lists.
 */
export type ProtocolFormat =
  | 'text'
  | 'number'
  | 'date'
  | 'datetime'
  | 'bool'
  | `enum:${string}`
  | 'ref'
  | 'json'
  | 'address'
  | 'money'
  | 'interval'
  | 'record'
  | 'employee'
  | 'absences'
  | 'ranges'
  | 'days'
  | 'minutes'
  | 'week'
  | 'template'
  | 'templates'
  | 'doorData';

export interface ProtocolField {
  /** The i18n key of the label. */
  label: string;
  format: ProtocolFormat;
  /** For 'ref': what the id names. */
  ref?: ProtocolRef;
  /** For 'enum:…' whose stored codes are not the keys themselves: code → full i18n key. */
  values?: Readonly<Record<string, string>>;
  /**
   * For a link (a location's book, an offer's attachment), written as a change from nothing (linked) or to
   * nothing (removed): the i18n keys of what the row says happened ('Anlage zugeordnet', 'Anlage entfernt')
   * instead of the field and 'Geändert' (issue 31 item 8).
   */
  link?: { added: string; removed: string };
}

const f = (label: string, format: ProtocolFormat = 'text', more: Partial<ProtocolField> = {}): ProtocolField => ({
  label,
  format,
  ...more,
});
const b = (name: string, format?: ProtocolFormat, more?: Partial<ProtocolField>) =>
  f(`books.fields.${name}`, format, more);
const address = (name: string) => b(name, 'address');

const BOOK: Record<string, ProtocolField> = {
  title: b('title'),
  customer: b('customer'),
  typ: b('typ'),
  bookType: b('bookType', 'ref', { ref: 'booktype' }),
  location: b('location'),
  shortText: b('shortText'),
  misc: b('misc', 'doorData'),
  controller: b('controller'),
  controlleraddress: address('controlleraddress'),
  object: b('object'),
  objectnutzung: b('objectnutzung'),
  objectaddress: address('objectaddress'),
  raiser: b('raiser'),
  raiseraddress: address('raiseraddress'),
  manufacturer: b('manufacturer'),
  manufactureraddress: address('manufactureraddress'),
  contactName: b('contactName'),
  contactMail: b('contactMail'),
  contactTel: b('contactTel'),
  site: b('site'),
  glasbocknr: b('glasbocknr'),
  manufacturerNo: b('manufacturerNo'),
  orderNo: b('orderNo'),
  lagerort: b('lagerort', 'enum:books.lagerort'),
  tenant: b('tenant', 'ref', { ref: 'tenant' }),
  folder: b('folder', 'ref', { ref: 'folder' }),
  completedOn: b('completedOn', 'date'),
  enableFrom: b('enableFrom', 'date'),
  enableTo: b('enableTo', 'date'),
  visibleFrom: b('visibleFrom', 'date'),
  visibleTo: b('visibleTo', 'date'),
  nextInspectionDate: b('nextInspectionDate', 'date'),
  inspectionAmpel: b('inspectionAmpel', 'enum:books.ampel'),
  nextInspectionDateSelf: b('nextInspectionDateSelf', 'date'),
  inspectionSelfAmpel: b('inspectionSelfAmpel', 'enum:books.ampel'),
  firstservice: b('firstservice', 'date'),
  serviceinterval: b('serviceinterval', 'interval'),
  selfserviceinterval: b('selfserviceinterval', 'interval'),
  documents: b('documents'),
  status: b('status', 'enum:books.status', { values: BOOK_STATUS_LABEL_KEY }),
  active: b('active', 'bool'),
  shutDown: f('protocol.fields.shutDown', 'bool'),
  booking: f('protocol.fields.booking'),
  techAcceptor: f('protocol.fields.techAcceptor'),
  retiredAt: f('protocol.fields.retiredAt', 'datetime'),
  legalHold: f('protocol.fields.legalHold'),
  retentionPurge: f('protocol.fields.retentionPurge'),
};

/** The fields of an inspection record as inspections.audit.ts writes them into the book's protocol ('<kind>.<field>'). */
export const PROTOCOL_RECORD_FIELDS: Record<string, ProtocolField> = {
  when: f('inspections.fields.when', 'date'),
  where: f('inspections.fields.where'),
  who: f('inspections.fields.who'),
  isAbnahmeGutachten: f('inspections.fields.isAbnahmeGutachten', 'bool'),
  akkutausch: f('inspections.fields.akkutausch', 'bool'),
  text: f('inspections.fields.text'),
  misc: f('books.fields.misc', 'json'),
  checklist: f('inspections.sections.checklist'),
  defects: f('inspections.sections.defects'),
  continuedOperation: f('protocol.fields.continuedOperation', 'bool'),
  inspectorSignature: f('protocol.fields.inspectorSignature'),
  operatorAcknowledgement: f('protocol.fields.operatorAcknowledgement'),
  finalized: f('protocol.fields.finalized', 'record'),
  corrects: f('protocol.fields.corrects', 'ref', { ref: 'record' }),
};

const TENANT: Record<string, ProtocolField> = {
  name: f('tenants.fields.name'),
  url: f('tenants.fields.url'),
  fusszeileText: f('tenants.fields.fusszeileText'),
  addressName: f('tenants.fields.addressName'),
  notificationEmail: f('tenants.fields.notificationEmail'),
  hotHint: f('tenants.fields.hotHint', 'json'),
  defaultTechAcceptor: f('tenants.fields.defaultTechAcceptor', 'ref', { ref: 'user' }),
  techAcceptor: f('tenants.fields.techAcceptor', 'bool'),
  importDataClarificationSheet: f('tenants.fields.importDataClarificationSheet', 'bool'),
  address: f('tenants.fields.address', 'address'),
  sealCertificate: f('tenants.fields.sealCertificate'),
  ampelOrangeDays: f('protocol.fields.ampelOrangeDays', 'number'),
  ampelBlackDays: f('protocol.fields.ampelBlackDays', 'number'),
  retentionYears: f('protocol.fields.retentionYears', 'number'),
  legalHold: f('protocol.fields.legalHold'),
};

const FOLDER: Record<string, ProtocolField> = {
  folderName: f('protocol.fields.folderName'),
  parentId: f('protocol.fields.parentFolder', 'ref', { ref: 'folder' }),
};

const bt = (name: string, format?: ProtocolFormat) => f(`books.bookTypes.fields.${name}`, format);
const BOOKTYPE: Record<string, ProtocolField> = {
  type: bt('type'),
  component: bt('component'),
  icon: bt('icon'),
  color: bt('color'),
  serviceinterval: bt('serviceinterval', 'interval'),
  selfserviceinterval: bt('selfserviceinterval', 'interval'),
  active: bt('active', 'bool'),
  checklist: f('checklists.audiences.specialist'),
  selfChecklist: f('checklists.audiences.operator'),
  qualification: f('users.qualifications.bookType.label', 'enum:users.qualifications.kinds'),
};

const cl = (name: string, format?: ProtocolFormat) => f(`customerlocations.fields.${name}`, format);
/** Customer numbers as stored ('0', '1') → their names' labels. */
const CUSTOMER_LABEL_KEY = Object.fromEntries(
  Object.entries(Customer).map(([name, number]) => [String(number), `lookups.customers.${name}`]),
);
const CUSTOMER_LOCATION: Record<string, ProtocolField> = {
  znl: cl('znl'),
  nr: cl('nr'),
  sapNr: cl('sapNr'),
  address: cl('address', 'address'),
  bemerkungen: cl('bemerkungen'),
  customer: f('customerlocations.fields.customer', 'enum:lookups.customers', { values: CUSTOMER_LABEL_KEY }),
  active: cl('active', 'bool'),
  ruhend: cl('ruhend', 'bool'),
  // A linked or removed book is written as its title (and site), not as an id.
  book: f('customerlocations.fields.book', 'text', {
    link: { added: 'protocol.links.bookAdded', removed: 'protocol.links.bookRemoved' },
  }),
};

const of = (name: string, format?: ProtocolFormat, more?: Partial<ProtocolField>) =>
  f(`offers.fields.${name}`, format, more);
/** The label keys of an offer's fields: 'offers.fields.<name>', the division flags 'offers.divisions.<name>'. */
export const OFFER_LABELS: RecordLabels = {
  fields: 'offers.fields',
  blocks: { abteilung: 'offers.divisions' },
  // Each block has its notes, beside the offer's own.
  paths: {
    'angebot.notes': 'offers.fields.talkNotes',
    'opm.status': 'offers.fields.opmStatus',
    'opm.notes': 'offers.fields.opmNotes',
    'ersatzteile.notes': 'offers.fields.sparePartsNotes',
  },
  enums: 'offers',
};
/**
 * An offer's fields, derived from its schema: the blocks field by field ('angebot.offerNr'), the division
 * flags as 'abteilung.bau'; then what the server derives or sets, which is no field of the schema.
 */
const OFFER: Record<string, ProtocolField> = {
  ...recordFields(offerFieldsSchema, OFFER_LABELS),
  'opm.orderId': of('orderId'),
  ampel: of('ampel', 'enum:offers.ampel'),
  status: of('status', 'enum:offers.status'),
  ktbInformedAt: of('ktbInformedAt', 'datetime'),
  takeOverRequestedAt: of('takeOverRequestedAt', 'datetime'),
  // A KTB reminder queued (POST offer/sendktbremindermail): to whom; its sender is the editor (decision 036).
  ktbReminderMail: f('protocol.fields.ktbReminderMail', 'ref', { ref: 'user' }),
  // An attachment added or removed is written as its file name.
  file: of('files', 'text', { link: { added: 'protocol.links.fileAdded', removed: 'protocol.links.fileRemoved' } }),
  // An attachment removed by the daily run on the deletion date; the editor is who set the date (decision 043).
  filePurged: f('protocol.fields.filePurged'),
  source: of('source'),
};

const od = (name: string, format?: ProtocolFormat, more?: Partial<ProtocolField>) =>
  f(`orders.fields.${name}`, format, more);
const DEPARTMENT_VALUES = Object.fromEntries(
  Object.entries(Department).map(([name, n]) => [String(n), `lookups.departments.${name}`]),
);
/**
 * An order's label keys: its fields under 'orders.fields' (the blocks vkid and el as 'orders.fields.vkid.betrag'),
 * the flags, the door configuration and production under their own sections.
 */
export const ORDER_LABELS: RecordLabels = {
  fields: 'orders.fields',
  blocks: {
    vkid: 'orders.fields.vkid',
    el: 'orders.fields.el',
    leistungsart: 'orders.leistungsart',
    abteilung: 'offers.divisions',
    tuer: 'orders.editor.tuer',
    fertigung: 'capacity.production',
  },
  enums: 'orders',
};
/**
 * An order's fields, derived from its schema (the blocks field by field, the lists and contacts as JSON),
 * and what the server sets.
 */
const ORDER: Record<string, ProtocolField> = {
  ...recordFields(orderFieldsSchema, ORDER_LABELS),
  offerId: od('offerId', 'ref', { ref: 'offer' }),
  bookId: od('bookId', 'ref', { ref: 'book' }),
  aktuelle_abteilung: od('aktuelle_abteilung', 'enum:lookups.departments', { values: DEPARTMENT_VALUES }),
  // The hand-over mail to a department's users (POST orders/sendMailTransferDepartment), decision 036.
  transferMail: f('protocol.fields.transferMail', 'enum:lookups.departments', { values: DEPARTMENT_VALUES }),
  'vkid.ampel': od('vkid.ampel', 'enum:orders.ampel'),
  'el.ampel': od('el.ampel', 'enum:orders.ampel'),
  gesamt_ampel: od('gesamt_ampel', 'enum:orders.ampel'),
  status: od('status', 'enum:orders.status'),
};

const ct = (name: string) => f(`costlist.times.${name}`, 'minutes');
/**
 * The cost list: the rates and time values field by field ('maw.intMaw', 'capacities.seitenteil'), and each
 * time-effort template on its own ('vorlagen.<id>', resolved in protocolField), so that a change names the
 * template and what of it changed. Rows written before that hold all templates under 'vorlagen'.
 */
const COSTLIST: Record<string, ProtocolField> = {
  'maw.intMaw': f('costlist.maw.intMaw', 'money'),
  'maw.extMaw': f('costlist.maw.extMaw', 'money'),
  'maw.travelFlatRate': f('costlist.maw.travelFlatRate', 'money'),
  'maw.versandCost': f('costlist.maw.versandCost', 'money'),
  'capacities.antriebstyp.dreher': ct('antriebstypDreher'),
  'capacities.antriebstyp.schieber': ct('antriebstypSchieber'),
  ...Object.fromEntries(
    [
      'sonderfunktion',
      'verriegelung',
      'beschlagProfilbearbeitung',
      'beschlagVerglasen',
      'beschlagVerpackung',
      'standardglaeser',
      'sonderglaeser',
      'bodenfuehrungZeitaufwand',
      'schutzfluegel',
      'freitraeger',
      'seitenteil',
      'kommissionierung',
    ].map((k) => [`capacities.${k}`, ct(k)]),
  ),
  vorlagen: f('costlist.sections.templates', 'templates'),
};
const TEMPLATE = f('costlist.templates.one', 'template');

/**
 * The capacity settings: the federal state, the operating holidays and local days as lists, and each
 * employee on its own ('mitarbeiter.<id>', and 'mitarbeiter.<id>.abwesenheiten' for the absences, which
 * change most), so that a change names the employee it concerns (capacitySettingsAuditView on the server).
 */
const CAPACITY: Record<string, ProtocolField> = {
  bundesland: f('capacity.settings.bundesland', 'enum:capacity.states'),
  betriebsurlaub: f('capacity.settings.operatingHolidays', 'ranges'),
  lokaleFeiertage: f('capacity.settings.localHolidays', 'days'),
};
const EMPLOYEE = f('capacity.settings.employee', 'employee');
const EMPLOYEE_ABSENCES = f('capacity.settings.absences', 'absences');

/** Per entity its known fields. A new entity's entry is required by the type as soon as it is listed above. */
export const PROTOCOL_FIELDS: Readonly<Record<ProtocolEntity, Readonly<Record<string, ProtocolField>>>> = {
  book: BOOK,
  tenant: TENANT,
  folder: FOLDER,
  booktype: BOOKTYPE,
  customerlocation: CUSTOMER_LOCATION,
  offer: OFFER,
  order: ORDER,
  costlist: COSTLIST,
  capacity: CAPACITY,
};

export const isProtocolEntity = (v: string): v is ProtocolEntity =>
  (PROTOCOL_ENTITIES as readonly string[]).includes(v);

/** 'inspectionSelfAmpel' → 'Inspection self ampel'; dotted parts are joined by ' · '. */
export function humanizeField(field: string): string {
  return field
    .split('.')
    .filter(Boolean)
    .map((part) => {
      const words = part
        .replace(/[_-]+/g, ' ')
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .trim()
        .toLowerCase();
      return words.charAt(0).toUpperCase() + words.slice(1);
    })
    .join(' · ');
}

/** One part of a label: an i18n key with the text to show when the key is missing, or plain text. */
export interface ProtocolLabelPart {
  key?: string;
  text: string;
}

/** A field as the protocol table shows it: its label in parts (joined by ' · '), the format and its details. */
export interface ProtocolFieldView {
  label: ProtocolLabelPart[];
  format: ProtocolFormat;
  ref?: ProtocolRef;
  values?: Readonly<Record<string, string>>;
  link?: ProtocolField['link'];
}

/**
 * What a row of a link field says happened: `added` when it was written from nothing, `removed` when to
 * nothing, else null (the row reads as the field and its action, as any other).
 */
export function linkChange(
  view: Pick<ProtocolFieldView, 'link'>,
  e: { action: ProtocolAction; oldValue: string | null; newValue: string | null },
): 'added' | 'removed' | null {
  if (!view.link || e.action !== 'update') return null;
  if (e.oldValue === null && e.newValue !== null) return 'added';
  if (e.oldValue !== null && e.newValue === null) return 'removed';
  return null;
}

const KINDS: readonly string[] = INSPECTION_KINDS;
const part = (key: string, raw: string): ProtocolLabelPart => ({ key, text: humanizeField(raw) });

/**
 * The view of one protocol field. Book rows of records ('wartung', 'wartung.defects') read as
 * "Wartung · Mängel"; an unknown field gets a humanised label, never its raw dotted key.
 */
export function protocolField(entity: string, field: string): ProtocolFieldView {
  const known = isProtocolEntity(entity) ? PROTOCOL_FIELDS[entity][field] : undefined;
  if (known) return { ...known, label: [part(known.label, field)] };
  const [head = '', sub, ...rest] = field.split('.');
  if (entity === 'capacity' && head === 'mitarbeiter' && sub) {
    if (rest.length === 0) return { ...EMPLOYEE, label: [part(EMPLOYEE.label, head)] };
    if (rest.join('.') === 'abwesenheiten') {
      return {
        ...EMPLOYEE_ABSENCES,
        label: [part(EMPLOYEE.label, head), part(EMPLOYEE_ABSENCES.label, rest[0] ?? '')],
      };
    }
  }
  if (entity === 'costlist' && head === 'vorlagen' && sub && rest.length === 0) {
    return { ...TEMPLATE, label: [part(TEMPLATE.label, head)] };
  }
  if (entity === 'book' && KINDS.includes(head) && rest.length === 0) {
    const kind = part(`inspections.kind.${head}`, head);
    if (sub === undefined) return { label: [kind], format: 'record' };
    const rec = PROTOCOL_RECORD_FIELDS[sub];
    if (rec) return { ...rec, label: [kind, part(rec.label, sub)] };
    return { label: [kind, { text: humanizeField(sub) }], format: 'text' };
  }
  return { label: [{ text: humanizeField(field) || '–' }], format: 'text' };
}
