/**
 * The limits on mail people trigger (packages/domain rules/mail-limits.ts, docs/decisions/036). The
 * counts come from rows the database already keeps (each action's protocol rows, or the defect
 * reports), never from a process's memory, so a limit holds however many servers run.
 */
import type { ErrorCode } from '@pruefbuch/domain/error-codes';
import { MAIL_RULES, type MailAction, type MailLimit, mailWaitSeconds } from '@pruefbuch/domain/rules/mail-limits';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { AppError } from './errors';

/** Advisory-lock namespace of mail limits (any constant that no other lock uses). */
const MAIL_LOCK_NAMESPACE = 7_346_036;

/**
 * Takes a lock on `key` (a user, a record) until the transaction ends, in every server process: two
 * requests at once then count one after the other, and cannot both take the last mail of a window.
 */
export async function lockMailKey(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${MAIL_LOCK_NAMESPACE}, hashtext(${key}))`);
}

/** When the window of `limit` began, seen from now. */
export const windowStart = (limit: MailLimit, now: Date = new Date()) =>
  new Date(now.getTime() - limit.windowSeconds * 1000);

/** The times of the mails counted against one limit, newest first; a query needs at most `limit.max` rows. */
export type RecentMails = (limit: MailLimit, since: Date) => Promise<Date[]>;

const refuse = (code: ErrorCode, seconds: number) => new AppError(code, 429, undefined, seconds);

/**
 * Refuses with 429, the seconds to wait (retryAfterSeconds and Retry-After) and MAIL_LIMIT_USER or
 * MAIL_LIMIT_RECORD when one more mail of `action` would pass a limit. Run after lockMailKey of the
 * user and the record, in the transaction that then queues the mail and writes the row counted.
 */
export async function assertMailAllowed(
  action: MailAction,
  counts: { byUser?: RecentMails; byRecord: RecentMails },
  now: Date = new Date(),
) {
  const rule = MAIL_RULES[action];
  if (rule.perUser && counts.byUser) {
    const wait = mailWaitSeconds(rule.perUser, await counts.byUser(rule.perUser, windowStart(rule.perUser, now)), now);
    if (wait > 0) throw refuse('MAIL_LIMIT_USER', wait);
  }
  const wait = mailWaitSeconds(
    rule.perRecord,
    await counts.byRecord(rule.perRecord, windowStart(rule.perRecord, now)),
    now,
  );
  if (wait > 0) throw refuse('MAIL_LIMIT_RECORD', wait);
}
