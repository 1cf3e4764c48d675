/** Offers and the defects of inspection records: the draft from a defect, the link both ways, the book's offers. */
import { Role } from '@pruefbuch/domain/roles';
import type { DefectOffer, Offer, OfferDraft } from '@pruefbuch/domain/schemas/offer';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fieldsOf, member } from '../../../test/fixtures/books';
import { angebot, bookWithDefects, FOREIGN, isoDay, offerRow, offerWorld } from '../../../test/fixtures/offers';
import { createTestApp } from '../../../test/helper';
import { books } from '../../db/schema/index';

const t = await createTestApp();

describe('GET offer/draftFromDefect', () => {
  it('fills an unsaved offer from the book and the defect', async () => {
    const w = await offerWorld(t);
    const { book, record, defect } = await bookWithDefects(t, w);
    const q = `book=${book._id}&record=${record._id}&defect=${defect._id}`;
    const res = await w.call('GET', `/offer/draftFromDefect?${q}`);
    expect(res.statusCode).toBe(200);
    const draft = res.json() as OfferDraft;
    expect(draft.source).toEqual({ book: book._id, record: record._id, defect: defect._id });
    expect(draft.defectText).toBe('Sensor links defekt');
    expect(draft.fields).toMatchObject({
      receivedVia: 'techniker',
      receivedFrom: 'Tobias Techniker',
      debitor: 'Galeria Kaufhof GmbH',
      objekt: 'Kaufhof Zeil',
      plz: '60313',
      contactPerson: 'Herr Hausmeister',
      customerEmail: 'hausmeister@kaufhof.example',
      contactPersonTelNr: '069 99999',
      notes: 'Sensor links defekt',
      ofmUser: null,
      aktuelle_abteilung: 5,
      angebot: { offerNr: '', talkResult: null },
    });
    expect(draft.fields.objektdaten).toBe(`Zeil 106, 60313 Frankfurt am Main\nHaupteingang\n${book.title} · SN-4711`);
    expect([isoDay(-1), isoDay(0), isoDay(1)]).toContain(draft.fields.receivedDate);

    // Saved as it is, the draft makes an offer linked to the defect.
    const created = await w.call('POST', '/offer', { ...draft.fields, source: draft.source });
    expect(created.statusCode).toBe(201);
    const offer = created.json() as Offer;
    expect(offer.source).toEqual({
      book: book._id,
      record: record._id,
      defect: defect._id,
      bookTitle: book.title,
      defectText: 'Sensor links defekt',
    });
    expect(await offerRow(t, offer._id)).toMatchObject({
      sourceBookId: book._id,
      sourceRecordId: record._id,
      sourceDefectId: defect._id,
    });
    const protocol = (await w.call('GET', `/protocol/getProtocolByOffer/${offer._id}`)).json() as {
      field: string;
      newValue: string | null;
    }[];
    expect(protocol.find((e) => e.field === 'source')?.newValue).toBe(`${book.title}: Sensor links defekt`);
  });

  it('takes the title when the book names no object, and leaves out a contact mail that is not one', async () => {
    const w = await offerWorld(t);
    const { book, record, defect } = await bookWithDefects(t, w, {
      object: '',
      objectaddress: null,
      site: '',
      manufacturerNo: '',
    });
    // Older books (imported) may hold anything there.
    await t.database.db.update(books).set({ contactMail: 'beim Pförtner fragen' }).where(eq(books.id, book._id));
    const res = await w.call(
      'GET',
      `/offer/draftFromDefect?book=${book._id}&record=${record._id}&defect=${defect._id}`,
    );
    expect(res.statusCode).toBe(200);
    const draft = res.json() as OfferDraft;
    expect(draft.fields).toMatchObject({ objekt: book.title, plz: '', customerEmail: '', objektdaten: book.title });
  });

  it('answers a book, record or defect the tenant does not have with 404', async () => {
    const w = await offerWorld(t);
    const other = await offerWorld(t, 'Fremd');
    const { book, record, defect } = await bookWithDefects(t, w);
    const theirs = await bookWithDefects(t, other);
    for (const q of [
      `book=${FOREIGN}&record=${record._id}&defect=${defect._id}`,
      `book=${book._id}&record=${FOREIGN}&defect=${defect._id}`,
      `book=${book._id}&record=${record._id}&defect=nope`,
      `book=${book._id}&record=${theirs.record._id}&defect=${theirs.defect._id}`,
      `book=${theirs.book._id}&record=${theirs.record._id}&defect=${theirs.defect._id}`,
    ]) {
      expect((await w.call('GET', `/offer/draftFromDefect?${q}`)).statusCode, q).toBe(404);
    }
    expect((await w.call('GET', `/offer/draftFromDefect?book=${book._id}`)).statusCode).toBe(400);
    const branch = await member(t, Role.ROLE_FILIALE, [w.tenantId]);
    const q = `book=${book._id}&record=${record._id}&defect=${defect._id}`;
    expect((await w.call('GET', `/offer/draftFromDefect?${q}`, undefined, branch.token)).statusCode).toBe(403);
  });
});

describe('POST offer with a source', () => {
  it('refuses a source that names no defect of a record of a book of the tenant, at the part that is wrong', async () => {
    const w = await offerWorld(t);
    const other = await offerWorld(t, 'Fremd');
    const { book, record, defect } = await bookWithDefects(t, w);
    const second = await bookWithDefects(t, w);
    const theirs = await bookWithDefects(t, other);
    const cases: [Record<string, string>, string][] = [
      [{ book: FOREIGN, record: record._id, defect: defect._id }, 'source.book'],
      [{ book: theirs.book._id, record: theirs.record._id, defect: theirs.defect._id }, 'source.book'],
      [{ book: book._id, record: second.record._id, defect: second.defect._id }, 'source.record'],
      [{ book: book._id, record: record._id, defect: second.defect._id ?? '' }, 'source.defect'],
    ];
    for (const [source, field] of cases) {
      const res = await w.call('POST', '/offer', { csnr: 'X', source });
      expect(res.statusCode, field).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
      expect(res.json().details[0].key).toBe('validation.offer.source');
    }
    expect(((await w.call('GET', '/offer')).json() as { total: number }).total).toBe(0);
  });
});

describe('GET offer/byBook/{id} and the book filter of the list', () => {
  it('lists the offers started from the book’s defects with their state', async () => {
    const w = await offerWorld(t);
    const { book, record, defect, other: secondDefect } = await bookWithDefects(t, w);
    const elsewhere = await bookWithDefects(t, w);
    const first = await w.create({
      ofmUser: w.ofm.id,
      source: { book: book._id, record: record._id, defect: defect._id },
      angebot: angebot({ offerNr: 'A-1', offerDate: isoDay(-2), talkResult: 'angebot_ist_beauftragt' }),
    });
    const second = await w.create({ source: { book: book._id, record: record._id, defect: secondDefect._id } });
    await w.create({
      source: { book: elsewhere.book._id, record: elsewhere.record._id, defect: elsewhere.defect._id },
    });
    await w.create({ csnr: 'ohne Mangel' });

    const res = await w.call('GET', `/offer/byBook/${book._id}`);
    expect(res.statusCode).toBe(200);
    const linked = res.json() as DefectOffer[];
    expect(linked).toEqual([
      {
        defect: defect._id,
        record: record._id,
        offerId: first._id,
        offerNr: 'A-1',
        status: 'commissioned',
        ampel: 'order_data_missing',
        ampelColour: 'red',
      },
      {
        defect: secondDefect._id,
        record: record._id,
        offerId: second._id,
        offerNr: '',
        status: 'waiting',
        ampel: 'no_ofm',
        ampelColour: 'red',
      },
    ]);
    const list = (await w.call('GET', `/offer?book=${book._id}`)).json() as { docs: Offer[]; total: number };
    expect(list.total).toBe(2);
    expect(list.docs.map((d) => d.source?.defectText).sort()).toEqual([
      'Antriebsriemen verschlissen',
      'Sensor links defekt',
    ]);

    const other = await offerWorld(t, 'Fremd');
    expect((await other.call('GET', `/offer/byBook/${book._id}`)).statusCode).toBe(404);
    expect((await other.call('GET', `/offer?book=${book._id}`)).statusCode).toBe(404);
    expect((await w.call('GET', `/offer/byBook/${FOREIGN}`)).statusCode).toBe(404);
    const bookWithout = await bookWithDefects(t, w);
    expect((await w.call('GET', `/offer/byBook/${bookWithout.book._id}`)).json()).toEqual([]);
  });
});
