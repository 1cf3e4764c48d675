import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { Db } from '../../db/client';
import { type JobLog, type Scheduler, startAlone } from '../../platform/jobs';
import { type OfferDayDeps, runOfferDay, sendFollowUpMails } from './offers.mails';

/**
 * The offers' daily run (offers.mails.ts runOfferDay), checked hourly two minutes past the hour: the
 * first run of each new day (Europe/Berlin) that succeeds moves every ampel on to the day; the later
 * ones send the follow-up mails that came due meanwhile (a follow-up date set to today). Whether the
 * day's run was made is read from the job's last success, which any process may have had.
 */
export function scheduleOfferDay(
  scheduler: Pick<Scheduler, 'schedule'>,
  db: Db,
  deps: OfferDayDeps,
  log: JobLog,
  opts: { firstAfterMs?: number } = {},
) {
  const timing = { cron: '2 * * * *', firstAfterMs: opts.firstAfterMs ?? 2 * 60 * 1000 };
  scheduler.schedule('offer-day', timing, async ({ lastOkAt }) => {
    const today = berlinToday();
    if (!lastOkAt || berlinToday(lastOkAt) !== today) {
      const r = await runOfferDay(db, deps, today);
      log.info({ day: today, ...r }, 'offer day run');
    } else {
      const mails = await sendFollowUpMails(db, deps, today);
      if (mails) log.info({ mails }, 'offer follow-up mails sent');
    }
  });
}

/** The offers' day on its own in-process scheduler (tests). */
export const startOfferDayJob = (db: Db, deps: OfferDayDeps, log: JobLog, opts: { firstAfterMs?: number } = {}) =>
  startAlone(db, log, 'offer-day', (s) => scheduleOfferDay(s, db, deps, log, opts));
