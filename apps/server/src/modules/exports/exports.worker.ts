import type { Db } from '../../db/client';
import type { AppDeps, TenantContext } from '../../platform/context';
import type { JobLog } from '../../platform/jobs';
import { claimExport, type ExportJobRow, onExportQueued, runExportJob } from './exports.jobs';
import { planOf, resolveExport, zipName } from './exports.service';
import { writeInspectionFile } from './exports.zip';

/**
 * Builds a job's file straight into the file store: the ZIP is staged (hashed on the way) while it is
 * written, and committed at its content address by the caller once the job is recorded done.
 */
export async function buildExportFile(
  ctx: TenantContext,
  job: ExportJobRow,
  progress: (done: number, total: number) => Promise<void>,
) {
  const target = { scope: job.scope, target: job.target };
  const resolved = await resolveExport(ctx, target);
  const total = resolved.books.length;
  await progress(0, total);
  const plan = await planOf(ctx, target, resolved);
  const file = writeInspectionFile(ctx, plan, (done) => progress(done, total));
  const [staged] = await Promise.all([ctx.deps.files.stage(file.stream), file.done]);
  return {
    sha256: staged.sha256,
    size: staged.size,
    fileName: zipName(resolved.label),
    commit: () => staged.commit(),
    discard: () => staged.discard(),
  };
}

/** Claims and runs jobs until none is due; true when it ran any. */
export async function runDueExports(db: Db, deps: AppDeps, log: JobLog): Promise<number> {
  let ran = 0;
  for (;;) {
    const job = await claimExport(db);
    if (!job) return ran;
    ran++;
    const started = Date.now();
    try {
      await runExportJob(db, deps, job, buildExportFile);
      log.info({ exportJob: job.id, attempt: job.attempts, ms: Date.now() - started }, 'export built');
    } catch (err) {
      log.error({ err, exportJob: job.id, attempt: job.attempts }, 'export failed');
    }
  }
}

/**
 * The export worker of a process with JOBS=1 (decision 058): polls for due jobs (a queued one, or one whose
 * claim ran out because its process died) and is kicked when this process queues one. Any number of
 * processes may run one; the claim keeps each job to one of them.
 */
export function startExportWorker(opts: { db: Db; deps: AppDeps; log: JobLog; pollMs?: number }) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweep = () => {
    if (stopped || running) return running ?? Promise.resolve();
    running = runDueExports(opts.db, opts.deps, opts.log)
      .then(() => undefined)
      .catch((err: unknown) => opts.log.error({ err }, 'export worker sweep failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void sweep(), opts.pollMs ?? 5000);
  timer.unref();
  const unsubscribe = onExportQueued(() => void sweep());
  return {
    kick: () => void sweep(),
    drain: sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      // A file in progress is left to its lease: another process (or this one after a restart) takes it up.
      await Promise.race([running, new Promise((r) => setTimeout(r, 5000).unref())]);
    },
  };
}
