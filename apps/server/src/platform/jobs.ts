/** Background work of the server process: one shape for the hourly jobs (digests, offer and order days). */

export const HOURLY = 60 * 60 * 1000;

export interface JobLog {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface PeriodicJob {
  /** Runs the work now (or joins the run in progress). */
  run: () => Promise<void>;
  /** Stops the timers and waits for a run in progress. */
  stop: () => Promise<void>;
}

/**
 * Runs `work` once after `firstAfterMs` and then every `everyMs`, never twice at a time; a failure is
 * logged as `name failed` and the next tick tries again. The timers do not keep the process alive.
 */
export function startPeriodicJob(
  name: string,
  work: () => Promise<void>,
  log: JobLog,
  opts: { firstAfterMs: number; everyMs?: number },
): PeriodicJob {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= work()
      .catch((err: unknown) => log.error({ err }, `${name} failed`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = setTimeout(run, opts.firstAfterMs);
  first.unref();
  const timer = setInterval(run, opts.everyMs ?? HOURLY);
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
