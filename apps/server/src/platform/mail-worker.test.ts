/**
 * The mail worker against SMTP servers that are down, answer 451, never greet or refuse for good:
 * mails are delivered exactly once after retries, requests never wait for SMTP, dead letters can be
 * sent again from the admin dashboard, and no live reset link is kept in clear text on the way.
 */
import { Role } from '@pruefbuch/domain/roles';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerWorld } from '../../test/fixtures/offers';
import { createTestApp, PUBLIC_URL, type TestApp } from '../../test/helper';
import { closedPort, deliverMails, parseMail, startSilentServer, startSmtp } from '../../test/mail';
import { mailOutbox, offers } from '../db/schema/index';
import { secretBox } from './crypto';
import { retryDelayMs, startMailWorker } from './mail-worker';

// Short retry waits; timeouts generous enough for a busy test machine (the hanging server gets 300 ms).
const FAST = { MAIL_RETRY_BASE_MS: '50', SMTP_TIMEOUT_MS: '5000' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function reset(t: TestApp, email: string) {
  const res = await t.api({ method: 'POST', url: '/users/reset', payload: { email } });
  expect(res.statusCode).toBe(200);
}
const rowsTo = async (t: TestApp, email: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
async function rowTo(t: TestApp, email: string) {
  const [row, ...more] = await rowsTo(t, email);
  expect(more).toEqual([]);
  if (!row) throw new Error(`no mail to ${email}`);
  return row;
}
/** Runs the worker until the mail to `email` has left the queue (retries come due after their wait). */
async function deliverUntilDone(t: TestApp, email: string, tries = 20) {
  for (let i = 0; i < tries; i++) {
    await deliverMails(t);
    const row = await rowTo(t, email);
    if (row.status !== 'queued' && row.status !== 'retrying') return row;
    await sleep(60);
  }
  throw new Error(`mail to ${email} still waiting`);
}

describe('retry delays', () => {
  it('double from the base and stop at a day', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(60_000, n))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(60_000, 30)).toBe(24 * 3600_000);
  });
});

describe('an SMTP server that refuses connections', () => {
  it('keeps the mail sealed and retrying, and delivers it exactly once when the server is up', async () => {
    const port = await closedPort();
    const t = await createTestApp({ ...FAST, SMTP_URL: `smtp://mailer:geheim-pw@127.0.0.1:${port}` });
    const user = await t.createUser();
    await reset(t, user.email);
    expect(await deliverMails(t)).toBe(1);
    const failed = await rowTo(t, user.email);
    expect(failed).toMatchObject({ status: 'retrying', attempts: 1, textSealed: true, sentAt: null });
    expect(failed.error).toContain('ECONNREFUSED');
    // Neither the live reset link nor the SMTP password is kept readable in the failed row.
    expect(failed.text).not.toContain('reset/finish');
    expect(failed.error).not.toContain('geheim-pw');
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 1000);

    const smtp = await startSmtp({ port });
    try {
      const sent = await deliverUntilDone(t, user.email);
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, text: '', error: null });
      expect(smtp.received).toHaveLength(1);
      const link = parseMail(smtp.received[0]?.raw ?? '').text.match(/https?:\/\/\S+/)?.[0] ?? '';
      expect(link.startsWith(`${PUBLIC_URL}/app/admin/reset/finish?key=`)).toBe(true);
      await sleep(100);
      expect(await deliverMails(t)).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});

describe('an SMTP server that answers 451 first', () => {
  it('gets the mail again after the retry wait and it arrives exactly once', async () => {
    const smtp = await startSmtp({ answer: (n) => (n === 1 ? 451 : undefined) });
    try {
      const t = await createTestApp({ ...FAST, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      const user = await t.createUser();
      await reset(t, user.email);
      await deliverMails(t);
      const deferred = await rowTo(t, user.email);
      expect(deferred).toMatchObject({ status: 'retrying', attempts: 1 });
      expect(deferred.error).toContain('451');
      expect(smtp.received).toHaveLength(0);

      expect(await deliverUntilDone(t, user.email)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual([user.email]);
    } finally {
      await smtp.close();
    }
  });
});

describe('an SMTP server that accepts and never greets', () => {
  it('holds up no request: reset, sign-in and /health answer fast while the worker waits out its timeout', async () => {
    const silent = await startSilentServer();
    try {
      const t = await createTestApp({ ...FAST, SMTP_TIMEOUT_MS: '300', SMTP_URL: `smtp://127.0.0.1:${silent.port}` });
      const users = await Promise.all(Array.from({ length: 11 }, () => t.createUser()));
      for (const u of users) await reset(t, u.email);
      const worker = startMailWorker({
        db: t.database.db,
        config: t.config,
        secrets: t.app.deps.secrets,
        log: { warn: () => {}, error: () => {} },
        mailer: t.app.deps.mailer,
      });
      try {
        worker.kick();
        // The worker is now sending into the silence, one mail after the other (11 × 300 ms).
        const deadline = Date.now() + 5000;
        while (silent.accepted() === 0 && Date.now() < deadline) await sleep(10);
        expect(silent.accepted()).toBeGreaterThan(0);
        const timed = async (call: () => Promise<{ statusCode: number }>) => {
          const started = performance.now();
          const res = await call();
          return { status: res.statusCode, ms: performance.now() - started };
        };
        const late = await t.createUser();
        const answers = [
          await timed(() => t.api({ method: 'POST', url: '/users/reset', payload: { email: late.email } })),
          await timed(() => t.api({ method: 'GET', url: '/health' })),
          await timed(async () => {
            await t.login(late.email);
            return { statusCode: 200 };
          }),
          await timed(() => t.api({ method: 'GET', url: '/health' })),
        ];
        // Meanwhile the worker kept trying (and nothing got through).
        while (silent.accepted() < 2 && Date.now() < deadline) await sleep(10);
        expect(silent.accepted()).toBeGreaterThan(1);
        expect((await rowsTo(t, users[0]?.email ?? '')).map((r) => r.status)).not.toContain('sent');
        for (const a of answers) {
          expect(a.status).toBe(200);
          expect(a.ms).toBeLessThan(1500);
        }
      } finally {
        await worker.stop();
      }

      // One attempt on its own (the mails above wait for later): it gives up after the greeting
      // timeout and the mail waits for a retry.
      await t.database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() + 3600_000) })
        .where(inArray(mailOutbox.status, ['queued', 'retrying']));
      const one = await t.createUser();
      await reset(t, one.email);
      await sleep(100);
      const started = performance.now();
      await deliverMails(t);
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(3000);
      const row = await rowTo(t, one.email);
      expect(row).toMatchObject({ status: 'retrying', attempts: 1, textSealed: true });
      expect(row.error).toContain('ETIMEDOUT');
    } finally {
      await silent.close();
    }
  }, 60_000);
});

describe('stopping the worker while the mail server hangs', () => {
  it('does not wait out the timeout: the mail in hand is cut off and tried again later', async () => {
    const silent = await startSilentServer();
    try {
      const t = await createTestApp({ SMTP_TIMEOUT_MS: '20000', SMTP_URL: `smtp://127.0.0.1:${silent.port}` });
      const user = await t.createUser();
      await reset(t, user.email);
      const worker = startMailWorker({
        db: t.database.db,
        config: t.config,
        secrets: t.app.deps.secrets,
        log: { warn: () => {}, error: () => {} },
        mailer: t.app.deps.mailer,
      });
      worker.kick();
      const deadline = Date.now() + 5000;
      while (silent.accepted() === 0 && Date.now() < deadline) await sleep(10);
      expect(silent.accepted()).toBe(1);
      const started = performance.now();
      await worker.stop();
      expect(performance.now() - started).toBeLessThan(2000);
      const row = await rowTo(t, user.email);
      expect(row).toMatchObject({ status: 'retrying', attempts: 1, textSealed: true });
      expect(row.error).toContain('stopping');
    } finally {
      await silent.close();
    }
  });
});

describe('two workers on one database', () => {
  it('send each mail once', async () => {
    const smtp = await startSmtp();
    try {
      const t = await createTestApp({ ...FAST, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      const users = await Promise.all(Array.from({ length: 20 }, () => t.createUser()));
      for (const u of users) await reset(t, u.email);
      const start = () =>
        startMailWorker({
          db: t.database.db,
          config: t.config,
          secrets: t.app.deps.secrets,
          log: { warn: () => {}, error: () => {} },
          mailer: t.app.deps.mailer,
          pollMs: 3_600_000,
        });
      const [a, b] = [start(), start()];
      const [byA, byB] = await Promise.all([a.drain(), b.drain()]);
      await Promise.all([a.stop(), b.stop()]);
      expect(byA + byB).toBe(20);
      // Both took part where the database lets two connections work at once.
      if (t.database.kind === 'postgres') expect(Math.min(byA, byB)).toBeGreaterThan(0);
      const emails = users.map((u) => u.email);
      expect(smtp.received.flatMap((m) => m.to).sort()).toEqual([...emails].sort());
      const rows = await t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails));
      expect(rows.map((r) => `${r.status}/${r.attempts}`)).toEqual(emails.map(() => 'sent/1'));
    } finally {
      await smtp.close();
    }
  });
});

describe('dead letters', () => {
  describe('after the last attempt', () => {
    let t: TestApp;
    let user: Awaited<ReturnType<TestApp['createUser']>>;
    let dead: Awaited<ReturnType<typeof rowTo>>;
    let admin: Awaited<ReturnType<TestApp['signedIn']>>;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    const resend = (id: string, token = admin.token) =>
      t.api({ method: 'POST', url: '/admin/outbox/resend', token, payload: { id } });
    beforeAll(async () => {
      const port = await closedPort();
      t = await createTestApp({ ...FAST, MAIL_MAX_ATTEMPTS: '2', SMTP_URL: `smtp://127.0.0.1:${port}` });
      user = await t.createUser();
      await reset(t, user.email);
      dead = await deliverUntilDone(t, user.email);
      admin = await t.signedIn(Role.ADMIN_ROLE);
      // The server comes up once the mail is dead: the resend below reaches it.
      smtp = await startSmtp({ port });
    });
    afterAll(() => smtp?.close());

    it('are dead, sealed, with the last error', () => {
      expect(dead).toMatchObject({ status: 'dead', attempts: 2, textSealed: true });
      expect(dead.error).toContain('ECONNREFUSED');
      expect(dead.text).not.toContain('reset/finish');
    });

    it('are shown on the dashboard, sealed', async () => {
      const board = await t.api({ method: 'GET', url: '/admin/dashboard', token: admin.token });
      expect(board.statusCode).toBe(200);
      expect(board.body).not.toContain('reset/finish');
      expect(board.json().mailQueue).toMatchObject({ dead: 1 });
      const [letter] = board.json().deadLetters;
      expect(letter).toMatchObject({
        _id: dead.id,
        to: user.email,
        status: 'dead',
        attempts: 2,
        text: '',
        sealed: true,
        resendable: true,
        nextAttemptAt: null,
      });
      expect(letter.error).toContain('ECONNREFUSED');
    });

    it('are sent again by the admin only', async () => {
      const other = await t.signedIn(Role.LIST_ADMIN_ROLE);
      expect((await resend(dead.id, other.token)).statusCode).toBe(403);
    });

    it('are queued again by the admin, once: a second click finds nothing to resend', async () => {
      const again = await resend(dead.id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ _id: dead.id, status: 'queued', attempts: 0, error: null, sealed: true });
      expect((await resend(dead.id)).json().code).toBe('MAIL_NOT_RESENDABLE');
      expect(await rowTo(t, user.email)).toMatchObject({ status: 'queued', attempts: 0 });
    });

    it('are then delivered with their own text: the reset link still works', async () => {
      expect(await deliverUntilDone(t, user.email)).toMatchObject({ status: 'sent', attempts: 1, text: '' });
      expect(smtp.received).toHaveLength(1);
      const link = parseMail(smtp.received[0]?.raw ?? '').text.match(/https?:\/\/\S+/)?.[0] ?? '';
      const key = new URL(link).searchParams.get('key') ?? '';
      const finish = await t.api({ method: 'POST', url: `/users/reset/${key}`, payload: { password: 'wieder-da1' } });
      expect(finish.statusCode).toBe(200);
    });

    it('cannot be resent once sent (409), nor can an unknown mail (404)', async () => {
      expect((await resend(dead.id)).statusCode).toBe(409);
      expect((await resend('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });
  });

  it('come at once when the server refuses the recipient for good (550)', async () => {
    const smtp = await startSmtp({ rcptCode: 550 });
    try {
      const t = await createTestApp({ ...FAST, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      const user = await t.createUser();
      await reset(t, user.email);
      await deliverMails(t);
      const row = await rowTo(t, user.email);
      expect(row).toMatchObject({ status: 'dead', attempts: 1, textSealed: true });
      expect(row.error).toContain('550');
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });
});

describe('a text sealed under a secret the server does not have', () => {
  it('is a dead letter at once, with and without SMTP, and nothing is sent', async () => {
    const smtp = await startSmtp();
    try {
      const foreign = secretBox('another-secret-that-is-long-enough-0123456789');
      const settings: Record<string, string>[] = [{ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, {}];
      for (const env of settings) {
        const t = await createTestApp({ ...FAST, ...env });
        const user = await t.createUser();
        await t.database.db.insert(mailOutbox).values({
          to: user.email,
          subject: 'Prüfbuch: Passwort zurücksetzen',
          text: foreign.seal('Hallo'),
          textSealed: true,
          status: 'queued',
        });
        await deliverMails(t);
        expect(await rowTo(t, user.email)).toMatchObject({ status: 'dead', attempts: 1, textSealed: true });
      }
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });
});

describe('what a delivery confirms', () => {
  it('an offer’s KTB is informed only once the reminder is out, not while the server is down', async () => {
    const port = await closedPort();
    const t = await createTestApp({ ...FAST, SMTP_URL: `smtp://127.0.0.1:${port}` });
    const w = await offerWorld(t);
    const offer = await w.create({ ktb: w.ktb.id, objekt: 'Kaufhof Zeil' });
    const res = await w.call('POST', '/offer/sendktbremindermail', { offerId: offer._id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sentTo: w.ktb.email, ktbInformedAt: null });
    const informed = async () =>
      (await t.database.db.select().from(offers).where(eq(offers.id, offer._id)))[0]?.ktbInformedAt ?? null;

    await deliverMails(t);
    expect((await rowTo(t, w.ktb.email)).status).toBe('retrying');
    expect(await informed()).toBeNull();

    const smtp = await startSmtp({ port });
    try {
      const sent = await deliverUntilDone(t, w.ktb.email);
      expect(sent.status).toBe('sent');
      expect(smtp.received).toHaveLength(1);
      expect(await informed()).toEqual(sent.sentAt);
      const after = (await w.call('GET', `/offer/${offer._id}`)).json();
      expect(after.ampel).not.toBe('inform_ktb');
    } finally {
      await smtp.close();
    }
  });
});
