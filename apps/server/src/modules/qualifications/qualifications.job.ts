/**
 * The reminders of expiring qualifications (decision 055): once a day, every qualification whose
 * last valid day is 60 or 14 days ahead (or nearer, for a day no server ran) gets a mail to its
 * holder. Idempotent per qualification, threshold and last valid day: the reminder row is inserted
 * in the transaction that queues the mail, so a second run, or a second process running the job at
 * the same time, inserts nothing and mails nothing (the primary key decides).
 */
import { screenPath } from '@pruefbuch/domain/access';
import { APP_BASE } from '@pruefbuch/domain/constants';
import { mails as deMails } from '@pruefbuch/domain/locales/de/mails';
import { mails as enMails } from '@pruefbuch/domain/locales/en/mails';
import { translate } from '@pruefbuch/domain/locales/resources';
import { formatDay } from '@pruefbuch/domain/rules/date-display';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { daysBetween, qualificationLabelKey, REMINDER_DAYS, reminderDue } from '@pruefbuch/domain/rules/qualifications';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qualificationReminders, userQualifications, users } from '../../db/schema/index';
import type { JobLog, Scheduler } from '../../platform/jobs';
import { fillTemplate, type Mailer } from '../../platform/mailer';

export interface QualificationReminderDeps {
  mailer: Mailer;
  publicUrl: string;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Queues the reminders due on `today`; returns how many mails were queued. */
export async function runQualificationReminders(
  db: Db,
  deps: QualificationReminderDeps,
  today: string = berlinToday(),
) {
  const horizon = addDays(today, Math.max(...REMINDER_DAYS));
  const candidates = await db
    .select({
      id: userQualifications.id,
      kind: userQualifications.kind,
      number: userQualifications.number,
      issuer: userQualifications.issuer,
      validUntil: userQualifications.validUntil,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
    })
    .from(userQualifications)
    .innerJoin(users, eq(users.id, userQualifications.userId))
    .where(
      and(
        gte(userQualifications.validUntil, today),
        lte(userQualifications.validUntil, horizon),
        eq(users.isResigned, false),
      ),
    )
    .orderBy(asc(userQualifications.validUntil), asc(userQualifications.id));
  const base = deps.publicUrl.replace(/\/$/, '');
  let mailed = 0;
  for (const q of candidates) {
    const threshold = q.validUntil ? reminderDue(q.validUntil, today) : null;
    if (!q.validUntil || threshold === null) continue;
    const validUntil = q.validUntil;
    const queued = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(qualificationReminders)
        .values({ qualificationId: q.id, threshold, validUntil })
        .onConflictDoNothing()
        .returning({ id: qualificationReminders.qualificationId });
      if (!row) return false;
      const lang = q.language ?? 'de';
      const texts = lang === 'en' ? enMails : deMails;
      const params = {
        qualification: translate(lang, qualificationLabelKey(q.kind)),
        number: q.number || '–',
        issuer: q.issuer || '–',
        date: formatDay(validUntil, 'date', lang),
        days: daysBetween(today, validUntil),
        link: `${base}${APP_BASE}${screenPath('settings', { slug: q.userId })}`,
        name: [q.firstName, q.lastName].filter(Boolean).join(' '),
      };
      await deps.mailer.send(tx, {
        to: q.email,
        subject: fillTemplate(texts.qualificationReminder.subject, params),
        text: `${fillTemplate(texts.greeting, params)}\n\n${fillTemplate(texts.qualificationReminder.body, params)}\n\n${texts.signature}`,
      });
      return true;
    });
    if (queued) mailed++;
  }
  return { mailed };
}

/** Daily at 06:15 (Europe/Berlin), made up 4 minutes after a start when the day's run was missed. */
export function scheduleQualificationReminders(
  scheduler: Pick<Scheduler, 'schedule'>,
  db: Db,
  deps: QualificationReminderDeps,
  log: JobLog,
) {
  scheduler.schedule('qualification-reminders', { cron: '15 6 * * *', firstAfterMs: 4 * 60_000 }, async () => {
    const r = await runQualificationReminders(db, deps);
    if (r.mailed) log.info(r, 'qualification reminders queued');
  });
}
