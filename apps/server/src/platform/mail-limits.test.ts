/**
 * The limits on mail people trigger (decision 036): the hand-over mail of an order, the KTB reminder of
 * an offer and the public defect report, per user and per record, counted from the database; and the
 * cap on the free text of a mail.
 */
import { Department, Role } from '@pruefbuch/domain/roles';
import { MAIL_MESSAGE_MAX, MAIL_RULES, type MailLimit } from '@pruefbuch/domain/rules/mail-limits';
import type { Offer } from '@pruefbuch/domain/schemas/offer';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { member } from '../../test/fixtures/books';
import { offerWorld } from '../../test/fixtures/offers';
import { orderWorld } from '../../test/fixtures/orders';
import { memberOf, pdfTenant } from '../../test/fixtures/pdf';
import { createTestApp } from '../../test/helper';
import { auditLogs, defectReports, mailOutbox, tenants } from '../db/schema/index';

const t = await createTestApp();
const db = t.database.db;
const TRANSFER = MAIL_RULES['order-transfer'];
const KTB = MAIL_RULES['ktb-reminder'];
const DEFECT = MAIL_RULES['defect-report'];
const perUser = (limit: MailLimit | null) => {
  if (!limit) throw new Error('the rule has no limit per user');
  return limit;
};
const TRANSFER_USER = perUser(TRANSFER.perUser);
const KTB_USER = perUser(KTB.perUser);
/** The i-th element of a list the test built itself. */
const nth = <T>(list: T[], i: number): T => {
  const item = list[i];
  if (item === undefined) throw new Error(`no element ${i}`);
  return item;
};

const mailsTo = async (to: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;

/** An order world with one OPM user to mail, and a transfer helper that keeps each order's __v. */
async function transferWorld() {
  const w = await orderWorld(t, 'Mail-Grenzen');
  const opm = await t.createUser({ role: Role.PROJECT_ROLE, tenantIds: [w.tenantId], department: Department.OPM });
  const versions = new Map<string, number>();
  const transfer = async (order: Order, token = w.office.token, message?: string) => {
    const res = await w.call(
      'POST',
      '/orders/sendMailTransferDepartment',
      {
        orderId: order._id,
        department: Department.OPM,
        __v: versions.get(order._id) ?? order.__v,
        ...(message === undefined ? {} : { message }),
      },
      token,
    );
    if (res.statusCode === 200) versions.set(order._id, (res.json() as { order: Order }).order.__v);
    return res;
  };
  return { ...w, opm, transfer };
}

const expectLimited = (
  res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> },
  code: string,
  window: number,
) => {
  expect(res.statusCode).toBe(429);
  const body = res.json() as { code: string; message: string; retryAfterSeconds: number };
  expect(body.code).toBe(code);
  expect(body.retryAfterSeconds).toBeGreaterThan(window - 120);
  expect(body.retryAfterSeconds).toBeLessThanOrEqual(window);
  expect(res.headers['retry-after']).toBe(String(body.retryAfterSeconds));
  expect(body.message).toContain(`in ${Math.ceil(body.retryAfterSeconds / 60)} Minuten`);
};

describe('the hand-over mail of an order (POST orders/sendMailTransferDepartment)', () => {
  it('refuses the n+1-th mail of one user within the hour with 429 and the wait; another user goes on', async () => {
    const w = await transferWorld();
    const perOrder = TRANSFER.perRecord.max;
    const orders = await Promise.all(Array.from({ length: Math.ceil(TRANSFER_USER.max / perOrder) }, () => w.create()));
    for (let i = 0; i < TRANSFER_USER.max; i++) {
      const res = await w.transfer(nth(orders, Math.floor(i / perOrder)));
      expect(res.statusCode, res.body).toBe(200);
    }
    const extra = await w.create();
    const refused = await w.transfer(extra);
    expectLimited(refused, 'MAIL_LIMIT_USER', TRANSFER_USER.windowSeconds);
    // Nothing of the refused hand-over was written or queued.
    expect(await mailsTo(w.opm.email)).toBe(TRANSFER_USER.max);
    expect((await w.call('GET', `/orders/${extra._id}`)).json()).toMatchObject({ __v: 0, aktuelle_abteilung: 1 });
    // English texts too.
    const en = await t.api({
      method: 'POST',
      url: '/orders/sendMailTransferDepartment',
      token: w.office.token,
      tenant: w.tenantId,
      headers: { 'accept-language': 'en' },
      payload: { orderId: extra._id, department: Department.OPM, __v: 0 },
    });
    expect(en.json().message).toMatch(
      /^You have sent too many of these emails in a short time\. Please try again in \d+ minutes\.$/,
    );

    // Another user of the tenant is not held back, not even on the same order.
    expect((await w.transfer(extra, w.admin.token)).statusCode).toBe(200);

    // The window slides: once the mails are older than the hour, the user may send again.
    await db
      .update(auditLogs)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(and(eq(auditLogs.editorId, w.office.id), eq(auditLogs.field, 'transferMail')));
    expect((await w.transfer(extra)).statusCode).toBe(200);
  });

  it('refuses more than the limit of mails about one order, whoever sends them', async () => {
    const w = await transferWorld();
    const order = await w.create();
    const tokens = [w.office.token, w.admin.token];
    for (let i = 0; i < TRANSFER.perRecord.max; i++) {
      expect((await w.transfer(order, tokens[i % 2])).statusCode).toBe(200);
    }
    const third = await member(t, Role.STANDARD_ROLE, [w.tenantId]);
    expectLimited(await w.transfer(order, third.token), 'MAIL_LIMIT_RECORD', TRANSFER.perRecord.windowSeconds);
    // Another order of the same users goes out.
    expect((await w.transfer(await w.create(), third.token)).statusCode).toBe(200);
    // The protocol names each hand-over mail, its department and its sender.
    const protocol = (await w.call('GET', `/protocol/getProtocolByOrder/${order._id}`)).json() as {
      field: string;
      newValue: string | null;
    }[];
    const mails = protocol.filter((e) => e.field === 'transferMail');
    expect(mails).toHaveLength(TRANSFER.perRecord.max);
    expect(mails.every((e) => e.newValue === String(Department.OPM))).toBe(true);
  });

  it('caps the free text at 1,000 characters: 400 naming the field above', async () => {
    const w = await transferWorld();
    const order = await w.create();
    const long = await w.transfer(order, w.office.token, 'x'.repeat(MAIL_MESSAGE_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([expect.objectContaining({ field: 'message', key: 'validation.max' })]);
    expect(await mailsTo(w.opm.email)).toBe(0);
    expect((await w.transfer(order, w.office.token, 'x'.repeat(MAIL_MESSAGE_MAX))).statusCode).toBe(200);
  });

  it('holds the per-user limit for requests at the same time', async () => {
    const w = await transferWorld();
    const perOrder = TRANSFER.perRecord.max;
    const total = TRANSFER_USER.max + 6;
    const orders = await Promise.all(Array.from({ length: Math.ceil(total / perOrder) + 1 }, () => w.create()));
    // One request per order at a time (each needs its __v), the orders in parallel.
    const chains = orders.map(async (order, k) => {
      const codes: number[] = [];
      for (let i = k; i < total; i += orders.length) codes.push((await w.transfer(order)).statusCode);
      return codes;
    });
    const codes = (await Promise.all(chains)).flat();
    expect(codes.filter((c) => c === 200)).toHaveLength(TRANSFER_USER.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(total - TRANSFER_USER.max);
    expect(await mailsTo(w.opm.email)).toBe(TRANSFER_USER.max);
  });
});

describe('the KTB reminder (POST offer/sendktbremindermail)', () => {
  const remind = (w: Awaited<ReturnType<typeof offerWorld>>, offer: Offer, token = w.office.token) =>
    w.call('POST', '/offer/sendktbremindermail', { offerId: offer._id }, token);

  it('refuses the reminder past the limit per offer and per user, with the wait', async () => {
    const w = await offerWorld(t, 'KTB-Grenzen');
    const offer = await w.create({ ktb: w.ktb.id });
    for (let i = 0; i < KTB.perRecord.max; i++) expect((await remind(w, offer)).statusCode).toBe(200);
    expectLimited(await remind(w, offer), 'MAIL_LIMIT_RECORD', KTB.perRecord.windowSeconds);
    // The protocol says who was reminded, by whom.
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, offer._id), eq(auditLogs.field, 'ktbReminderMail')));
    expect(rows).toHaveLength(KTB.perRecord.max);
    expect(rows.every((r) => r.newValue === w.ktb.id && r.editorId === w.office.id)).toBe(true);

    // Per user: the reminders across several offers.
    const offers = await Promise.all(
      Array.from({ length: Math.ceil(KTB_USER.max / KTB.perRecord.max) }, () => w.create({ ktb: w.ktb.id })),
    );
    for (let i = KTB.perRecord.max; i < KTB_USER.max; i++) {
      const res = await remind(w, nth(offers, Math.floor(i / KTB.perRecord.max)));
      expect(res.statusCode, res.body).toBe(200);
    }
    const fresh = await w.create({ ktb: w.ktb.id });
    expectLimited(await remind(w, fresh), 'MAIL_LIMIT_USER', KTB_USER.windowSeconds);
    expect(await mailsTo(w.ktb.email)).toBe(KTB_USER.max);
    // Another user of the tenant is not held back.
    const other = await member(t, Role.STANDARD_ROLE, [w.tenantId]);
    expect((await remind(w, fresh, other.token)).statusCode).toBe(200);
  });

  it('caps the free text at 1,000 characters', async () => {
    const w = await offerWorld(t, 'KTB-Text');
    const offer = await w.create({ ktb: w.ktb.id });
    const res = await w.call('POST', '/offer/sendktbremindermail', {
      offerId: offer._id,
      message: 'x'.repeat(MAIL_MESSAGE_MAX + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'message', key: 'validation.max' })]);
    expect(await mailsTo(w.ktb.email)).toBe(0);
  });

  it('holds the limit per offer for requests at the same time', async () => {
    const w = await offerWorld(t, 'KTB-parallel');
    const offer = await w.create({ ktb: w.ktb.id });
    const codes = (await Promise.all(Array.from({ length: KTB.perRecord.max + 4 }, () => remind(w, offer)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(KTB.perRecord.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
  });
});

describe('the public defect report (POST public/qr/{code}/defects)', () => {
  it('takes a limited number of reports per installation a day, from any address', async () => {
    const { tenant, book } = await pdfTenant(t);
    const { token } = await memberOf(t, tenant.id);
    await db.update(tenants).set({ notificationEmail: 'service@grenzen.example' }).where(eq(tenants.id, tenant.id));
    const codeOf = async (bookId: string) =>
      (await t.api({ method: 'POST', url: `/qr/generate/${tenant.id}/${bookId}`, token, tenant: tenant.id })).json()
        .code as string;
    const code = await codeOf(book.id);
    // A new address each time: the route's limit per address does not stop them, the count per book does.
    const report = (c: string, n: number) =>
      t.api({
        method: 'POST',
        url: `/public/qr/${c}/defects`,
        payload: { text: `Tür schließt nicht ${n}` },
        remoteAddress: `10.36.0.${n}`,
      });
    for (let i = 0; i < DEFECT.perRecord.max; i++) expect((await report(code, i + 1)).statusCode).toBe(201);
    expectLimited(await report(code, 99), 'MAIL_LIMIT_RECORD', DEFECT.perRecord.windowSeconds);
    const stored = await db.select().from(defectReports).where(eq(defectReports.bookId, book.id));
    expect(stored).toHaveLength(DEFECT.perRecord.max);
    expect(await mailsTo('service@grenzen.example')).toBe(DEFECT.perRecord.max);
  });
});
