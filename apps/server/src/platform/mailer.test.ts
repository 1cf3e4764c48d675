import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, PUBLIC_URL } from '../../test/helper';
import { mailOutbox } from '../db/schema/index';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP listener on a free port that keeps every message it gets. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Just enough MIME to read a mail nodemailer wrote: headers, encoded words, quoted-printable or base64 body. */
function parseMail(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  const qp = (s: string) =>
    Buffer.from(
      s
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const words = (s: string) =>
    s
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
        enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
      );
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body = raw.slice(split + 4);
  const text =
    encoding === 'quoted-printable' ? qp(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString() : body;
  return { subject: words(headers.get('subject') ?? ''), to: headers.get('to') ?? '', text };
}

const smtp = await startSmtp();
afterAll(() => smtp.close());
// A high address limit: on a shared PostgreSQL other test files record login failures from 127.0.0.1 too.
const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LOCKOUT_IP_MAX: '100000' });

async function requestReset(email: string, headers: Record<string, string> = {}) {
  const before = smtp.received.length;
  const res = await t.api({ method: 'POST', url: '/users/reset', payload: { email }, headers });
  return { res, mails: smtp.received.slice(before) };
}

describe('mail over SMTP', () => {
  it('delivers the reset mail; its link sets a new password; the outbox keeps no body', async () => {
    const user = await t.createUser({ firstName: 'Greta' });
    const { res, mails } = await requestReset(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toEqual([user.email]);
    const parsed = parseMail(mail?.raw ?? '');
    expect(parsed.to).toContain(user.email);
    expect(parsed.subject).toBe('Prüfbuch: Passwort zurücksetzen');
    expect(parsed.text).toContain('Hallo Greta,');
    const link = parsed.text.match(/https?:\/\/\S+/)?.[0] ?? '';
    expect(link.startsWith(`${PUBLIC_URL}/app/admin/reset/finish?key=`)).toBe(true);

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

    const rows = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email))
      .orderBy(desc(mailOutbox.createdAt));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'sent',
      text: '',
      subject: 'Prüfbuch: Passwort zurücksetzen',
      error: null,
    });
  });

  it('answers an unknown email the same way and sends nothing', async () => {
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

describe('mail when the SMTP server is unreachable', async () => {
  // A port that was just free: nothing listens there any more.
  const closed = await startSmtp();
  await closed.close();
  const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${closed.port}`, LOCKOUT_IP_MAX: '100000' });

  it('still answers the reset with 200 and notes the failed mail in the outbox', async () => {
    const user = await down.createUser();
    const res = await down.api({ method: 'POST', url: '/users/reset', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    const rows = await down.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('failed');
    expect(rows[0]?.error).toBeTruthy();
  });
});
