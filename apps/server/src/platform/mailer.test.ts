/** Mail over a real SMTP listener: queued in the request's transaction, sent by the mail worker. */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PUBLIC_URL } from '../../test/helper';
import { deliverMails, parseMail, startSmtp } from '../../test/mail';
import { mailOutbox } from '../db/schema/index';

const smtp = await startSmtp();
afterAll(() => smtp.close());
const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });

async function requestReset(email: string, headers: Record<string, string> = {}) {
  const before = smtp.received.length;
  const res = await t.api({ method: 'POST', url: '/users/reset', payload: { email }, headers });
  const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));
  await deliverMails(t);
  return { res, queued, mails: smtp.received.slice(before) };
}

describe('mail over SMTP', () => {
  describe('a reset mail', () => {
    let user: Awaited<ReturnType<typeof t.createUser>>;
    let reset: Awaited<ReturnType<typeof requestReset>>;
    let link = '';
    beforeAll(async () => {
      user = await t.createUser({ firstName: 'Greta' });
      reset = await requestReset(user.email.toUpperCase());
      link = parseMail(reset.mails[0]?.raw ?? '').text.match(/https?:\/\/\S+/)?.[0] ?? '';
    });

    it('is answered with success', () => {
      expect(reset.res.statusCode).toBe(200);
      expect(reset.res.json()).toEqual({ success: true });
    });

    it('is only queued by the request, sealed: no link readable in the database', () => {
      const { queued } = reset;
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ status: 'queued', textSealed: true, attempts: 0 });
      expect(queued[0]?.text).not.toContain('http');
      expect(t.app.deps.secrets.open(queued[0]?.text ?? '')).toContain('/app/admin/reset/finish?key=');
    });

    it('is delivered after commit, in German, with a link under PUBLIC_URL', () => {
      expect(reset.mails).toHaveLength(1);
      const [mail] = reset.mails;
      expect(mail?.to).toEqual([user.email]);
      const parsed = parseMail(mail?.raw ?? '');
      expect(parsed.to).toContain(user.email);
      expect(parsed.subject).toBe('Prüfbuch: Passwort zurücksetzen');
      expect(parsed.text).toContain('Hallo Greta,');
      expect(link.startsWith(`${PUBLIC_URL}/app/admin/reset/finish?key=`)).toBe(true);
    });

    it('has a link that sets a new password, once', async () => {
      const key = new URL(link).searchParams.get('key') ?? '';
      const finish = await t.api({
        method: 'POST',
        url: `/users/reset/${key}`,
        payload: { password: 'neues-Passwort1' },
      });
      expect(finish.statusCode).toBe(200);
      expect((await t.login(user.email, 'neues-Passwort1')).userId).toBe(user.id);
      const reused = await t.api({ method: 'POST', url: `/users/reset/${key}`, payload: { password: 'noch-eins1' } });
      expect(reused.statusCode).toBe(400);
    });

    it('stays in the outbox as sent, without its body', async () => {
      const rows = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, user.email))
        .orderBy(desc(mailOutbox.createdAt));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'sent',
        text: '',
        textSealed: false,
        attempts: 1,
        subject: 'Prüfbuch: Passwort zurücksetzen',
        error: null,
      });
      expect(rows[0]?.sentAt).toBeInstanceOf(Date);
    });

    it('is delivered once: another run finds nothing due', async () => {
      expect(await deliverMails(t)).toBe(0);
      expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    });
  });

  it('answers an unknown email the same way and queues nothing', async () => {
    const user = await t.createUser();
    const unknownEmail = `niemand-${user.id.slice(0, 8)}@test.example`;
    const known = await requestReset(user.email);
    const unknown = await requestReset(unknownEmail);
    expect(unknown.res.statusCode).toBe(known.res.statusCode);
    expect(unknown.res.body).toBe(known.res.body);
    expect(known.mails).toHaveLength(1);
    expect(unknown.mails).toEqual([]);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, unknownEmail))).toEqual([]);
  });

  it('builds the link from PUBLIC_URL whatever Host the request names', async () => {
    const user = await t.createUser();
    const { res, mails } = await requestReset(user.email, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
      forwarded: 'host=evil.example;proto=http',
    });
    expect(res.statusCode).toBe(200);
    expect(mails).toHaveLength(1);
    const { text } = parseMail(mails[0]?.raw ?? '');
    expect(text.match(/https?:\/\/\S+/)?.[0]?.startsWith(`${PUBLIC_URL}/app/admin/reset/finish?key=`)).toBe(true);
    expect(text).not.toContain('evil.example');
  });
});

describe('mail without SMTP_URL', async () => {
  const demo = await createTestApp();

  it('is stored readable for the admin dashboard, the outbox of the demo', async () => {
    const user = await demo.createUser();
    expect((await demo.api({ method: 'POST', url: '/users/reset', payload: { email: user.email } })).statusCode).toBe(
      200,
    );
    expect(await deliverMails(demo)).toBe(1);
    const [row] = await demo.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(row).toMatchObject({ status: 'stored', textSealed: false, attempts: 1 });
    expect(row?.text).toContain(`${PUBLIC_URL}/app/admin/reset/finish?key=`);
  });
});
