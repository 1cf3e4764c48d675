/**
 * Queries of technical offers and the mapping between the row and the offer of the API, both named as
 * the schema's fields (a block one jsonb column). Every query takes the tenant id of the verified request.
 */
import { flattenRecord, type ObjectSchema, pickFields, readFields } from '@pruefbuch/domain/record-fields';
import { Role } from '@pruefbuch/domain/roles';
import {
  followUpDue as isFollowUpDue,
  type OfferAmpelColour,
  type OfferAmpelInput,
  type OfferAmpelLabel,
  type OfferStatus,
  offerAmpel,
  offerStatusOf,
} from '@pruefbuch/domain/rules/offer-ampel';
import {
  OFFER_DEFAULTS,
  type Offer,
  type OfferFields,
  type OfferFile,
  type OfferListItem,
  type OfferType,
  offerFieldsSchema,
  offerTypeOf,
} from '@pruefbuch/domain/schemas/offer';
import { and, asc, eq, getTableColumns, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { blobs, books, inspections, offerFiles, offers, users, userTenants } from '../../db/schema/index';
import { jsonObjectWith } from '../../platform/replies';

/** An offer's columns but its stored list item, which only the list reads (offers.list.ts). */
const { listItem: _listItem, ...rowColumns } = getTableColumns(offers);
export const offerRowColumns = rowColumns;
export type OfferRow = Omit<typeof offers.$inferSelect, 'listItem'>;

/** The colour's rank in ampel_rank: the list sorts worst first. */
export const AMPEL_RANK: Record<OfferAmpelColour, number> = { red: 3, orange: 2, green: 1 };
const COLOUR_OF_RANK: Record<number, OfferAmpelColour> = { 3: 'red', 2: 'orange', 1: 'green' };

/** Attachments are blobs of this type, without a book, linked in offer_files. */
export const OFFER_ATTACHMENT_TYPE = 'offer-attachment';

/** A talk is still to be had: no result, or the offer was not understood (a reminder is needed). */
export const talkOpen = () =>
  // The value as a literal, not a parameter: a prepared statement's generic plan can then use the partial
  // index offers_follow_up_open_idx, whose predicate names it.
  or(isNull(offers.talkResult), sql`${offers.talkResult} = 'angebot_war_nicht_verstaendlich'`) as SQL;

// ---------------------------------------------------------------------------------------------
// Row ↔ fields

/**
 * The fields a client writes, read from the row. Every field is a column of the same name and type (a
 * block one jsonb column), so the schema's keys pick them; the compiler checks the types.
 */
export const fieldsOf = (row: OfferRow): OfferFields => readFields(offerFieldsSchema, OFFER_DEFAULTS, row);

/** The columns of the fields a client writes. */
export const columnsOf = (f: OfferFields) => pickFields(offerFieldsSchema, f);

/** What only the server sets and the ampel reads besides the fields. */
export interface ServerState {
  orderId: string | null;
  ktbInformedAt: Date | null;
  takeOverRequestedAt: Date | null;
}

export function ampelInputOf(f: OfferFields, s: ServerState): OfferAmpelInput {
  return {
    ofmUser: f.ofmUser,
    receivedDate: f.receivedDate,
    deliveryDate: f.deliveryDate,
    ktb: f.ktb,
    ktbInformedAt: s.ktbInformedAt?.toISOString() ?? null,
    takeOverRequestedAt: s.takeOverRequestedAt?.toISOString() ?? null,
    angebot: {
      offerNr: f.angebot.offerNr,
      offerDate: f.angebot.offerDate,
      offerFollowUpDate: f.angebot.offerFollowUpDate,
      talkResult: f.angebot.talkResult,
    },
    opm: { orderId: s.orderId, status: f.opm.status },
    ersatzteile: { orderNumber: f.ersatzteile.orderNumber, orderDate: f.ersatzteile.orderDate },
  };
}

/** The derived columns (ampel and its rank, status, type) of an offer on `today`. */
export function derivedOf(f: OfferFields, s: ServerState, today: string) {
  const ampel = offerAmpel(ampelInputOf(f, s), today);
  const status = offerStatusOf(f.angebot.talkResult);
  return {
    ampel: ampel.label,
    ampelRank: AMPEL_RANK[ampel.colour],
    status,
    type: offerTypeOf({ abteilung: f.abteilung, status }),
  };
}

/**
 * What the protocol records of offers of this schema: the fields, the blocks field by field
 * ('angebot.offerNr', 'abteilung.bau'), and what the server derives or sets (domain/protocol.ts OFFER).
 */
export const offerAuditView =
  (schema: ObjectSchema) =>
  (row: OfferRow): Record<string, unknown> => ({
    ...flattenRecord(schema, row),
    'opm.orderId': row.orderId,
    ampel: row.ampel,
    status: row.status,
    ktbInformedAt: row.ktbInformedAt,
    takeOverRequestedAt: row.takeOverRequestedAt,
  });

/** What the protocol records of an offer. */
export const auditViewOf = offerAuditView(offerFieldsSchema);

// ---------------------------------------------------------------------------------------------
// Reading

export const ofmUsers = alias(users, 'ofm_users');
export const opmUsers = alias(users, 'opm_users');
export const ktbUsers = alias(users, 'ktb_users');
const person = (u: typeof ofmUsers | typeof opmUsers | typeof ktbUsers) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  abbreviation: u.abbreviation,
});

/** The text of the source defect, read from its record (empty when the defect is gone). */
const defectText = sql<string | null>`(select d ->> 'text' from ${inspections} as i
  cross join lateral jsonb_array_elements(i.defects) as d
  where i.id = ${offers.sourceRecordId} and i.tenant_id = ${offers.tenantId} and d ->> '_id' = ${offers.sourceDefectId}
  limit 1)`;

/** What an offer's reply is made of: the row, its people, its book, its defect and its file count. */
export const offerColumns = {
  row: offerRowColumns,
  ofm: person(ofmUsers),
  opm: person(opmUsers),
  ktb: person(ktbUsers),
  bookTitle: books.title,
  defectText,
  fileCount: sql<number>`(select count(*) from ${offerFiles} where ${offerFiles.offerId} = ${offers.id})::int`.mapWith(
    Number,
  ),
};

function selectOffers(db: Executor, extra: Record<string, SQL.Aliased | SQL> = {}) {
  return db
    .select({ ...offerColumns, ...extra })
    .from(offers)
    .leftJoin(ofmUsers, eq(ofmUsers.id, offers.ofmUser))
    .leftJoin(opmUsers, eq(opmUsers.id, offers.opmUser))
    .leftJoin(ktbUsers, eq(ktbUsers.id, offers.ktb))
    .leftJoin(books, and(eq(books.id, offers.sourceBookId), eq(books.tenantId, offers.tenantId)));
}

type Person = { id: string | null; firstName: string | null; lastName: string | null; abbreviation: string | null };
/** What an offer's reply reads from other rows: its people, its source's book and defect, its attachment count. */
type Joined = {
  ofm: Person | null;
  opm: Person | null;
  ktb: Person | null;
  bookTitle: string | null;
  defectText: string | null;
  fileCount: number;
};
export type OfferSelect = { row: OfferRow } & Joined;

/** One offer of the tenant with what its reply names, or null. */
export async function findOffer(db: Executor, tenantId: string, id: string): Promise<OfferSelect | null> {
  const [row] = await selectOffers(db)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)))
    .limit(1);
  return row ?? null;
}

/** Offers of the tenant by their ids, with what their replies name, in no order. */
export function findOffers(db: Executor, tenantId: string, ids: string[]): Promise<OfferSelect[]> {
  return selectOffers(db).where(and(eq(offers.tenantId, tenantId), inArray(offers.id, ids)));
}

const offerRowOf = (db: Executor, tenantId: string, id: string) =>
  db
    .select(offerRowColumns)
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)))
    .limit(1);

/** The row alone, for a read that writes nothing (another tenant's is null). */
export async function findOfferRow(db: Executor, tenantId: string, id: string) {
  const [row] = await offerRowOf(db, tenantId, id);
  return row ?? null;
}

/** The row alone, locked for a write. */
export async function lockOffer(db: Executor, tenantId: string, id: string) {
  const [row] = await offerRowOf(db, tenantId, id).for('update');
  return row ?? null;
}

/** Whether the offer exists in the tenant (the protocol asks this when it finds no rows). */
export async function offerExists(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)))
    .limit(1);
  return row ?? null;
}

/** The attachments of an offer, oldest first. */
export function filesOf(db: Executor, offerId: string) {
  return db
    .select({ blob: blobs, linkedAt: offerFiles.createdAt })
    .from(offerFiles)
    .innerJoin(blobs, eq(blobs.id, offerFiles.blobId))
    .where(eq(offerFiles.offerId, offerId))
    .orderBy(asc(offerFiles.createdAt), asc(blobs.id));
}

export const toFileDto = (b: typeof blobs.$inferSelect): OfferFile => ({
  _id: b.id,
  name: b.fileName,
  contentType: b.contentType,
  size: b.size,
  createdAt: b.createdAt.toISOString(),
});

// ---------------------------------------------------------------------------------------------
// The reply

/** A left-joined user: null (or all fields null) when nobody is named or the user is gone. */
const userRefOf = (u: Person | null) =>
  u?.id
    ? { _id: u.id, name: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim(), abbreviation: u.abbreviation ?? '' }
    : null;

function sourceOf(s: Pick<ListJoins, 'row' | 'bookTitle' | 'defectText'>) {
  const r = s.row;
  if (!r.sourceBookId || !r.sourceRecordId || !r.sourceDefectId) return null;
  return {
    book: r.sourceBookId,
    record: r.sourceRecordId,
    defect: r.sourceDefectId,
    bookTitle: s.bookTitle ?? '',
    defectText: s.defectText ?? '',
  };
}

/**
 * What a list row takes from elsewhere than the offer's own columns, added as a page is read (offers.list.ts):
 * whether the follow-up is due (a matter of the day), the people named (their names; their ids too, which a
 * deleted user's set null without a write of the offer), the source (a deleted book's likewise) and the
 * attachment count. The rest of the row is the offer's own, stored with every write (offers.store.ts).
 */
export const LIST_ITEM_JOINED_KEYS = [
  'ofmUser',
  'opmUser',
  'ktb',
  'followUpDue',
  'users',
  'source',
  'fileCount',
] as const;
type JoinedKey = (typeof LIST_ITEM_JOINED_KEYS)[number];
export type OwnListItem = Omit<OfferListItem, JoinedKey>;

/** The fields a list row stores: all but the long object description and the people's ids. */
const ownFieldsSchema = offerFieldsSchema.omit({ objektdaten: true, ofmUser: true, opmUser: true, ktb: true });
const { objektdaten: _long, ofmUser: _ofm, opmUser: _opm, ktb: _ktb, ...OWN_DEFAULTS } = OFFER_DEFAULTS;

/** What a list row has of its own besides the fields; of the fields it replaces only `opm` (adding the order). */
export const LIST_ITEM_OWN_KEYS = [
  '_id',
  'tenant',
  'ampel',
  'ampelColour',
  'status',
  'type',
  'opm',
  'ktbInformedAt',
  'takeOverRequestedAt',
  '__v',
  'createdAt',
  'updatedAt',
] as const;

/**
 * The part of an offer's list row that is the offer's own, from its row alone. Its own part is written out,
 * the fields are copied in: spreading the fields into a literal took 25 µs a row (each row's fields have a
 * shape of their own to V8), copying them 2 µs (bench/offers.ts lists).
 */
export function ownListItemOf(r: OfferRow): OwnListItem {
  const fields = readFields(ownFieldsSchema, OWN_DEFAULTS, r);
  const own = {
    _id: r.id,
    tenant: r.tenantId,
    ampel: r.ampel as OfferAmpelLabel,
    ampelColour: COLOUR_OF_RANK[r.ampelRank] ?? 'green',
    status: r.status as OfferStatus,
    type: r.type as OfferType,
    opm: { ...fields.opm, orderId: r.orderId },
    ktbInformedAt: r.ktbInformedAt?.toISOString() ?? null,
    takeOverRequestedAt: r.takeOverRequestedAt?.toISOString() ?? null,
    __v: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  } satisfies Record<(typeof LIST_ITEM_OWN_KEYS)[number], unknown>;
  const { opm } = own;
  return Object.assign(Object.assign(own, fields), { opm });
}

/** What the joined part of a list row is read from: the offer's columns that name other rows, and those rows. */
export type ListJoins = Joined & {
  row: Pick<
    OfferRow,
    | 'ofmUser'
    | 'opmUser'
    | 'ktb'
    | 'talkResult'
    | 'offerFollowUpDate'
    | 'sourceBookId'
    | 'sourceRecordId'
    | 'sourceDefectId'
  >;
};

/** The part of a list row that is not the offer's own (LIST_ITEM_JOINED_KEYS), on `today`. */
export function joinedListItemOf(s: ListJoins, today: string): Pick<OfferListItem, JoinedKey> {
  const r = s.row;
  const angebot = { talkResult: r.talkResult, offerFollowUpDate: r.offerFollowUpDate };
  return {
    ofmUser: r.ofmUser,
    opmUser: r.opmUser,
    ktb: r.ktb,
    followUpDue: isFollowUpDue({ angebot }, today),
    users: { ofm: userRefOf(s.ofm), opm: userRefOf(s.opm), ktb: userRefOf(s.ktb) },
    source: sourceOf(s),
    fileCount: s.fileCount,
  };
}

/** The list row of an offer on `today` (followUpDue is a matter of the day). */
export const toListItem = (s: OfferSelect, today: string): OfferListItem =>
  Object.assign(ownListItemOf(s.row), joinedListItemOf(s, today));

/** A list row as a page sends it: the stored own part (offers.store.ts) with the joined part added, as JSON text. */
export const listItemText = (own: string, joined: Pick<OfferListItem, JoinedKey>) => jsonObjectWith(own, joined);

export function toOfferDto(s: OfferSelect, files: OfferFile[], today: string): Offer {
  const { fileCount: _count, ...item } = toListItem(s, today);
  return { ...item, objektdaten: s.row.objektdaten, files };
}

// ---------------------------------------------------------------------------------------------
// The people of an offer

/** Users that can be named OFM, OPM or KTB: members of the tenant, not resigned, no branch users. */
export function pickableUsers(db: Executor, tenantId: string, ids?: string[]) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      abbreviation: users.abbreviation,
      department: users.department,
      email: users.email,
    })
    .from(users)
    .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId)))
    .where(
      and(
        ne(users.role, Role.ROLE_FILIALE),
        eq(users.isResigned, false),
        ids ? inArray(users.id, ids.length ? ids : [NO_ID]) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}
const NO_ID = '00000000-0000-0000-0000-000000000000';

export const USER_FIELDS = ['ofmUser', 'opmUser', 'ktb'] as const;
