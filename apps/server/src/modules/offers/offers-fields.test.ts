/**
 * Decision 043 on offers: who may set the attachments' deletion date and the billing fields, the date
 * only after today (admins excepted), who set it, and the attachment quota.
 */
import { API_ACCESS } from '@pruefbuch/domain/access';
import { OFFER_FILES_MAX_COUNT, OFFER_FILES_MAX_MB } from '@pruefbuch/domain/constants';
import { Role, type RoleNumber } from '@pruefbuch/domain/roles';
import { BILLING_ROLES, FIELD_GROUPS } from '@pruefbuch/domain/rules/field-permissions';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { type Offer, offerUpdateSchema } from '@pruefbuch/domain/schemas/offer';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/books';
import { multipart, samples } from '../../../test/fixtures/documents';
import { ersatzteile, isoDay, offerRow, offerWorld } from '../../../test/fixtures/offers';
import { createTestApp } from '../../../test/helper';
import { blobs, offerFiles } from '../../db/schema/index';

const t = await createTestApp();
const w = await offerWorld(t, 'Angebotsfelder');
const WRITERS = API_ACCESS['offers:write'] as readonly RoleNumber[];
const roleName = (r: RoleNumber) => Object.entries(Role).find(([, n]) => n === r)?.[0] ?? String(r);
const users = new Map<RoleNumber, { id: string; token: string }>();
const DATA_ECONOMY = FIELD_GROUPS.find((g) => g.entity === 'offer' && g.group === 'dataEconomy')?.roles ?? [];

beforeAll(async () => {
  for (const role of WRITERS) users.set(role, await member(t, role, [w.tenantId]));
});

/** The offer as the form sends it: every field and the version read. */
const whole = (o: Offer) => offerUpdateSchema.parse(o);
const put = (o: Offer, change: Record<string, unknown>, token: string) =>
  w.call('PUT', `/offer/${o._id}`, { ...whole(o), ...change }, token);

describe('PUT offer/{id}: the deletion date and the billing fields per role', () => {
  it.each(WRITERS.map((r) => [roleName(r), r]))('%s', async (_, role) => {
    const { token } = users.get(role) as { token: string };
    const offer = await w.create({ deleteFilesDate: isoDay(30), ersatzteile: ersatzteile({ invoiceValue: 100 }) });

    const same = await put(offer, {}, token);
    expect(same.statusCode, same.body).toBe(200);
    const free = await put(same.json(), { notes: 'Rückruf erbeten' }, token);
    expect(free.statusCode, free.body).toBe(200);
    const cur = free.json() as Offer;

    const date = await put(cur, { deleteFilesDate: isoDay(60) }, token);
    const cleared = await put(cur, { deleteFilesDate: null }, token);
    if (DATA_ECONOMY.includes(role)) {
      expect(date.statusCode, date.body).toBe(200);
      expect(cleared.statusCode).toBe(409); // the version moved on with the date: allowed, but stale
    } else {
      for (const res of [date, cleared]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FIELD_NOT_PERMITTED', details: [{ field: 'deleteFilesDate' }] });
      }
    }
    const latest = (await w.call('GET', `/offer/${cur._id}`)).json() as Offer;
    const invoice = await put(latest, { ersatzteile: { ...latest.ersatzteile, invoiceValue: 5 } }, token);
    const release = await put(latest, { ersatzteile: { ...latest.ersatzteile, freigabeZurVerrechnung: true } }, token);
    if (BILLING_ROLES.includes(role)) {
      expect(invoice.statusCode, invoice.body).toBe(200);
    } else {
      expect(invoice.statusCode, invoice.body).toBe(403);
      expect(invoice.json().details).toEqual([expect.objectContaining({ field: 'ersatzteile.invoiceValue' })]);
      expect(release.statusCode, release.body).toBe(403);
      expect(release.json().details).toEqual([
        expect.objectContaining({ field: 'ersatzteile.freigabeZurVerrechnung' }),
      ]);
      expect((await offerRow(t, cur._id)).version).toBe(latest.__v);
    }
  });

  it('POST offer: a writer outside the group may not set the date either', async () => {
    const { token } = users.get(Role.ROLE_LAGER) as { token: string };
    const res = await w.call('POST', '/offer', { objekt: 'Lager', deleteFilesDate: isoDay(30) }, token);
    expect(res.statusCode).toBe(403);
    expect((await w.call('POST', '/offer', { objekt: 'Lager' }, token)).statusCode).toBe(201);
  });
});

describe('deleteFilesDate lies after today (Berlin), admins excepted', () => {
  const today = berlinToday();
  it.each([
    ['today', Role.STANDARD_ROLE, today, 400],
    ['a past day', Role.STANDARD_ROLE, isoDay(-3), 400],
    ['a day after today', Role.STANDARD_ROLE, isoDay(2), 200],
    ['an admin: today', Role.ADMIN_ROLE, today, 200],
    ['an admin: a past day', Role.ADMIN_ROLE, isoDay(-3), 200],
  ])('%s', async (_, role, day, status) => {
    const { token } = users.get(role) as { token: string };
    const offer = await w.create();
    const res = await put(offer, { deleteFilesDate: day }, token);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 400) {
      expect(res.json().details).toEqual([
        expect.objectContaining({ field: 'deleteFilesDate', key: 'validation.offer.deleteFilesFuture' }),
      ]);
      expect((await offerRow(t, offer._id)).deleteFilesDate).toBeNull();
      const created = await w.call('POST', '/offer', { objekt: 'Neu', deleteFilesDate: day }, token);
      expect(created.statusCode).toBe(400);
    }
  });

  it('a past date stored before may be sent back unchanged', async () => {
    const admin = users.get(Role.ADMIN_ROLE) as { token: string };
    const offer = await w.create();
    const past = (await put(offer, { deleteFilesDate: isoDay(-3) }, admin.token)).json() as Offer;
    const res = await put(past, { notes: 'noch offen' }, w.office.token);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('remembers who set the date, keeps it through other changes and forgets it once cleared', async () => {
    const project = users.get(Role.PROJECT_ROLE) as { id: string; token: string };
    const created = await w.create({ deleteFilesDate: isoDay(30) });
    expect((await offerRow(t, created._id)).deleteFilesSetBy).toBe(w.office.id);
    const other = (await put(created, { notes: 'anders' }, project.token)).json() as Offer;
    expect((await offerRow(t, created._id)).deleteFilesSetBy).toBe(w.office.id);
    const moved = (await put(other, { deleteFilesDate: isoDay(40) }, project.token)).json() as Offer;
    expect((await offerRow(t, created._id)).deleteFilesSetBy).toBe(project.id);
    await put(moved, { deleteFilesDate: null }, project.token);
    expect((await offerRow(t, created._id)).deleteFilesSetBy).toBeNull();
  });
});

describe(`the attachment quota: ${OFFER_FILES_MAX_COUNT} files, ${OFFER_FILES_MAX_MB} MB`, () => {
  const upload = (offerId: string) => {
    const body = multipart({}, { name: 'Angebot.pdf', content: samples.pdf(), contentType: 'application/pdf' });
    return t.api({
      method: 'POST',
      url: `/offer/${offerId}/files`,
      token: w.office.token,
      tenant: w.tenantId,
      ...body,
    });
  };
  /** Attachments written directly (their bytes are never read here): `n` files of `size` bytes each. */
  const hold = async (offerId: string, n: number, size: number) => {
    const rows = await t.database.db
      .insert(blobs)
      .values(
        Array.from({ length: n }, (_, i) => ({
          tenantId: w.tenantId,
          sha256: 'f'.repeat(64),
          size,
          contentType: 'application/pdf',
          fileName: `alt-${i}.pdf`,
          type: 'offer-attachment',
        })),
      )
      .returning({ id: blobs.id });
    await t.database.db.insert(offerFiles).values(rows.map((r) => ({ offerId, blobId: r.id })));
  };
  const countOf = async (offerId: string) =>
    (await t.database.db.select().from(offerFiles).where(eq(offerFiles.offerId, offerId))).length;

  it('the last file that fits is taken, the next is a 400 naming the limit', async () => {
    const offer = await w.create();
    await hold(offer._id, OFFER_FILES_MAX_COUNT - 1, 1000);
    expect((await upload(offer._id)).statusCode).toBe(201);
    const refused = await upload(offer._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'OFFER_FILE_COUNT_LIMIT',
      details: [{ field: 'file', key: 'errors.OFFER_FILE_COUNT_LIMIT', params: { limit: OFFER_FILES_MAX_COUNT } }],
    });
    expect(await countOf(offer._id)).toBe(OFFER_FILES_MAX_COUNT);
  });

  it('a file past the total size is a 413 naming the limit, and nothing is kept', async () => {
    const offer = await w.create();
    await hold(offer._id, 1, OFFER_FILES_MAX_MB * 1024 * 1024 - 1);
    const refused = await upload(offer._id);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'OFFER_FILE_SIZE_LIMIT',
      details: [{ field: 'file', params: { limit: OFFER_FILES_MAX_MB } }],
    });
    expect(await countOf(offer._id)).toBe(1);
    // Another offer has its own quota.
    expect((await upload((await w.create())._id)).statusCode).toBe(201);
  });
});
