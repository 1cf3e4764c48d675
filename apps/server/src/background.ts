import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import { scheduleAmpelRefresh } from './modules/books/books.ampel-job';
import { expireExports } from './modules/exports/exports.jobs';
import { startExportWorker } from './modules/exports/exports.worker';
import { scheduleOfferDay } from './modules/offers/offers.job';
import { scheduleOrderDay } from './modules/orders/orders.job';
import { scheduleQualificationReminders } from './modules/qualifications/qualifications.job';
import { scheduleDigests } from './modules/reminders/reminders.job';
import { scheduleRetention } from './modules/retention/retention.job';
import { runScheduledBackup } from './ops/backup';
import { markOrphanedFiles, removeDueFiles } from './platform/files-removals';
import { purgeIdempotencyKeys } from './platform/idempotency';
import { createScheduler, HOURLY } from './platform/jobs';
import { startMailWorker } from './platform/mail-worker';

/** The process's background work: the periodic jobs and the mail worker. */
export interface BackgroundWork {
  /** Looks for due mail now (after start-up). */
  kick(): void;
  /** Stops the timers and waits for the work in progress. */
  stop(): Promise<void>;
}

/**
 * Starts the periodic jobs (run once across all processes: pg-boss on PostgreSQL, in-process on the
 * embedded database; decision 032) and the mail worker (each mail sent once; decision 029).
 */
export async function startBackgroundWork(app: FastifyInstance, database: Database): Promise<BackgroundWork> {
  const { config, mailer, files, secrets } = app.deps;
  const db = database.db;
  const scheduler = createScheduler({ database, url: config.databaseUrl, log: app.log });
  // Dates pass without any write: the stored ampels are recomputed hourly.
  scheduleAmpelRefresh(scheduler, db, app.log);
  // The weekly digest of installations that turned orange, red or black (decision 019).
  scheduleDigests(scheduler, db, { mailer, publicUrl: config.publicUrl }, app.log);
  // The offers' day: ampels, follow-up mails, attachments past their deletion date (decision 022).
  const offerDeps = { mailer, publicUrl: config.publicUrl, fileRemovalGraceHours: config.fileRemovalGraceHours };
  scheduleOfferDay(scheduler, db, offerDeps, app.log);
  // The orders' day: every order's ampels move on to the new day (decision 023).
  scheduleOrderDay(scheduler, db, app.log);
  // Retired books past their retention that no legal hold keeps are purged, daily (decision 059).
  scheduleRetention(scheduler, db, { fileRemovalGraceHours: config.fileRemovalGraceHours }, app.log);
  // Reminders of qualifications that expire in 60 and 14 days, once each (decision 055).
  scheduleQualificationReminders(scheduler, db, { mailer, publicUrl: config.publicUrl }, app.log);
  // Files whose grace period has passed leave the store; weekly, stored files no row names are marked (decision 030).
  scheduler.schedule('file-removals', { cron: '20 * * * *', firstAfterMs: 3 * 60_000 }, () =>
    removeDueFiles(db, files),
  );
  scheduler.schedule('orphaned-files', { cron: '40 3 * * 0', firstAfterMs: 30 * 60_000 }, () =>
    markOrphanedFiles(db, files, config.fileRemovalGraceHours),
  );
  // Inspection files whose download link ran out leave the store after the grace period (decision 058).
  scheduler.schedule('export-expiry', { cron: '25 * * * *', firstAfterMs: 4 * 60_000 }, () =>
    expireExports(db, config.fileRemovalGraceHours),
  );
  // Idempotency keys older than a week go, daily (decision 060).
  scheduler.schedule('idempotency-keys', { cron: '50 4 * * *', firstAfterMs: 20 * 60_000 }, () =>
    purgeIdempotencyKeys(db),
  );
  // The daily backup, on processes that have BACKUP_DIR (decision 031).
  if (config.backupDir) {
    scheduler.schedule(
      'backup',
      { cron: '30 2 * * *', firstAfterMs: 10 * 60_000 },
      () => runScheduledBackup({ config, database, files }, new Date()),
      { retries: 2, retryDelayMs: 10 * 60_000, timeoutMs: 6 * HOURLY },
    );
  }
  await scheduler.start();
  const mail = startMailWorker({ db, config, secrets, log: app.log, mailer });
  // Inspection files built in the background, each by one process (decision 058).
  const exportWorker = startExportWorker({ db, deps: app.deps, log: app.log });
  return {
    kick: () => {
      mail.kick();
      exportWorker.kick();
    },
    async stop() {
      await exportWorker.stop();
      await mail.stop();
      await scheduler.stop();
    },
  };
}
