/** SPEC §7 Offers on a real database: create, read, update (409), delete, the list with its filters, bad input. */
import { CustomerRole, Department, Role } from '@pruefbuch/domain/roles';
import type { Offer, OfferListItem } from '@pruefbuch/domain/schemas/offer';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fieldsOf, member } from '../../../test/fixtures/books';
import { angebot, ersatzteile, FOREIGN, isoDay, offerRow, offerWorld } from '../../../test/fixtures/offers';
import { createTestApp } from '../../../test/helper';
import { users } from '../../db/schema/index';

const t = await createTestApp();

type Page = { docs: OfferListItem[]; total: number; page: number; size: number; pages: number };
const ids = (p: Page) => p.docs.map((d) => d._id);

describe('POST/GET/PUT offer', () => {
  it('creates an offer from the defaults, derives its ampel, status and type, and records the protocol', async () => {
    const w = await offerWorld(t);
    const res = await w.call('POST', '/offer', { csnr: 'CS-100', objekt: 'Kaufhof Zeil', receivedVia: 'kunde' });
    expect(res.statusCode).toBe(201);
    const offer = res.json() as Offer;
    expect(offer).toMatchObject({
      tenant: w.tenantId,
      csnr: 'CS-100',
      objekt: 'Kaufhof Zeil',
      receivedVia: 'kunde',
      aktuelle_abteilung: Department.OFM,
      abteilung: { bau: false, ersatzteile: false },
      angebot: { offerNr: '', offerDate: null, talkResult: null },
      opm: { orderId: null, status: null },
      ampel: 'no_ofm',
      ampelColour: 'red',
      status: 'waiting',
      type: 'offer',
      followUpDue: false,
      users: { ofm: null, opm: null, ktb: null },
      source: null,
      files: [],
      ktbInformedAt: null,
      takeOverRequestedAt: null,
      __v: 0,
    });
    const got = await w.call('GET', `/offer/${offer._id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(offer);
    const protocol = (await w.call('GET', `/protocol/getProtocolByOffer/${offer._id}`)).json() as {
      field: string;
      newValue: string | null;
      action: string;
    }[];
    expect(protocol.every((e) => e.action === 'create')).toBe(true);
    expect(protocol.map((e) => e.field)).toEqual(
      expect.arrayContaining(['csnr', 'objekt', 'receivedVia', 'ampel', 'status', 'aktuelle_abteilung']),
    );
    expect(protocol.find((e) => e.field === 'ampel')?.newValue).toBe('no_ofm');
  });

  it('names the people with name and abbreviation, moves the ampel with every write and refuses a stale __v with 409', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({
      ofmUser: w.ofm.id,
      ktb: w.ktb.id,
      opmUser: w.opm.id,
      receivedDate: isoDay(-20),
      angebot: angebot({ offerNr: 'A-1', offerDate: isoDay(-10), offerSum: 1234.5, offerFollowUpDate: isoDay(5) }),
    });
    expect(offer.ampel).toBe('follow_up_open');
    expect(offer.ampelColour).toBe('green');
    expect(offer.users).toEqual({
      ofm: { _id: w.ofm.id, name: 'Frieda Fassnach', abbreviation: w.ofm.abbreviation },
      ktb: { _id: w.ktb.id, name: 'Karl Berater', abbreviation: w.ktb.abbreviation },
      opm: { _id: w.opm.id, name: 'Otto Auftrag', abbreviation: w.opm.abbreviation },
    });
    expect(offer.angebot.offerSum).toBe(1234.5);
    expect((await offerRow(t, offer._id)).talkResultAt).toBeNull();

    const commissioned = await w.call('PUT', `/offer/${offer._id}`, {
      __v: 0,
      angebot: { ...offer.angebot, talkResult: 'angebot_ist_beauftragt' },
    });
    expect(commissioned.statusCode).toBe(200);
    expect(commissioned.json()).toMatchObject({
      __v: 1,
      status: 'commissioned',
      type: 'opm',
      ampel: 'order_data_missing',
      ampelColour: 'red',
    });
    expect((await offerRow(t, offer._id)).talkResultAt).toBeInstanceOf(Date);

    const ordered = await w.call('PUT', `/offer/${offer._id}`, {
      __v: 1,
      ersatzteile: ersatzteile({ orderNumber: 'B-77', orderDate: isoDay(-1), orderSum: 1200 }),
    });
    expect(ordered.json()).toMatchObject({ __v: 2, ampel: 'inform_ktb', ampelColour: 'orange' });

    const stale = await w.call('PUT', `/offer/${offer._id}`, { __v: 1, csnr: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect((await w.call('GET', `/offer/${offer._id}`)).json().csnr).toBe('');

    const protocol = (await w.call('GET', `/protocol/getProtocolByOffer/${offer._id}`)).json() as {
      field: string;
      oldValue: string | null;
      newValue: string | null;
      action: string;
    }[];
    const updates = protocol.filter((e) => e.action === 'update');
    expect(updates.map((e) => e.field)).toEqual(
      expect.arrayContaining([
        'angebot.talkResult',
        'ersatzteile.orderNumber',
        'ersatzteile.orderSum',
        'ampel',
        'status',
      ]),
    );
    expect(updates.find((e) => e.field === 'angebot.talkResult')).toMatchObject({
      oldValue: null,
      newValue: 'angebot_ist_beauftragt',
    });
    // Unchanged fields of a block sent whole are not recorded.
    expect(updates.some((e) => e.field === 'angebot.offerNr')).toBe(false);
  });

  it('replaces a block whole and keeps the fields not sent', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({
      csnr: 'CS-1',
      ofmUser: w.ofm.id,
      angebot: angebot({ offerNr: 'A-1', offerDate: isoDay(-3), offerFollowUpDate: isoDay(4), notes: 'alt' }),
      abteilung: { autSchieber: true, autDreher: false, bau: false, umbau: false, export: false, ersatzteile: false },
    });
    const res = await w.call('PUT', `/offer/${offer._id}`, { __v: 0, angebot: angebot({ offerNr: 'A-2' }) });
    expect(res.statusCode).toBe(200);
    const after = res.json() as Offer;
    expect(after.angebot).toEqual(angebot({ offerNr: 'A-2' }));
    expect(after.csnr).toBe('CS-1');
    expect(after.abteilung.autSchieber).toBe(true);
    expect(after.ampel).toBe('offer_not_created');
    const spare = await w.call('PUT', `/offer/${offer._id}`, {
      __v: 1,
      abteilung: { ...after.abteilung, ersatzteile: true },
    });
    expect(spare.json()).toMatchObject({ type: 'spareparts', abteilung: { autSchieber: true, ersatzteile: true } });
    const protocol = (await w.call('GET', `/protocol/getProtocolByOffer/${offer._id}`)).json() as { field: string }[];
    expect(protocol.map((e) => e.field)).toContain('abteilung.ersatzteile');
  });

  it('answers bad input with 400 at the field', async () => {
    const w = await offerWorld(t);
    const other = await offerWorld(t, 'Anderer');
    const branch = await t.createUser({
      role: Role.ROLE_FILIALE,
      customerRole: CustomerRole.ROLE_DEFAULT,
      customer: 1,
      tenantIds: [w.tenantId],
    });
    const resigned = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [w.tenantId], isResigned: true });

    const foreignUser = await w.call('POST', '/offer', {
      objekt: 'Rathaus',
      ofmUser: other.ofm.id,
      ktb: branch.id,
      opmUser: resigned.id,
    });
    expect(foreignUser.statusCode).toBe(400);
    expect(fieldsOf(foreignUser)).toEqual(['ktb', 'ofmUser', 'opmUser']);
    expect(foreignUser.json().details[0].key).toBe('validation.offer.user');

    const reason = await w.call('POST', '/offer', { angebot: angebot({ talkResult: 'sonstiges_talk_result' }) });
    expect(fieldsOf(reason)).toEqual(['angebot.notes']);
    const order = await w.call('POST', '/offer', {
      angebot: angebot({ offerDate: isoDay(-1), offerFollowUpDate: isoDay(-5) }),
    });
    expect(fieldsOf(order)).toEqual(['angebot.offerFollowUpDate']);
    for (const payload of [
      { receivedVia: 'fax' },
      { aktuelle_abteilung: 9 },
      { customerEmail: 'keine-mail' },
      { csnr: 'x'.repeat(41) },
      { angebot: angebot({ offerSum: 12.345 }) },
      { angebot: angebot({ offerSum: -1 }) },
      { angebot: { offerNr: 'A' } },
      { source: { book: FOREIGN, record: FOREIGN } },
    ]) {
      const res = await w.call('POST', '/offer', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }

    // Decision 028: an offer needs one field to recognise it by, also after a change.
    const nameless = await w.call('POST', '/offer', { tp: 'TP 1', plz: '55116' });
    expect(fieldsOf(nameless)).toEqual(['objekt']);
    expect(nameless.json().details[0].key).toBe('validation.offer.identity');
    expect((await w.call('POST', '/offer', { angebot: angebot({ offerNr: 'A-7' }) })).statusCode).toBe(201);

    const offer = await w.create({ angebot: angebot({ offerDate: isoDay(-2) }) });
    const cleared = await w.call('PUT', `/offer/${offer._id}`, { __v: 0, objekt: ' ' });
    expect(fieldsOf(cleared)).toEqual(['objekt']);
    expect(
      (await w.call('PUT', `/offer/${offer._id}`, { __v: 0, objekt: '', debitor: 'Stadt Mainz' })).statusCode,
    ).toBe(200);
    const missingVersion = await w.call('PUT', `/offer/${offer._id}`, { csnr: 'x' });
    expect(fieldsOf(missingVersion)).toContain('__v');
    // The cross-field rules hold for the offer as it will be, not only for what is sent.
    const receivedLater = await w.call('PUT', `/offer/${offer._id}`, { __v: 1, receivedDate: isoDay(0) });
    expect(fieldsOf(receivedLater)).toEqual(['angebot.offerDate']);
    const notMine = await w.call('PUT', `/offer/${offer._id}`, { __v: 1, ofmUser: other.ofm.id });
    expect(fieldsOf(notMine)).toEqual(['ofmUser']);
    expect((await w.call('GET', `/offer/${offer._id}`)).json().__v).toBe(1);

    for (const q of ['sort=drop', 'ampel=pink', 'colour=black', 'department=7', 'division=dach', 'size=501']) {
      expect((await w.call('GET', `/offer?${q}`)).statusCode, q).toBe(400);
    }
    expect((await w.call('GET', '/offer/not-an-id')).statusCode).toBe(400);
  });

  it('keeps a person already named when the user resigns later', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({ ofmUser: w.ofm.id });
    await t.database.db.update(users).set({ isResigned: true }).where(eq(users.id, w.ofm.id));
    const res = await w.call('PUT', `/offer/${offer._id}`, { __v: 0, csnr: 'CS-9' });
    expect(res.statusCode).toBe(200);
  });
});

describe('tenants and roles', () => {
  it('answers another tenant’s offer with 404 everywhere, and keeps branch users out', async () => {
    const a = await offerWorld(t, 'Mandant A');
    const b = await offerWorld(t, 'Mandant B');
    const offer = await a.create({ csnr: 'CS-A' });
    for (const [method, url, payload] of [
      ['GET', `/offer/${offer._id}`],
      ['PUT', `/offer/${offer._id}`, { __v: 0, csnr: 'x' }],
      ['POST', `/offer/${offer._id}/takeover`],
      ['GET', `/protocol/getProtocolByOffer/${offer._id}`],
      ['GET', `/offer/donwloadAngebotsanhang/${offer._id}`],
      ['POST', '/offer/sendktbremindermail', { offerId: offer._id, userId: b.ktb.id }],
    ] as const) {
      const res = await b.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const admin = await member(t, Role.ADMIN_ROLE, []);
    const asAdminInB = await b.call('DELETE', `/offer/${offer._id}`, undefined, admin.token);
    expect(asAdminInB.statusCode).toBe(404);
    expect(ids((await b.call('GET', '/offer')).json())).toEqual([]);

    const branch = await member(t, Role.ROLE_FILIALE, [a.tenantId]);
    for (const url of ['/offer', `/offer/${offer._id}`, '/offer/users', '/offer/get/updatedAt']) {
      expect((await a.call('GET', url, undefined, branch.token)).statusCode, url).toBe(403);
    }
    const acceptor = await member(t, Role.ACCEPTOR_ROLE, [a.tenantId]);
    expect((await a.call('GET', '/offer', undefined, acceptor.token)).statusCode).toBe(403);
    // The warehouse passes requests on: it may write offers, not delete them.
    const warehouse = await member(t, Role.ROLE_LAGER, [a.tenantId]);
    expect((await a.call('POST', '/offer', { csnr: 'L-1' }, warehouse.token)).statusCode).toBe(201);
    expect((await a.call('DELETE', `/offer/${offer._id}`, undefined, warehouse.token)).statusCode).toBe(403);
  });

  it('lets only admins delete an offer; its protocol outlives it', async () => {
    const w = await offerWorld(t);
    const offer = await w.create({ csnr: 'CS-DEL' });
    expect((await w.call('DELETE', `/offer/${offer._id}`)).statusCode).toBe(403);
    const admin = await member(t, Role.ADMIN_ROLE, []);
    expect((await w.call('DELETE', `/offer/${offer._id}`, undefined, admin.token)).statusCode).toBe(204);
    expect((await w.call('GET', `/offer/${offer._id}`)).statusCode).toBe(404);
    expect((await w.call('DELETE', `/offer/${offer._id}`, undefined, admin.token)).statusCode).toBe(404);
    const protocol = (await w.call('GET', `/protocol/getProtocolByOffer/${offer._id}`)).json() as {
      field: string;
      action: string;
      oldValue: string | null;
    }[];
    expect(protocol.find((e) => e.action === 'delete' && e.field === 'csnr')?.oldValue).toBe('CS-DEL');
    expect((await w.call('GET', `/protocol/getProtocolByOffer/${FOREIGN}`)).statusCode).toBe(404);
  });
});

describe('GET offer (the list)', () => {
  /** Seven offers, each standing out in one way. */
  async function listWorld() {
    const w = await offerWorld(t, 'Liste');
    const flags = { autSchieber: false, autDreher: false, bau: false, umbau: false, export: false, ersatzteile: false };
    const noOfm = await w.create({ csnr: 'CS-1000', debitor: 'Galeria', receivedDate: isoDay(-40), plz: '60313' });
    const soon = await w.create({
      csnr: 'CS-2000',
      objekt: 'Rathaus Mainz',
      ofmUser: w.ofm.id,
      receivedDate: isoDay(-30),
      angebot: angebot({ offerNr: 'A-200', offerDate: isoDay(-20), offerFollowUpDate: isoDay(3) }),
      abteilung: { ...flags, bau: true },
    });
    const later = await w.create({
      csnr: 'CS-3000',
      contactPerson: 'Frau Müller',
      ofmUser: w.ofm.id,
      opmUser: w.opm.id,
      receivedDate: isoDay(-25),
      angebot: angebot({ offerNr: 'A-300', offerDate: isoDay(-20), offerFollowUpDate: isoDay(9) }),
    });
    const expired = await w.create({
      csnr: 'CS-4000',
      ofmUser: w.ofm.id,
      receivedDate: isoDay(-60),
      aktuelle_abteilung: Department.OPM,
      angebot: angebot({ offerNr: 'A-400', offerDate: isoDay(-50), offerFollowUpDate: isoDay(-5) }),
    });
    const lost = await w.create({
      csnr: 'CS-5000',
      ofmUser: w.office.id,
      receivedDate: isoDay(-90),
      angebot: angebot({ offerNr: 'A-500', offerDate: isoDay(-80), talkResult: 'absage_preis_war_zu_hoch' }),
    });
    const won = await w.create({
      csnr: 'CS-6000',
      ofmUser: w.office.id,
      receivedDate: isoDay(-100),
      customerEmail: 'einkauf@stadt.example',
      angebot: angebot({
        offerNr: 'A-600',
        offerDate: isoDay(-95),
        offerSum: 5000,
        talkResult: 'angebot_ist_beauftragt',
      }),
    });
    const spare = await w.create({
      csnr: 'CS-7000',
      ofmUser: w.office.id,
      receivedDate: isoDay(-2),
      angebot: angebot({ offerNr: 'A-700', offerDate: isoDay(-1), offerFollowUpDate: isoDay(1) }),
      abteilung: { ...flags, ersatzteile: true },
    });
    return { w, noOfm, soon, later, expired, lost, won, spare };
  }

  it('sorts worst colour first, then the soonest follow-up; filters, searches and pages', async () => {
    const { w, noOfm, soon, later, expired, lost, won, spare } = await listWorld();
    const list = async (q = '') => {
      const res = await w.call('GET', `/offer${q ? `?${q}` : ''}`);
      expect(res.statusCode, q).toBe(200);
      return res.json() as Page;
    };
    const all = await list();
    expect(all.total).toBe(7);
    // red (follow-up expired; no OFM; order data missing: by follow-up date, none last), then green.
    expect(ids(all).slice(0, 3)).toEqual([expired._id, ...[noOfm._id, won._id].sort()]);
    expect(ids(all).slice(3)).toEqual([spare._id, soon._id, later._id, lost._id]);
    expect(all.docs[0]).toMatchObject({
      ampel: 'follow_up_expired',
      ampelColour: 'red',
      followUpDue: true,
      fileCount: 0,
    });
    expect(all.docs[0]).not.toHaveProperty('objektdaten');
    expect(all.docs[0]).not.toHaveProperty('files');

    const page2 = await list('size=3&page=2');
    expect(page2).toMatchObject({ total: 7, page: 2, size: 3, pages: 3 });
    expect(ids(page2)).toEqual(ids(all).slice(3, 6));
    // A page past the end still counts the list (the count runs on its own then).
    expect(await list('size=3&page=4')).toMatchObject({ total: 7, page: 4, docs: [] });
    expect(await list('size=3&page=4&status=cancelled')).toMatchObject({ total: 1, docs: [] });
    expect(ids(await list('sort=-ampel')).slice(0, 4)).toEqual([spare._id, soon._id, later._id, lost._id]);
    expect(ids(await list('sort=csnr'))).toEqual([noOfm, soon, later, expired, lost, won, spare].map((o) => o._id));
    expect(ids(await list('sort=-csnr'))[0]).toBe(spare._id);
    expect(ids(await list('sort=receivedDate'))[0]).toBe(spare._id);
    expect(ids(await list('sort=offerSum'))[0]).toBe(won._id);

    const only = async (q: string) => ids(await list(q)).sort();
    expect(await only('status=commissioned')).toEqual([won._id]);
    expect(await only('status=cancelled')).toEqual([lost._id]);
    expect(await only('ampel=no_ofm')).toEqual([noOfm._id]);
    expect(await only('colour=red')).toEqual([noOfm._id, expired._id, won._id].sort());
    expect(await only(`department=${Department.OPM}`)).toEqual([expired._id]);
    expect(await only('division=bau')).toEqual([soon._id]);
    expect(await only(`ofmUser=${w.office.id}`)).toEqual([lost._id, won._id, spare._id].sort());
    expect(await only(`opmUser=${w.opm.id}`)).toEqual([later._id]);
    expect(await only('type=opm')).toEqual([won._id]);
    expect(await only('type=spareparts')).toEqual([spare._id]);
    expect(await only(`from=${isoDay(-45)}&to=${isoDay(-20)}`)).toEqual([soon._id, later._id, noOfm._id].sort());

    expect(await only('search=cs-20')).toEqual([soon._id]);
    expect(await only('search=galeria&searchType=debitor')).toEqual([noOfm._id]);
    expect(await only('search=galeria&searchType=csnr')).toEqual([]);
    expect(await only('search=rathaus&searchType=objekt')).toEqual([soon._id]);
    expect(await only('search=60313&searchType=plz')).toEqual([noOfm._id]);
    expect(await only('search=A-30&searchType=offerNr')).toEqual([later._id]);
    expect(await only('search=müller&searchType=contact')).toEqual([later._id]);
    expect(await only('search=einkauf@&searchType=contact')).toEqual([won._id]);
    expect(await only('search=100%25')).toEqual([]);
  });

  it('keeps the total of the whole list and of each status with every write: a new offer, a talk result, a delete', async () => {
    const { w, lost } = await listWorld();
    const total = async (q = '') => ((await w.call('GET', `/offer?size=1${q}`)).json() as Page).total;
    const totals = async () => ({
      all: await total(),
      waiting: await total('&status=waiting'),
      commissioned: await total('&status=commissioned'),
      cancelled: await total('&status=cancelled'),
    });
    expect(await totals()).toEqual({ all: 7, waiting: 5, commissioned: 1, cancelled: 1 });
    const added = await w.create({ csnr: 'CS-8000', receivedDate: isoDay(-1) });
    expect(await totals()).toEqual({ all: 8, waiting: 6, commissioned: 1, cancelled: 1 });
    const won = await w.call('PUT', `/offer/${lost._id}`, {
      __v: lost.__v,
      angebot: { ...lost.angebot, talkResult: 'angebot_ist_beauftragt' },
    });
    expect(won.statusCode).toBe(200);
    expect(await totals()).toEqual({ all: 8, waiting: 6, commissioned: 2, cancelled: 0 });
    const admin = await member(t, Role.ADMIN_ROLE, []);
    expect((await w.call('DELETE', `/offer/${added._id}`, undefined, admin.token)).statusCode).toBe(204);
    expect(await totals()).toEqual({ all: 7, waiting: 5, commissioned: 2, cancelled: 0 });
  });

  it('lists the caller’s follow-ups (Meine Nachfassungen), soonest first', async () => {
    const { w, soon, later, expired, spare } = await listWorld();
    const mine = (await w.call('GET', '/offer?followUp=mine', undefined)).json() as Page;
    // The office user is the OFM of lost (talk done), won (commissioned) and spare (follow-up tomorrow).
    expect(ids(mine)).toEqual([spare._id]);
    const ofm = await t.login(w.ofm.email);
    const theirs = (await w.call('GET', '/offer?followUp=mine', undefined, ofm.token)).json() as Page;
    expect(ids(theirs)).toEqual([expired._id, soon._id, later._id]);
    expect(theirs.docs.map((d) => d.followUpDue)).toEqual([true, false, false]);
    const byCsnr = (await w.call('GET', '/offer?followUp=mine&sort=-csnr', undefined, ofm.token)).json() as Page;
    expect(ids(byCsnr)).toEqual([expired._id, later._id, soon._id]);
  });

  it('tells the newest change and the count, for a list that refreshes itself', async () => {
    const w = await offerWorld(t);
    expect((await w.call('GET', '/offer/get/updatedAt')).json()).toEqual({ updatedAt: null, count: 0 });
    const first = await w.create({ csnr: '1' });
    await w.create({ csnr: '2' });
    const before = (await w.call('GET', '/offer/get/updatedAt')).json();
    expect(before.count).toBe(2);
    await new Promise((r) => setTimeout(r, 5));
    const changed = (await w.call('PUT', `/offer/${first._id}`, { __v: 0, csnr: '1b' })).json() as Offer;
    const after = (await w.call('GET', '/offer/get/updatedAt')).json();
    expect(after).toEqual({ updatedAt: changed.updatedAt, count: 2 });
    expect(after.updatedAt > before.updatedAt).toBe(true);
  });
});

describe('last search and the people to pick', () => {
  it('remembers the last search per user and tenant', async () => {
    const w = await offerWorld(t);
    const other = await offerWorld(t);
    expect((await w.call('GET', '/offer/lastsearch')).json()).toEqual({ type: 'all', value: '' });
    const put = await w.call('PUT', '/offer/lastsearch', { type: 'csnr', value: ' CS-1 ' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ type: 'csnr', value: 'CS-1' });
    await w.call('PUT', '/offer/lastsearch', { type: 'plz', value: '603' });
    expect((await w.call('GET', '/offer/lastsearch')).json()).toEqual({ type: 'plz', value: '603' });
    const colleague = await member(t, Role.STANDARD_ROLE, [w.tenantId]);
    expect((await w.call('GET', '/offer/lastsearch', undefined, colleague.token)).json()).toEqual({
      type: 'all',
      value: '',
    });
    expect((await w.call('PUT', '/offer/lastsearch', { type: 'name', value: '' })).statusCode).toBe(400);
    expect((await other.call('GET', '/offer/lastsearch')).json().type).toBe('all');
  });

  it('lists the tenant’s users who can be named, without branch users, resigned users or other tenants’', async () => {
    const w = await offerWorld(t);
    const other = await offerWorld(t);
    await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [w.tenantId], isResigned: true });
    await member(t, Role.ROLE_FILIALE, [w.tenantId]);
    const res = await w.call('GET', '/offer/users');
    expect(res.statusCode).toBe(200);
    const picked = res.json() as { _id: string; name: string; abbreviation: string; department: number }[];
    expect(picked.map((u) => u._id).sort()).toEqual([w.office.id, w.ofm.id, w.ktb.id, w.opm.id].sort());
    expect(picked.find((u) => u._id === w.ktb.id)).toEqual({
      _id: w.ktb.id,
      name: 'Karl Berater',
      abbreviation: w.ktb.abbreviation,
      department: Department.KTB,
    });
    expect(picked.map((u) => u._id)).not.toContain(other.ofm.id);
    // Warehouse and technicians pass requests on, and may pick people too (users:lookup does not let them).
    const technician = await member(t, Role.ROLE_SERVICE_TECHNIKER, [w.tenantId]);
    expect((await w.call('GET', '/offer/users', undefined, technician.token)).statusCode).toBe(200);
  });
});

describe('POST offer/{id}/takeover', () => {
  it('records the wish to hand a commissioned offer over, once; any other offer is a 409', async () => {
    const w = await offerWorld(t);
    const open = await w.create({ ofmUser: w.ofm.id });
    const refused = await w.call('POST', `/offer/${open._id}/takeover`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('OFFER_TAKEOVER_NOT_ALLOWED');

    const won = await w.create({
      ofmUser: w.ofm.id,
      angebot: angebot({ offerNr: 'A-1', offerDate: isoDay(-3), talkResult: 'materialangebot_beauftragt' }),
    });
    expect(won.ampel).toBe('material_offer_received');
    const res = await w.call('POST', `/offer/${won._id}/takeover`);
    expect(res.statusCode).toBe(200);
    const taken = res.json() as Offer;
    expect(taken).toMatchObject({ ampel: 'taken_over', ampelColour: 'green', __v: 0 });
    expect(Date.parse(taken.takeOverRequestedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await w.call('POST', `/offer/${won._id}/takeover`)).statusCode).toBe(409);
    // The editor's __v still holds: the hand-over changed no field it writes.
    expect((await w.call('PUT', `/offer/${won._id}`, { __v: 0, notes: 'übergeben' })).json()).toMatchObject({
      __v: 1,
      ampel: 'taken_over',
    });
    const protocol = (await w.call('GET', `/protocol/getProtocolByOffer/${won._id}`)).json() as { field: string }[];
    expect(protocol.map((e) => e.field)).toEqual(expect.arrayContaining(['takeOverRequestedAt', 'ampel']));
  });
});
