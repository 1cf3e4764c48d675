/**
 * The in-process scheduler: timers in this process, for PGlite, whose data directory one process owns.
 * A job never runs twice at a time; a run asked for meanwhile joins the one in progress. The timers
 * do not keep the process alive.
 */
import type { Db } from '../db/client';
import type { JobEntry, JobLog, JobPlan, Scheduler } from './jobs';
import { jobEntry, runAttempt } from './jobs-attempt';
import { lastOkAt } from './jobs-runs';
import { checkTiming, missedRun, nextPlanned } from './jobs-timing';

/** setTimeout's longest wait (about 24.8 days); a later run is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface JobState {
  job: JobEntry;
  running: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  nextAt: Date | null;
}

export function localScheduler(db: Db, log: JobLog, runner: string): Scheduler {
  const jobs = new Map<string, JobState>();
  const timers = new Set<NodeJS.Timeout>();
  /** Back-off waits between attempts; stop() ends them early. */
  const waits = new Set<() => void>();
  let started = false;
  let stopping = false;

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        fn();
      },
      Math.min(Math.max(0, ms), MAX_TIMER_MS),
    );
    timer.unref();
    timers.add(timer);
    return timer;
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        timers.delete(timer);
        waits.delete(done);
        resolve();
      };
      const timer = later(ms, done);
      waits.add(done);
    });

  async function attempts(state: JobState, catchUp: boolean) {
    const { job } = state;
    if (catchUp && !missedRun(job.timing, await lastOkAt(db, job.name), new Date())) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await runAttempt(db, job, attempt, runner, log);
        return;
      } catch {
        // Logged and recorded by runAttempt.
        if (attempt > job.retries || stopping) return;
        await pause(job.retryDelayMs * 2 ** (attempt - 1));
        if (stopping) return;
      }
    }
  }

  function run(state: JobState, catchUp = false) {
    state.running ??= attempts(state, catchUp)
      .catch((err: unknown) => log.error({ err, job: state.job.name }, 'job not run'))
      .finally(() => {
        state.running = null;
      });
    return state.running;
  }

  /** Arms the timer of the job's next planned run after `from`. */
  function planNext(state: JobState, from: Date) {
    const at = nextPlanned(state.job.timing, from);
    state.nextAt = at;
    const arm = () => {
      state.timer = later(at.getTime() - Date.now(), () => {
        if (stopping) return;
        if (Date.now() < at.getTime()) return arm();
        planNext(state, new Date(Math.max(at.getTime(), Date.now())));
        void run(state);
      });
    };
    arm();
  }

  return {
    schedule(name, timing, work, opts) {
      if (started) throw new Error(`job ${name}: schedule jobs before start()`);
      if (jobs.has(name)) throw new Error(`job ${name} is scheduled twice`);
      checkTiming(name, timing);
      jobs.set(name, { job: jobEntry(name, timing, work, opts), running: null, timer: null, nextAt: null });
    },

    async start() {
      started = true;
      const now = new Date();
      for (const state of jobs.values()) {
        planNext(state, now);
        const { firstAfterMs } = state.job.timing;
        if (firstAfterMs !== undefined) later(firstAfterMs, () => void run(state, true));
      }
    },

    async stop() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const wake of [...waits]) wake();
      for (const state of jobs.values()) state.nextAt = null;
      await Promise.all([...jobs.values()].map((s) => s.running));
    },

    async runNow(name) {
      const state = jobs.get(name);
      if (!state) throw new Error(`no job ${name}`);
      await run(state);
    },

    async plan(): Promise<JobPlan[]> {
      return [...jobs.values()].map((s) => ({ name: s.job.name, nextRunAt: s.nextAt }));
    },
  };
}
