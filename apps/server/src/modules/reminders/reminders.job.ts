import type { Db } from '../../db/client';
import { type DigestDeps, runDueDigests } from './reminders.digest';

const CHECK_EVERY_MS = 60 * 60 * 1000;

interface Log {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/**
 * Checks hourly whether a tenant's weekly digest is due and sends it (reminders.digest.ts). The first
 * check waits a few minutes after start-up, so the hourly ampel refresh has run first.
 */
export function startDigestJob(db: Db, deps: DigestDeps, log: Log, opts: { firstAfterMs?: number } = {}) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= runDueDigests(db, deps, new Date(), (tenantId, err) => log.error({ err, tenantId }, 'digest failed'))
      .then((results) => {
        const mails = results.reduce((n, r) => n + r.mails, 0);
        if (results.length) log.info({ tenants: results.length, mails }, 'digests sent');
      })
      .catch((err: unknown) => log.error({ err }, 'digest failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = setTimeout(run, opts.firstAfterMs ?? 5 * 60 * 1000);
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
