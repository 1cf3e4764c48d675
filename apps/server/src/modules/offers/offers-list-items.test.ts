/**
 * The offers' stored list items (decision 074): every write keeps its offer's item, a page reads it with
 * what it takes from elsewhere (people, source, attachment count, the day), and an offer stored before the
 * items were is listed alike until the day's run stores its item.
 */
import { Role } from '@pruefbuch/domain/roles';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { type Offer, offerListReply } from '@pruefbuch/domain/schemas/offer';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertOffer } from '../../../test/factories';
import { member } from '../../../test/fixtures/books';
import { samples } from '../../../test/fixtures/documents';
import {
  angebot,
  ersatzteile,
  isoDay,
  type OfferWorld,
  offerWorld,
  uploadOfferFile,
} from '../../../test/fixtures/offers';
import { createTestApp } from '../../../test/helper';
import { deliverMails } from '../../../test/mail';
import { whileHeld } from '../../../test/row-held';
import { offers, users } from '../../db/schema/index';
import { refreshOfferAmpels } from './offers.mails';
import { keepListItems, listItemOf } from './offers.store';

const t = await createTestApp();

/** The offer as the list shows it, from GET offer/{id}: without the long description and the files, with their count. */
const asListed = (o: Offer) => {
  const { objektdaten: _long, files, ...row } = o;
  return { ...row, fileCount: files.length };
};

/** The offer's row of the list's page, checked against the list's reply schema. */
async function listed(w: OfferWorld, id: string) {
  const res = await w.call('GET', '/offer?size=100&inactive=true');
  expect(res.statusCode).toBe(200);
  expect(offerListReply.safeParse(res.json()).success).toBe(true);
  return (res.json() as { docs: { _id: string }[] }).docs.find((d) => d._id === id);
}

/** The list shows the offer as GET offer/{id} reads it, field for field. */
async function expectListedAsRead(w: OfferWorld, id: string, step: string) {
  const read = (await w.call('GET', `/offer/${id}`)).json() as Offer;
  expect(await listed(w, id), step).toEqual(asListed(read));
  return read;
}

const storedItem = async (id: string) =>
  (await t.database.db.select({ item: offers.listItem }).from(offers).where(eq(offers.id, id)))[0]?.item;

describe('the offer list reads stored items', () => {
  it('shows an offer as it is read after every kind of write', async () => {
    const w = await offerWorld(t);
    const created = await w.create({
      ofmUser: w.ofm.id,
      ktb: w.ktb.id,
      debitor: 'Galeria Kaufhof',
      angebot: angebot({ offerNr: 'A-74', offerDate: isoDay(-10), offerFollowUpDate: isoDay(-2) }),
    });
    await expectListedAsRead(w, created._id, 'created');

    const put = await w.call('PUT', `/offer/${created._id}`, {
      __v: created.__v,
      opmUser: w.opm.id,
      angebot: angebot({ offerNr: 'A-74', offerDate: isoDay(-10), talkResult: 'angebot_ist_beauftragt' }),
      ersatzteile: ersatzteile({ orderNumber: 'B-74', orderDate: isoDay(-1) }),
    });
    expect(put.statusCode).toBe(200);
    const updated = await expectListedAsRead(w, created._id, 'updated');
    expect(updated).toMatchObject({ __v: 1, ampel: 'inform_ktb', users: { opm: { name: 'Otto Auftrag' } } });

    const pdf = { name: 'Angebot.pdf', content: samples.pdf(), contentType: 'application/pdf' };
    const uploaded = await uploadOfferFile(t, w, created._id, pdf);
    expect(uploaded.statusCode).toBe(201);
    const withFile = await expectListedAsRead(w, created._id, 'file uploaded');
    expect((await listed(w, created._id)) as unknown).toMatchObject({ fileCount: 1 });

    const removed = await w.call('DELETE', `/offer/${created._id}/files/${withFile.files[0]?._id}`);
    expect(removed.statusCode).toBe(200);
    await expectListedAsRead(w, created._id, 'file removed');

    expect((await w.call('POST', '/offer/sendktbremindermail', { offerId: created._id })).statusCode).toBe(200);
    await deliverMails(t);
    const informed = await expectListedAsRead(w, created._id, 'KTB informed');
    expect(informed.ktbInformedAt).not.toBeNull();

    expect((await w.call('POST', `/offer/${created._id}/takeover`)).statusCode).toBe(200);
    expect(await expectListedAsRead(w, created._id, 'take-over asked for')).toMatchObject({ ampel: 'taken_over' });

    // A user deleted leaves the offer without them, though the offer itself was not written.
    const admin = await member(t, Role.ADMIN_ROLE, []);
    const gone = await t.api({ method: 'DELETE', url: `/users/${w.opm.id}`, token: admin.token });
    expect(gone.statusCode).toBe(204);
    const without = await expectListedAsRead(w, created._id, 'OPM user deleted');
    expect(without).toMatchObject({ opmUser: null, users: { opm: null } });
  });

  it('moves an item on with the day: the run that changes the ampel stores the item with it', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({
      ofmUser: w.ofm.id,
      angebot: angebot({ offerNr: 'A-75', offerDate: isoDay(-5), offerFollowUpDate: isoDay(3) }),
    });
    expect(offer.ampel).toBe('follow_up_open');
    // Five days on, the follow-up date has passed.
    const changed = await refreshOfferAmpels(t.database.db, isoDay(5), { tenantId: w.tenantId });
    expect(changed).toBe(1);
    const moved = await expectListedAsRead(w, offer._id, 'day run');
    expect(moved.ampel).toBe('follow_up_expired');
  });

  it('lists an offer stored before the items as it is read, and the day’s run stores its item', async () => {
    const w = await offerWorld(t);
    const row = await insertOffer(t.database.db, w.tenantId, {
      ofmUser: w.ofm.id,
      debitor: 'Stadtwerke Kassel',
      angebot: { offerNr: 'A-76', offerDate: isoDay(-4), offerFollowUpDate: isoDay(-1) },
    });
    // As a database migrated from before the items holds it.
    await t.database.db.update(offers).set({ listItem: '' }).where(eq(offers.id, row.id));
    await expectListedAsRead(w, row.id, 'not stored');

    await refreshOfferAmpels(t.database.db, berlinToday(), { tenantId: w.tenantId });
    const [stored] = await t.database.db.select().from(offers).where(eq(offers.id, row.id));
    expect(stored && (await storedItem(row.id))).toBe(stored && listItemOf(stored));
    await expectListedAsRead(w, row.id, 'stored by the day run');
  });

  it('sends the joined part on top of the stored one: a renamed user shows under the new name', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({ ofmUser: w.ofm.id });
    const before = await storedItem(offer._id);
    await t.database.db.update(users).set({ firstName: 'Friederike' }).where(eq(users.id, w.ofm.id));
    expect(await storedItem(offer._id)).toBe(before);
    expect(await listed(w, offer._id)).toMatchObject({ users: { ofm: { name: 'Friederike Fassnach' } } });
  });
});

// Two connections at once: PostgreSQL only (the embedded database has one).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the day’s run beside a write', () => {
  it('leaves an offer written between its read and its write as that write stored it', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({
      ofmUser: w.ofm.id,
      angebot: angebot({ offerNr: 'A-77', offerDate: isoDay(-5), offerFollowUpDate: isoDay(3) }),
    });
    const db = t.database.db;
    const { written, waited, result } = await whileHeld(
      db,
      // A write that holds the offer's row: new notes, and the item made from them.
      async (tx) => {
        const rows = await tx
          .update(offers)
          .set({ notes: 'Rückruf vereinbart', updatedAt: new Date() })
          .where(eq(offers.id, offer._id))
          .returning();
        await keepListItems(tx, rows);
        return rows[0] ? listItemOf(rows[0]) : '';
      },
      // The run reads the offer as it was committed, then waits for the row to write its ampel and item.
      () => refreshOfferAmpels(db, isoDay(5), { tenantId: w.tenantId }),
    );
    expect(waited).toBe(1);
    expect(result).toBe(0);
    expect(await storedItem(offer._id)).toBe(written);
    expect(JSON.parse(written)).toMatchObject({ notes: 'Rückruf vereinbart', ampel: 'follow_up_open' });
  });
});
