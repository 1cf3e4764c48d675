/**
 * Offers and the defects of inspection records link to each other: an offer is started from a defect
 * (the draft is filled from the book and the defect), and a book shows which of its defects are offered.
 */
import type { DetailKey } from '@pruefbuch/domain/error-codes';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import {
  type DefectOffer,
  OFFER_DEFAULTS,
  type OfferDraft,
  type OfferFields,
  type OfferSource,
} from '@pruefbuch/domain/schemas/offer';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { type books, inspections, offers } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { badField, notFound } from '../../platform/errors';
import { findBook } from '../books/books.repo';
import { AMPEL_RANK } from './offers.repo';

type BookRow = typeof books.$inferSelect;

export interface ResolvedSource {
  book: BookRow;
  record: { id: string; who: string };
  defect: { _id: string; text: string };
}

/** The book, record and defect a source names in the tenant, or which of them is unknown. */
async function findSource(
  db: Executor,
  tenantId: string,
  s: OfferSource,
): Promise<ResolvedSource | { missing: 'book' | 'record' | 'defect' }> {
  const book = await findBook(db, tenantId, s.book);
  if (!book) return { missing: 'book' };
  const [record] = await db
    .select({ id: inspections.id, who: inspections.who, defects: inspections.defects })
    .from(inspections)
    .where(and(eq(inspections.id, s.record), eq(inspections.bookId, book.id), eq(inspections.tenantId, tenantId)))
    .limit(1);
  if (!record) return { missing: 'record' };
  const defect = record.defects.find((d) => d._id === s.defect);
  if (!defect?._id) return { missing: 'defect' };
  return { book, record: { id: record.id, who: record.who }, defect: { _id: defect._id, text: defect.text } };
}

const SOURCE_UNKNOWN: DetailKey = 'validation.offer.source';

/** The source of a new offer: a defect of a record of a book of the tenant; else a 400 at the part that is unknown. */
export async function resolveSource(db: Executor, tenantId: string, s: OfferSource): Promise<ResolvedSource> {
  const found = await findSource(db, tenantId, s);
  if ('missing' in found) throw badField(`source.${found.missing}`, SOURCE_UNKNOWN);
  return found;
}

/** How the protocol names the source: the book and the defect's text. */
export const sourceLabel = (s: ResolvedSource) => `${s.book.title}: ${s.defect.text}`;

const clip = (v: string | null | undefined, max: number) => (v ?? '').trim().slice(0, max);
const isEmail = (v: string) => z.email().max(254).safeParse(v).success;

/** GET offer/draftFromDefect: an unsaved offer filled from the book and the defect; an unknown one is a 404. */
export async function draftFromDefect(ctx: TenantContext, s: OfferSource): Promise<OfferDraft> {
  const found = await findSource(ctx.db, ctx.tenantId, s);
  if ('missing' in found) throw notFound();
  const { book, record, defect } = found;
  const a = book.objectaddress;
  const street = a ? [a.street, a.housenumber].filter(Boolean).join(' ') : '';
  const place = a ? [a.zip, a.location].filter(Boolean).join(' ') : '';
  const mail = book.contactMail.trim();
  const fields: OfferFields = {
    ...OFFER_DEFAULTS,
    receivedVia: 'techniker',
    receivedDate: berlinToday(),
    receivedFrom: clip(record.who, 200),
    debitor: clip(book.customer, 200),
    objekt: clip(book.object || book.title, 300),
    // The installation and where it is: the object's address, the site, the book's title and serial.
    objektdaten: clip(
      [
        [street, place].filter(Boolean).join(', '),
        book.site,
        [book.title, book.manufacturerNo].filter(Boolean).join(' · '),
      ]
        .filter(Boolean)
        .join('\n'),
      2000,
    ),
    plz: clip(a?.zip, 10),
    contactPerson: clip(book.contactName, 200),
    customerEmail: isEmail(mail) ? mail : '',
    contactPersonTelNr: clip(book.contactTel, 60),
    ofmUser: null,
    notes: clip(defect.text, 4000),
  };
  return { fields, source: s, defectText: defect.text };
}

const COLOUR: Record<number, DefectOffer['ampelColour']> = Object.fromEntries(
  Object.entries(AMPEL_RANK).map(([colour, rank]) => [rank, colour]),
) as Record<number, DefectOffer['ampelColour']>;

/** GET offer/byBook/{id}: the offers started from defects of the book, oldest first. */
export async function offersOfBook(ctx: TenantContext, bookId: string): Promise<DefectOffer[]> {
  if (!(await findBook(ctx.db, ctx.tenantId, bookId))) throw notFound();
  const rows = await ctx.db
    .select({
      id: offers.id,
      record: offers.sourceRecordId,
      defect: offers.sourceDefectId,
      offerNr: offers.offerNr,
      status: offers.status,
      ampel: offers.ampel,
      rank: offers.ampelRank,
    })
    .from(offers)
    .where(and(eq(offers.tenantId, ctx.tenantId), eq(offers.sourceBookId, bookId)))
    .orderBy(asc(offers.createdAt), asc(offers.id));
  return rows.flatMap((r) =>
    r.record && r.defect
      ? [
          {
            defect: r.defect,
            record: r.record,
            offerId: r.id,
            offerNr: r.offerNr,
            status: r.status as DefectOffer['status'],
            ampel: r.ampel as DefectOffer['ampel'],
            ampelColour: COLOUR[r.rank] ?? 'green',
          },
        ]
      : [],
  );
}
