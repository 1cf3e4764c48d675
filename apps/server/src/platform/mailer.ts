import { sql } from 'drizzle-orm';
import { type Executor, rowsOf, type Tx } from '../db/client';
import { type MailDeliveredAction, mailOutbox } from '../db/schema/index';

/** Fills the {{name}} placeholders of a mail text; a missing value leaves the place empty. */
export const fillTemplate = (s: string, p: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(p[k] ?? ''));

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * What a delivered mail confirms, by kind: run by the mail worker in the transaction that marks the
 * mail sent (or stored), with the action's id and the moment of delivery.
 */
export type DeliveredActions = Record<string, (tx: Tx, id: string, deliveredAt: Date) => Promise<void>>;

export interface QueueOptions {
  /** Run once the mail is out, e.g. an offer's KTB counts as informed only then. */
  onDelivered?: MailDeliveredAction;
}

export interface Mailer {
  /**
   * Queues the mail in the caller's transaction: it is sent after commit by the mail worker, or not
   * at all when the transaction rolls back. Never talks to a mail server, so no request waits on one.
   */
  send(db: Executor, mail: Mail, opts?: QueueOptions): Promise<void>;
  readonly deliveredActions: DeliveredActions;
  /** Calls `listener` after each queued mail (the worker, for prompt delivery); returns the unsubscribe. */
  onQueued(listener: () => void): () => void;
  /** Tells the listeners that mails were queued some other way (a dead letter sent again). */
  notifyQueued(): void;
}

/**
 * The mail queue's front: mails go into mail_outbox as 'queued', their text sealed with the app
 * secret because it may hold live links (password reset, 2FA switch-off). See mail-worker.ts.
 */
export function createMailer(opts: {
  /** Seals a text with the app secret (SecretBox.seal); the worker opens it to send. */
  seal: (text: string) => string;
  deliveredActions?: DeliveredActions;
}): Mailer {
  const deliveredActions = opts.deliveredActions ?? {};
  const listeners = new Set<() => void>();
  const notifyQueued = () => {
    for (const listener of listeners) listener();
  };
  return {
    deliveredActions,
    async send(db, mail, { onDelivered } = {}) {
      if (onDelivered && !deliveredActions[onDelivered.kind]) {
        throw new Error(`no delivered action '${onDelivered.kind}' is registered with the mailer`);
      }
      await db.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: opts.seal(mail.text),
        textSealed: true,
        status: 'queued',
        onDelivered: onDelivered ?? null,
      });
      notifyQueued();
    },
    onQueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notifyQueued,
  };
}

export interface MailQueueStats {
  /** Queued or retrying: mails still to go out. */
  waiting: number;
  /** Of those, the ones that failed at least once. */
  retrying: number;
  /** Dead letters: given up after the last attempt or refused for good, until an admin sends them again. */
  dead: number;
  oldestWaitingAt: Date | null;
}

/** The queue's depth and its dead letters, for the admin dashboard and the metrics. */
export async function mailQueueStats(db: Executor): Promise<MailQueueStats> {
  const [row] = await rowsOf<{ waiting: number; retrying: number; dead: number; oldest: string | Date | null }>(
    db,
    sql`
      select
        count(*) filter (where ${mailOutbox.status} in ('queued', 'retrying'))::int as waiting,
        count(*) filter (where ${mailOutbox.status} = 'retrying')::int as retrying,
        count(*) filter (where ${mailOutbox.status} = 'dead')::int as dead,
        min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} in ('queued', 'retrying')) as oldest
      from ${mailOutbox}
      where ${mailOutbox.status} in ('queued', 'retrying', 'dead')`,
  );
  return {
    waiting: row?.waiting ?? 0,
    retrying: row?.retrying ?? 0,
    dead: row?.dead ?? 0,
    oldestWaitingAt: row?.oldest ? new Date(row.oldest) : null,
  };
}
