/** The mails of offers: the KTB reminder, and the daily run with its follow-up mails, on fixed dates. */
import { Role } from '@pruefbuch/domain/roles';
import type { Offer } from '@pruefbuch/domain/schemas/offer';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fieldsOf, member } from '../../../test/fixtures/books';
import { angebot, ersatzteile, FOREIGN, mailsTo, offerRow, offerWorld } from '../../../test/fixtures/offers';
import { createTestApp, PUBLIC_URL } from '../../../test/helper';
import { users } from '../../db/schema/index';
import { startOfferDayJob } from './offers.job';
import { runOfferDay } from './offers.mails';

const t = await createTestApp();
const deps = {
  mailer: t.app.deps.mailer,
  publicUrl: PUBLIC_URL,
  fileRemovalGraceHours: t.config.fileRemovalGraceHours,
};

describe('POST offer/sendktbremindermail', () => {
  it('mails the KTB the offer’s data and a link, records when, and moves the ampel on', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({
      ofmUser: w.ofm.id,
      ktb: w.ktb.id,
      csnr: 'CS-815',
      debitor: 'Galeria Kaufhof',
      objekt: 'Kaufhof Zeil',
      angebot: angebot({
        offerNr: 'A-2024-17',
        offerDate: '2024-05-02',
        offerSum: 1234.5,
        talkResult: 'angebot_ist_beauftragt',
      }),
      ersatzteile: ersatzteile({ orderNumber: 'B-1', orderDate: '2024-05-10' }),
    });
    expect(offer.ampel).toBe('inform_ktb');
    const res = await w.call('POST', '/offer/sendktbremindermail', {
      offerId: offer._id,
      message: 'Bitte den Termin mit dem Kunden abstimmen.',
    });
    expect(res.statusCode).toBe(200);
    const reply = res.json() as { sentTo: string; queuedAt: string; ktbInformedAt: string | null };
    expect(reply.sentTo).toBe(w.ktb.email);
    expect(Date.parse(reply.queuedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Queued, not yet delivered: the KTB is not informed yet and the ampel still asks for it.
    expect(reply.ktbInformedAt).toBeNull();
    expect(await offerRow(t, offer._id)).toMatchObject({ ktbInformedAt: null, ampel: 'inform_ktb' });

    const [mail] = await mailsTo(t, w.ktb.email);
    expect(mail?.subject).toBe('Angebot A-2024-17: bitte zur Kenntnis');
    for (const part of [
      'Guten Tag Karl Berater',
      'Olga Office bittet Sie',
      'Objekt: Kaufhof Zeil',
      'Debitor: Galeria Kaufhof',
      'CS-Nr.: CS-815',
      'Angebotssumme: 1.234,50',
      'Gesprächsergebnis: Angebot ist beauftragt',
      'Bitte den Termin mit dem Kunden abstimmen.',
      `${PUBLIC_URL}/app/offer/${offer._id}`,
    ]) {
      expect(mail?.text).toContain(part);
    }

    // Delivered (here: stored, no SMTP configured): informed at the moment of delivery.
    const after = (await w.call('GET', `/offer/${offer._id}`)).json() as Offer;
    expect(after).toMatchObject({ ampel: 'order_received', __v: 0 });
    expect(after.ktbInformedAt).toBe(mail?.sentAt?.toISOString());
    const protocol = (await w.call('GET', `/protocol/getProtocolByOffer/${offer._id}`)).json() as { field: string }[];
    expect(protocol.map((e) => e.field)).toEqual(expect.arrayContaining(['ktbInformedAt', 'ampel']));
  });

  it('mails another user of the tenant when one is named; without any recipient it is a 400', async () => {
    const w = await offerWorld(t);
    const other = await offerWorld(t, 'Fremd');
    const offer = await w.create({ objekt: 'Rathaus' });
    const none = await w.call('POST', '/offer/sendktbremindermail', { offerId: offer._id });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('OFFER_NO_KTB');
    expect(fieldsOf(none)).toEqual(['userId']);
    const foreign = await w.call('POST', '/offer/sendktbremindermail', { offerId: offer._id, userId: other.ktb.id });
    expect(fieldsOf(foreign)).toEqual(['userId']);
    expect(await mailsTo(t, other.ktb.email)).toEqual([]);
    expect((await offerRow(t, offer._id)).ktbInformedAt).toBeNull();

    const res = await w.call('POST', '/offer/sendktbremindermail', { offerId: offer._id, userId: w.opm.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().sentTo).toBe(w.opm.email);
    const [mail] = await mailsTo(t, w.opm.email);
    expect(mail?.subject).toBe('Angebot Rathaus: bitte zur Kenntnis');
    expect(mail?.text).toContain('Gesprächsergebnis: –');

    expect(
      (await w.call('POST', '/offer/sendktbremindermail', { offerId: FOREIGN, userId: w.opm.id })).statusCode,
    ).toBe(404);
    const branch = await member(t, Role.ROLE_FILIALE, [w.tenantId]);
    expect((await w.call('POST', '/offer/sendktbremindermail', { offerId: offer._id }, branch.token)).statusCode).toBe(
      403,
    );
  });

  it('refuses a KTB who has resigned since', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({ ktb: w.ktb.id });
    await t.database.db.update(users).set({ isResigned: true }).where(eq(users.id, w.ktb.id));
    const res = await w.call('POST', '/offer/sendktbremindermail', { offerId: offer._id });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['ktb']);
  });
});

describe('the daily run', () => {
  it('moves every ampel on to the day and mails the OFM once per follow-up date', async () => {
    const w = await offerWorld(t);
    const run = (day: string) => runOfferDay(t.database.db, deps, day, { tenantId: w.tenantId });
    const followed = await w.create({
      ofmUser: w.ofm.id,
      objekt: 'Kaufhof Zeil',
      receivedDate: '2030-02-20',
      angebot: angebot({ offerNr: 'A-10', offerDate: '2030-03-01', offerFollowUpDate: '2030-03-10' }),
    });
    const notCreated = await w.create({ ofmUser: w.ofm.id, receivedDate: '2030-03-01' });
    const lost = await w.create({
      ofmUser: w.ofm.id,
      angebot: angebot({
        offerNr: 'A-11',
        offerDate: '2030-03-01',
        offerFollowUpDate: '2030-03-05',
        talkResult: 'absage_wird_nicht_realisiert',
      }),
    });
    const nobody = await w.create({
      angebot: angebot({ offerNr: 'A-12', offerDate: '2030-03-01', offerFollowUpDate: '2030-03-05' }),
    });
    const ampel = async (o: Offer) => {
      const row = await offerRow(t, o._id);
      return `${row.ampel}/${row.ampelRank}`;
    };
    expect(await ampel(followed)).toBe('follow_up_open/1');

    expect(await run('2030-03-05')).toEqual({ ampels: 0, mails: 0, files: 0 });
    expect(await ampel(notCreated)).toBe('offer_not_created/2');

    expect(await run('2030-03-10')).toEqual({ ampels: 0, mails: 1, files: 0 });
    const [mail, ...more] = await mailsTo(t, w.ofm.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Nachfassen fällig: Angebot A-10');
    expect(mail?.text).toContain('Guten Tag Frieda Fassnach');
    expect(mail?.text).toContain('(Kaufhof Zeil)');
    expect(mail?.text).toContain('Nachfassdatum 10.03.2030');
    expect(mail?.text).toContain(`${PUBLIC_URL}/app/offer/${followed._id}`);
    expect((await offerRow(t, followed._id)).followUpMailedFor).toBe('2030-03-10');
    // The same day again, and the next day: the follow-up date was mailed already.
    expect(await run('2030-03-10')).toEqual({ ampels: 0, mails: 0, files: 0 });
    // The next day the follow-up has expired (red), and the offer without number is late (red).
    expect(await run('2030-03-12')).toEqual({ ampels: 2, mails: 0, files: 0 });
    expect(await ampel(followed)).toBe('follow_up_expired/3');
    expect(await ampel(notCreated)).toBe('offer_not_created/3');
    expect(await ampel(lost)).toBe('agenda_done/1');
    expect(await ampel(nobody)).toBe('no_ofm/3');

    // A new follow-up date brings a new mail on its day.
    const moved = await w.call('PUT', `/offer/${followed._id}`, {
      __v: 0,
      angebot: { ...followed.angebot, offerFollowUpDate: '2030-03-20' },
    });
    expect(moved.statusCode).toBe(200);
    expect(await run('2030-03-19')).toEqual({ ampels: 0, mails: 0, files: 0 });
    expect(await run('2030-03-20')).toEqual({ ampels: 0, mails: 1, files: 0 });
    expect((await mailsTo(t, w.ofm.email)).map((m) => m.subject)).toHaveLength(2);

    // A talk result ends the follow-up; an OFM who has resigned gets no mail.
    const talked = await w.create({
      ofmUser: w.ktb.id,
      angebot: angebot({ offerNr: 'A-13', offerDate: '2030-03-01', offerFollowUpDate: '2030-03-21' }),
    });
    await t.database.db.update(users).set({ isResigned: true }).where(eq(users.id, w.ktb.id));
    expect((await run('2030-03-22')).mails).toBe(0);
    expect(await mailsTo(t, w.ktb.email)).toEqual([]);
    await t.database.db.update(users).set({ isResigned: false }).where(eq(users.id, w.ktb.id));
    await w.call('PUT', `/offer/${talked._id}`, {
      __v: 0,
      angebot: { ...talked.angebot, talkResult: 'absage_preis_war_zu_hoch' },
    });
    expect((await run('2030-03-22')).mails).toBe(0);
  });

  it('runs from the job as well (the first check of the day recomputes, later ones only mail)', async () => {
    const logged: string[] = [];
    const log = {
      info: (_: object, msg: string) => logged.push(msg),
      error: (_: object, msg: string) => logged.push(msg),
    };
    const job = startOfferDayJob(t.database.db, deps, log, { firstAfterMs: 60_000 });
    await job.run();
    await job.run();
    await job.stop();
    expect(logged).toEqual(['offer day run']);
  });
});
