import type { Db } from '../../db/client';
import { type JobLog, type Scheduler, startAlone } from '../../platform/jobs';
import { type DigestDeps, runDueDigests } from './reminders.digest';

/**
 * Checks hourly, five minutes past the hour (after the ampel refresh on the hour), whether a tenant's
 * weekly digest is due and sends it (reminders.digest.ts). A tenant whose digest failed fails the run,
 * so it is retried and the admins see it; the tenants sent meanwhile are no longer due.
 */
export function scheduleDigests(scheduler: Pick<Scheduler, 'schedule'>, db: Db, deps: DigestDeps, log: JobLog) {
  scheduler.schedule('digest', { cron: '5 * * * *', firstAfterMs: 5 * 60 * 1000 }, async () => {
    let failed = 0;
    const results = await runDueDigests(db, deps, new Date(), (tenantId, err) => {
      failed += 1;
      log.error({ err, tenantId }, 'digest failed');
    });
    const mails = results.reduce((n, r) => n + r.mails, 0);
    if (results.length) log.info({ tenants: results.length, mails }, 'digests sent');
    if (failed) throw new Error(`digest failed for ${failed} tenant(s)`);
  });
}

/** The digest check on its own in-process scheduler (tests). */
export const startDigestJob = (db: Db, deps: DigestDeps, log: JobLog) =>
  startAlone(db, log, 'digest', (s) => scheduleDigests(s, db, deps, log));
