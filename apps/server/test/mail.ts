import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startMailWorker } from '../src/platform/mail-worker';
import type { TestApp } from './helper';

const quiet = { warn: () => {}, error: () => {} };

/**
 * Delivers every mail the app has queued and that is due, as the mail worker of a running server
 * would: over SMTP_URL when the test app has one, else filed as 'stored' with its text readable.
 * Returns how many mails were handled.
 */
export async function deliverMails(t: Pick<TestApp, 'app' | 'database' | 'config'>) {
  const worker = startMailWorker({
    db: t.database.db,
    config: t.config,
    secrets: t.app.deps.secrets,
    log: quiet,
    mailer: t.app.deps.mailer,
    pollMs: 3_600_000,
  });
  try {
    return await worker.drain();
  } finally {
    await worker.stop();
  }
}

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP listener that keeps every message it accepts. `answer` may refuse a message with an
 * SMTP reply code (e.g. 451 for 'try again later'); `port` reuses a port (a server that comes back).
 */
export async function startSmtp(
  opts: { port?: number; answer?: (n: number) => number | undefined; rcptCode?: number } = {},
) {
  const received: Received[] = [];
  let offered = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Any login is welcome over the plain test connection (an SMTP_URL with user and password).
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!opts.rcptCode) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: opts.rcptCode }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = opts.answer?.(++offered);
        if (code) return callback(Object.assign(new Error('Try again later'), { responseCode: code }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port that was free a moment ago: nothing listens there (a mail server that is down). */
export async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts TCP connections and never says a word (no SMTP greeting). */
export async function startSilentServer() {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    /** Connections taken so far. */
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Just enough MIME to read a mail nodemailer wrote: headers, encoded words, quoted-printable or base64 body. */
export function parseMail(raw: string) {
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
