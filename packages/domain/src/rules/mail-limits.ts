/**
 * How often people may make the app send mail (docs/decisions/036-mail-limits.md). Every mail a
 * person triggers has a row here: how many such mails one user may send within a window, and how
 * many may go out about one record (an order, an offer, an installation) within a window, whoever
 * sends them. The server counts the rows the action leaves in the database (its protocol rows, or
 * the defect reports), so a limit holds across several server processes; past a limit the action
 * is refused with 429 and the seconds until the next one is allowed.
 */

/** The mails a person triggers by hand. */
export const MAIL_ACTIONS = ['order-transfer', 'ktb-reminder', 'defect-report'] as const;
export type MailAction = (typeof MAIL_ACTIONS)[number];

export interface MailLimit {
  max: number;
  windowSeconds: number;
}

export interface MailRule {
  /** Mails of this action one user may send (null: the action has no signed-in user, see the record). */
  perUser: MailLimit | null;
  /** Mails of this action about one record, from anybody. */
  perRecord: MailLimit;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * One row per action. The numbers leave room for a busy day (a dispatcher hands over a few dozen
 * orders an hour; an order moves through its departments a handful of times) and stop a loop.
 */
export const MAIL_RULES: Readonly<Record<MailAction, MailRule>> = {
  // POST orders/sendMailTransferDepartment: every user of the department gets a mail.
  'order-transfer': { perUser: { max: 30, windowSeconds: HOUR }, perRecord: { max: 10, windowSeconds: DAY } },
  // POST offer/sendktbremindermail: one mail to the KTB (or the user named).
  'ktb-reminder': { perUser: { max: 20, windowSeconds: HOUR }, perRecord: { max: 3, windowSeconds: DAY } },
  // POST public/qr/{code}/defects: anybody at the installation; a mail to the service company. Per
  // address the public route has its own request limit; here the installation (the book) is the record.
  'defect-report': { perUser: null, perRecord: { max: 10, windowSeconds: DAY } },
};

/** The free text a person may add to a mail (transfer, KTB reminder). */
export const MAIL_MESSAGE_MAX = 1000;

/**
 * Seconds to wait before the next mail is allowed, 0 when it is allowed now. `recent` are the times
 * of the mails counted within the window, newest first (at most `limit.max` are needed). The window
 * slides: the next mail is allowed once the max-th newest one has left it.
 */
export function mailWaitSeconds(limit: MailLimit, recent: readonly Date[], now: Date = new Date()): number {
  if (recent.length < limit.max) return 0;
  const leaving = recent[limit.max - 1];
  if (!leaving) return 0;
  const left = leaving.getTime() + limit.windowSeconds * 1000 - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
