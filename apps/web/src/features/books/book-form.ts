/**
 * Form values and schemas of book_new and book_edit. The form keeps what the user edits in handy shapes
 * (misc as a list of key/value rows, the folder as 'root' or an id, intervals as plain numbers); the
 * schemas turn them into the domain's BookCreate / BookUpdate, so the API's own rules validate the form.
 */
import type { AddressWrite } from '@pruefbuch/domain/schemas/address';
import { BOOK_DEFAULTS, type Book, bookCreateSchema, bookUpdateSchema } from '@pruefbuch/domain/schemas/book';
import { z } from 'zod';
import { type DoorData, doorDataToMisc, emptyDoorData, hasDoorValue, isDoorDataKey, splitMisc } from './door-data';

/** One row of the misc editor. `original` keeps a value that is not text, so an untouched row saves it unchanged. */
export interface MiscEntry {
  key: string;
  value: string;
  original?: unknown;
}

const ADDRESS_PATHS = ['controlleraddress', 'objectaddress', 'raiseraddress', 'manufactureraddress'] as const;
type AddressPath = (typeof ADDRESS_PATHS)[number];
const DATE_PATHS = ['completedOn', 'enableFrom', 'enableTo', 'visibleFrom', 'visibleTo', 'firstservice'] as const;
type DatePath = (typeof DATE_PATHS)[number];
const TEXT_PATHS = [
  'title',
  'customer',
  'typ',
  'location',
  'shortText',
  'controller',
  'object',
  'objectnutzung',
  'raiser',
  'manufacturer',
  'contactName',
  'contactMail',
  'contactTel',
  'site',
  'glasbocknr',
  'manufacturerNo',
  'orderNo',
  'lagerort',
] as const;
type TextPath = (typeof TEXT_PATHS)[number];

export type BookValues = Record<TextPath, string> &
  Record<AddressPath, AddressWrite | null> &
  Record<DatePath, string | null> & {
    bookType: string | null;
    serviceinterval: number;
    selfserviceinterval: number;
    /** Places for the booking (POST books/{id}/inspection). */
    slots: number;
    /** The door data of book.misc as fields (door-data.ts). */
    door: DoorData;
    /** The rest of book.misc as key/value rows. */
    misc: MiscEntry[];
    /** 'root' or a folder id. */
    folder: string;
    /** The version the form was loaded with (edit). */
    __v: number;
  };

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export const miscToEntries = (misc: Record<string, unknown>): MiscEntry[] =>
  Object.entries(misc).map(([key, value]) =>
    typeof value === 'string' ? { key, value } : { key, value: show(value), original: value },
  );

/** Rows back to the misc object: blank rows are dropped; a non-text value the user did not touch stays as it was. */
export const entriesToMisc = (entries: readonly MiscEntry[]): Record<string, unknown> =>
  Object.fromEntries(
    entries
      .filter((e) => e.key.trim() !== '' || e.value.trim() !== '')
      .map((e) => [
        e.key.trim(),
        e.original !== undefined && e.value === show(e.original) ? e.original : e.value.trim(),
      ]),
  );

const addressOf = (address: Book['objectaddress']): AddressWrite | null =>
  address
    ? {
        street: address.street,
        housenumber: address.housenumber,
        zip: address.zip,
        location: address.location,
        tel: address.tel,
        email: address.email,
        homepage: address.homepage,
        country: address.country,
      }
    : null;

export function emptyBookValues(folder: string): BookValues {
  const d = BOOK_DEFAULTS;
  return {
    title: '',
    customer: d.customer,
    typ: d.typ,
    location: d.location,
    shortText: d.shortText,
    controller: d.controller,
    object: d.object,
    objectnutzung: d.objectnutzung,
    raiser: d.raiser,
    manufacturer: d.manufacturer,
    contactName: d.contactName,
    contactMail: d.contactMail,
    contactTel: d.contactTel,
    site: d.site,
    glasbocknr: d.glasbocknr,
    manufacturerNo: d.manufacturerNo,
    orderNo: d.orderNo,
    lagerort: d.lagerort,
    controlleraddress: null,
    objectaddress: null,
    raiseraddress: null,
    manufactureraddress: null,
    completedOn: null,
    enableFrom: null,
    enableTo: null,
    visibleFrom: null,
    visibleTo: null,
    firstservice: null,
    bookType: null,
    serviceinterval: d.serviceinterval,
    selfserviceinterval: d.selfserviceinterval,
    slots: d.slots,
    door: emptyDoorData(),
    misc: [],
    folder,
    __v: 0,
  };
}

/** The door data of book.misc as fields, the rest as rows. */
const miscValuesOf = (misc: Record<string, unknown>) => {
  const { door, rest } = splitMisc(misc);
  return { door, misc: miscToEntries(rest) };
};

export const bookToValues = (book: Book): BookValues => ({
  title: book.title,
  customer: book.customer,
  typ: book.typ,
  location: book.location,
  shortText: book.shortText,
  controller: book.controller,
  object: book.object,
  objectnutzung: book.objectnutzung,
  raiser: book.raiser,
  manufacturer: book.manufacturer,
  contactName: book.contactName,
  contactMail: book.contactMail,
  contactTel: book.contactTel,
  site: book.site,
  glasbocknr: book.glasbocknr,
  manufacturerNo: book.manufacturerNo,
  orderNo: book.orderNo,
  lagerort: book.lagerort,
  controlleraddress: addressOf(book.controlleraddress),
  objectaddress: addressOf(book.objectaddress),
  raiseraddress: addressOf(book.raiseraddress),
  manufactureraddress: addressOf(book.manufactureraddress),
  completedOn: book.completedOn,
  enableFrom: book.enableFrom,
  enableTo: book.enableTo,
  visibleFrom: book.visibleFrom,
  visibleTo: book.visibleTo,
  firstservice: book.firstservice,
  bookType: book.bookType,
  serviceinterval: book.serviceinterval,
  selfserviceinterval: book.selfserviceinterval,
  slots: book.slots,
  ...miscValuesOf(book.misc),
  folder: book.folder ?? 'root',
  __v: book.__v,
});

/** A window whose end lies before its start cannot be meant. */
const WINDOWS = [
  ['enableFrom', 'enableTo'],
  ['visibleFrom', 'visibleTo'],
] as const;

type Issue = { path: PropertyKey[]; message: string };

/**
 * The form's own rules: misc keys are given when a value is, and unique (also against the door data fields
 * that hold a value); date windows do not run backwards.
 */
function formIssues(v: BookValues): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>(Object.keys(v.door).filter((key) => isDoorDataKey(key) && hasDoorValue(v.door, key)));
  v.misc.forEach((entry, index) => {
    const key = entry.key.trim();
    if (key === '' && entry.value.trim() !== '')
      issues.push({ path: ['misc', index, 'key'], message: 'validation.required' });
    else if (key !== '' && seen.has(key))
      issues.push({ path: ['misc', index, 'key'], message: 'books.form.miscDuplicate' });
    seen.add(key);
  });
  for (const [from, to] of WINDOWS) {
    const start = v[from];
    const end = v[to];
    if (start && end && end < start) issues.push({ path: [to], message: 'books.errors.dateOrder' });
  }
  return issues;
}

function toPayload(v: BookValues, mode: 'create' | 'edit') {
  const { folder, misc, door, __v, ...fields } = v;
  const payload = { ...fields, misc: { ...doorDataToMisc(door), ...entriesToMisc(misc) } };
  return mode === 'create' ? { ...payload, folder: folder === 'root' ? null : folder } : { ...payload, __v };
}

/**
 * Form values → the API's body, validated by the domain schema; the form's own rules and the domain's are
 * reported together, so one submit shows every field that needs attention.
 */
const formSchema = <S extends z.ZodType>(domain: S, mode: 'create' | 'edit') =>
  z
    .custom<BookValues>((input) => !!input && typeof input === 'object')
    .transform((values, ctx): z.output<S> => {
      const issues = formIssues(values);
      const result = domain.safeParse(toPayload(values, mode));
      if (!result.success) issues.push(...result.error.issues.map((i) => ({ path: i.path, message: i.message })));
      for (const issue of issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: values });
      return result.success && issues.length === 0 ? result.data : z.NEVER;
    });

export const BOOK_FORM_SCHEMAS = {
  create: formSchema(bookCreateSchema, 'create'),
  edit: formSchema(bookUpdateSchema, 'edit'),
} as const;
