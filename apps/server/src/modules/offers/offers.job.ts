import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { Db } from '../../db/client';
import { type JobLog, startPeriodicJob } from '../../platform/jobs';
import { type OfferDayDeps, runOfferDay, sendFollowUpMails } from './offers.mails';

/**
 * The offers' daily run (offers.mails.ts runOfferDay) while the server runs: shortly after start-up and
 * on the first hourly check of each new day (Europe/Berlin) every ampel moves on to the day; the other
 * hourly checks send the follow-up mails that came due meanwhile (a follow-up date set to today).
 * Started by main.ts only; tests call runOfferDay with a date.
 */
export function startOfferDayJob(db: Db, deps: OfferDayDeps, log: JobLog, opts: { firstAfterMs?: number } = {}) {
  let lastDay: string | null = null;
  return startPeriodicJob(
    'offer day run',
    async () => {
      const today = berlinToday();
      if (today !== lastDay) {
        const r = await runOfferDay(db, deps, today);
        lastDay = today;
        log.info({ day: today, ...r }, 'offer day run');
      } else {
        const mails = await sendFollowUpMails(db, deps, today);
        if (mails) log.info({ mails }, 'offer follow-up mails sent');
      }
    },
    log,
    { firstAfterMs: opts.firstAfterMs ?? 2 * 60 * 1000 },
  );
}
