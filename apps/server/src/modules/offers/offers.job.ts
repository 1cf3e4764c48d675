import type { Db } from '../../db/client';
import { type OfferDayDeps, runOfferDay, sendFollowUpMails } from './offers.mails';
import { berlinDay } from './offers.repo';

const CHECK_EVERY_MS = 60 * 60 * 1000;

interface Log {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/**
 * The offers' daily run (offers.mails.ts runOfferDay) while the server runs: shortly after start-up and
 * on the first hourly check of each new day (Europe/Berlin) every ampel moves on to the day; the other
 * hourly checks send the follow-up mails that came due meanwhile (a follow-up date set to today).
 * Started by main.ts only; tests call runOfferDay with a date.
 */
export function startOfferDayJob(db: Db, deps: OfferDayDeps, log: Log, opts: { firstAfterMs?: number } = {}) {
  let running: Promise<void> | null = null;
  let lastDay: string | null = null;
  const run = () => {
    running ??= (async () => {
      const today = berlinDay();
      if (today !== lastDay) {
        const r = await runOfferDay(db, deps, today);
        lastDay = today;
        log.info({ day: today, ...r }, 'offer day run');
      } else {
        const mails = await sendFollowUpMails(db, deps, today);
        if (mails) log.info({ mails }, 'offer follow-up mails sent');
      }
    })()
      .catch((err: unknown) => log.error({ err }, 'offer day run failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = setTimeout(run, opts.firstAfterMs ?? 2 * 60 * 1000);
  first.unref();
  const timer = setInterval(run, CHECK_EVERY_MS);
  timer.unref();
  return {
    run,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
