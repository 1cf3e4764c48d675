/**
 * The mail worker: sends what mailer.send queued (docs/decisions/029). Each mail is claimed in a short
 * statement (`for update skip locked`, then a lease on next_attempt_at), so several server processes
 * never send one mail twice and no transaction or row lock is held while SMTP is talked to; the result
 * is recorded afterwards. A failure is tried again after mailRetryBaseMs · 2^(attempts-1) (at most a
 * day) until mailMaxAttempts, then the mail is a dead letter the admin dashboard can send again.
 * Without SMTP_URL the worker files each mail as 'stored', readable on the admin dashboard.
 */
import { and, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client';
import { type MailDeliveredAction, mailOutbox } from '../db/schema/index';
import type { Config } from './config';
import type { SecretBox } from './crypto';
import type { Mailer } from './mailer';

export interface MailLog {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface MailWorkerOptions {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailRetryBaseMs' | 'mailMaxAttempts' | 'smtpTimeoutMs'>;
  secrets: SecretBox;
  log: MailLog;
  /** Its delivered actions, and its signal that a mail was queued (for prompt delivery). */
  mailer: Pick<Mailer, 'deliveredActions' | 'onQueued'>;
  /** How often due mails are looked for without a kick (retries come due this way). */
  pollMs?: number;
}

export interface MailWorker {
  /** Looks for due mails shortly (after the queuing transaction has had time to commit). */
  kick(): void;
  /** Sends every mail that is due now; resolves with how many were handled. */
  drain(): Promise<number>;
  /** Stops polling, cuts off the mail in hand (it is tried again later) and waits for its record. */
  stop(): Promise<void>;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

const POLL_MS = 2000;
/** A kick comes from inside the queuing transaction: give its commit a moment. */
const KICK_DELAY_MS = 50;
const MAX_RETRY_DELAY_MS = 24 * 3600_000;
const ERROR_LENGTH = 500;

/** The wait before attempt n+1 after n failed attempts. */
export const retryDelayMs = (baseMs: number, attempts: number) =>
  Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_DELAY_MS);

const msFromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;

/** Mails to send now; one sweep tries each at most once (a short retry wait would bring it back at once). */
const due = (tried: ReadonlySet<string> = new Set()) =>
  and(
    inArray(mailOutbox.status, ['queued', 'retrying']),
    lte(mailOutbox.nextAttemptAt, sql`now()`),
    tried.size ? notInArray(mailOutbox.id, [...tried]) : undefined,
  );

/**
 * A refusal that no retry will change: the recipient or the message refused for good (5xx), or no
 * usable recipient at all. A refused sender or login is retried: the operator can fix the setting.
 */
function isPermanent(err: unknown) {
  const e = err as { code?: string; responseCode?: number; command?: string };
  if (e.code !== 'EENVELOPE' && e.code !== 'EMESSAGE') return false;
  return e.command !== 'MAIL FROM' && (!e.responseCode || e.responseCode >= 500);
}

export function startMailWorker(opts: MailWorkerOptions): MailWorker {
  const { db, config, secrets, log } = opts;
  const actions = opts.mailer.deliveredActions;
  const timeout = config.smtpTimeoutMs;
  // connect + greeting + a few quiet commands: past this the attempt is cut off however the server behaves.
  const deadlineMs = 4 * timeout;
  // A claimed mail is left alone this long; only a worker that died mid-send lets it run out.
  const leaseMs = deadlineMs + 60_000;
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
        dnsTimeout: timeout,
      })
    : null;

  /** The error as the outbox keeps it: code and message, without the SMTP credentials. */
  function errorText(err: unknown) {
    const e = err as { code?: string; message?: string };
    let text = [e.code, e.message ?? String(err)].filter(Boolean).join(': ');
    text = text.replace(/\/\/[^/@\s]*@/g, '//***@');
    const password = config.smtpUrl ? decodeURIComponent(new URL(config.smtpUrl).password) : '';
    if (password) text = text.split(password).join('***');
    return text.slice(0, ERROR_LENGTH);
  }

  const textOf = (row: OutboxRow) => (row.textSealed ? secrets.open(row.text) : row.text);

  async function runAction(tx: Tx, action: MailDeliveredAction | null, at: Date) {
    if (!action) return;
    const run = actions[action.kind];
    if (!run) {
      log.error({ action }, 'mail delivered: no action of this kind');
      return;
    }
    // In a savepoint: the mail is out whatever the action does, and is recorded so.
    try {
      await tx.transaction((sp) => run(sp, action.id, at));
    } catch (err) {
      log.error({ err, action }, 'mail delivered: its action failed');
    }
  }

  /** Without SMTP: the next due mail becomes 'stored', its text readable on the admin dashboard. */
  async function storeOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(mailOutbox)
        .where(due())
        .orderBy(mailOutbox.nextAttemptAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      const at = new Date();
      let text: string;
      try {
        text = textOf(row);
      } catch (err) {
        await tx
          .update(mailOutbox)
          .set({ status: 'dead', attempts: row.attempts + 1, error: errorText(err) })
          .where(eq(mailOutbox.id, row.id));
        return true;
      }
      await tx
        .update(mailOutbox)
        .set({ status: 'stored', text, textSealed: false, attempts: row.attempts + 1, sentAt: at, error: null })
        .where(eq(mailOutbox.id, row.id));
      await runAction(tx, row.onDelivered, at);
      return true;
    });
  }

  /** Claims the next due mail for the lease: one statement, its row lock gone when it returns. */
  async function claim(tried: Set<string>): Promise<OutboxRow | null> {
    const next = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(due(tried))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: msFromNow(leaseMs) })
      .where(inArray(mailOutbox.id, next))
      .returning();
    return row ?? null;
  }

  /** The claim still holds: nobody re-queued or re-claimed the mail meanwhile. */
  const stillOurs = (row: OutboxRow) =>
    and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.attempts, row.attempts),
      inArray(mailOutbox.status, ['queued', 'retrying']),
    );

  async function recordSent(row: OutboxRow) {
    const at = new Date();
    await db.transaction(async (tx) => {
      // The body held live links: once delivered it is not kept.
      const [done] = await tx
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: at, text: '', textSealed: false, error: null })
        .where(stillOurs(row))
        .returning({ id: mailOutbox.id });
      if (done) await runAction(tx, row.onDelivered, at);
      else log.warn({ mailId: row.id }, 'mail sent after its claim ran out');
    });
  }

  async function recordFailure(row: OutboxRow, err: unknown, permanent = isPermanent(err)) {
    const dead = permanent || row.attempts >= config.mailMaxAttempts;
    const error = errorText(err);
    await db
      .update(mailOutbox)
      .set({
        status: dead ? 'dead' : 'retrying',
        error,
        nextAttemptAt: dead ? sql`now()` : msFromNow(retryDelayMs(config.mailRetryBaseMs, row.attempts)),
      })
      .where(stillOurs(row));
    if (dead) log.error({ mailId: row.id, attempts: row.attempts, error }, 'mail undeliverable: dead letter');
    else log.warn({ mailId: row.id, attempts: row.attempts, error }, 'mail delivery failed: will retry');
  }

  /** Sends the next due mail (over SMTP, else files it as stored); false when none is due. */
  async function sendOne(tried: Set<string>): Promise<boolean> {
    if (!transport) return storeOne();
    const row = await claim(tried);
    if (!row) return false;
    tried.add(row.id);
    let text: string;
    try {
      text = textOf(row);
    } catch (err) {
      // Sealed under a secret this server no longer has: no attempt will open it.
      await recordFailure(row, err, true);
      return true;
    }
    // Cut off at the deadline, or at stop(): a shutdown does not wait for a mail server that hangs.
    const cancel = new AbortController();
    inFlight = cancel;
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: row.to,
        subject: row.subject,
        text,
        signal: AbortSignal.any([cancel.signal, AbortSignal.timeout(deadlineMs)]),
      });
    } catch (err) {
      await recordFailure(row, cancel.signal.aborted ? cancel.signal.reason : err);
      return true;
    } finally {
      inFlight = null;
    }
    await recordSent(row);
    return true;
  }

  let stopped = false;
  let inFlight: AbortController | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let waiting: Promise<number> | null = null;
  let kickTimer: NodeJS.Timeout | null = null;

  /** One sweep at a time; a sweep asked for while one runs starts after it (once, however often asked). */
  function sweep(): Promise<number> {
    if (waiting) return waiting;
    const run = chain.then(async () => {
      waiting = null;
      let n = 0;
      const tried = new Set<string>();
      while (!stopped && (await sendOne(tried))) n++;
      return n;
    });
    waiting = run;
    chain = run.catch(() => {});
    return run;
  }
  const sweepLogged = () => void sweep().catch((err: unknown) => log.error({ err }, 'mail worker sweep failed'));

  const poll = setInterval(sweepLogged, opts.pollMs ?? POLL_MS);
  poll.unref();
  const unsubscribe = opts.mailer.onQueued(() => worker.kick());

  const worker: MailWorker = {
    kick() {
      if (stopped || kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = null;
        sweepLogged();
      }, KICK_DELAY_MS);
      kickTimer.unref();
    },
    drain: sweep,
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (kickTimer) clearTimeout(kickTimer);
      unsubscribe();
      // The mail in hand is recorded as a failed attempt and tried again later (by any process).
      inFlight?.abort(new Error('attempt cut off: the server is stopping'));
      await chain;
      transport?.close();
    },
  };
  return worker;
}
