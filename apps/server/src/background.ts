import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import { startAmpelRefresh } from './modules/books/books.ampel-job';
import { startOfferDayJob } from './modules/offers/offers.job';
import { startOrderDayJob } from './modules/orders/orders.job';
import { startDigestJob } from './modules/reminders/reminders.job';

/** The process's background work: the periodic jobs and the mail worker. */
export interface BackgroundWork {
  /** Looks for due work now (after start-up). */
  kick(): void;
  /** Stops the timers and waits for work in progress. */
  stop(): Promise<void>;
}

/** Starts every periodic job of the server (decision 032) on this process. */
export async function startBackgroundWork(app: FastifyInstance, database: Database): Promise<BackgroundWork> {
  const { config, mailer, files } = app.deps;
  const jobs = [
    // Dates pass without any write: the stored ampels are recomputed now and hourly.
    startAmpelRefresh(database.db, app.log),
    // The weekly digest of installations that turned orange, red or black (decision 019).
    startDigestJob(database.db, { mailer, publicUrl: config.publicUrl }, app.log),
    // The offers' day: ampels, follow-up mails, attachments past their deletion date (decision 022).
    startOfferDayJob(database.db, { mailer, publicUrl: config.publicUrl, files }, app.log),
    // The orders' day: every order's ampels move on to the new day (decision 023).
    startOrderDayJob(database.db, app.log),
  ];
  return {
    kick() {},
    async stop() {
      await Promise.all(jobs.map((j) => j.stop()));
    },
  };
}
