import type { Db } from '../../db/client';
import { type JobLog, startPeriodicJob } from '../../platform/jobs';
import { type DigestDeps, runDueDigests } from './reminders.digest';

/**
 * Checks hourly whether a tenant's weekly digest is due and sends it (reminders.digest.ts). The first
 * check waits a few minutes after start-up, so the hourly ampel refresh has run first.
 */
export function startDigestJob(db: Db, deps: DigestDeps, log: JobLog, opts: { firstAfterMs?: number } = {}) {
  return startPeriodicJob(
    'digest',
    async () => {
      const results = await runDueDigests(db, deps, new Date(), (tenantId, err) =>
        log.error({ err, tenantId }, 'digest failed'),
      );
      const mails = results.reduce((n, r) => n + r.mails, 0);
      if (results.length) log.info({ tenants: results.length, mails }, 'digests sent');
    },
    log,
    { firstAfterMs: opts.firstAfterMs ?? 5 * 60 * 1000 },
  );
}
