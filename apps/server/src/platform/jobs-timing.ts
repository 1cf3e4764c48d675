/**
 * When a periodic job runs: every so many milliseconds, or at the times of a cron expression read in
 * the company's time zone. Both schedulers read cron expressions with cron-parser, the parser pg-boss
 * itself uses, so a job runs at the same times on PGlite and on PostgreSQL.
 */
import { createRequire } from 'node:module';

// cron-parser is CommonJS without named exports Node can see; its types describe the module object.
const cronParser: typeof import('cron-parser') = createRequire(import.meta.url)('cron-parser');

/** The product's day and office hours are Berlin's (SPEC §9). */
export const JOB_TIME_ZONE = 'Europe/Berlin';

export type JobTiming = (
  | {
      /** Every so many milliseconds. On PostgreSQL: whole minutes that divide an hour, or whole hours that divide a day. */
      everyMs: number;
    }
  | {
      /** Five-field cron expression in Berlin time, e.g. '0 3 * * *' (03:00 every day). */
      cron: string;
    }
) & {
  /**
   * After start-up, wait this long and then make up a run that no process made at its planned time
   * (the servers were down); without it a job waits for its next planned time.
   */
  firstAfterMs?: number;
};

const MINUTE = 60_000;

/** Throws on a cron expression cron-parser does not read. */
export function checkTiming(name: string, timing: JobTiming) {
  if ('cron' in timing) cronParser.parseExpression(timing.cron, { tz: JOB_TIME_ZONE });
  else if (!(timing.everyMs > 0)) throw new Error(`job ${name}: everyMs must be positive`);
}

/** The next planned time after `after` (for everyMs: one interval later). */
export function nextPlanned(timing: JobTiming, after: Date): Date {
  if (!('cron' in timing)) return new Date(after.getTime() + timing.everyMs);
  return nextOfCron(timing.cron, JOB_TIME_ZONE, after);
}

/** The next time of a cron expression in a time zone after `after`. */
export function nextOfCron(cron: string, tz: string, after: Date): Date {
  return cronParser.parseExpression(cron, { tz, currentDate: after }).next().toDate();
}

/** The last planned time at or before `now` (for everyMs: one interval ago). */
export function previousPlanned(timing: JobTiming, now: Date): Date {
  if (!('cron' in timing)) return new Date(now.getTime() - timing.everyMs);
  // cron-parser's prev() is strictly before currentDate: a millisecond on, a run planned for `now` counts.
  const after = new Date(now.getTime() + 1);
  return cronParser.parseExpression(timing.cron, { tz: JOB_TIME_ZONE, currentDate: after }).prev().toDate();
}

/** Whether a planned run was left out: none succeeded since the last planned time. */
export function missedRun(timing: JobTiming, lastOk: Date | null, now: Date) {
  return lastOk === null || lastOk.getTime() < previousPlanned(timing, now).getTime();
}

/** The cron expression pg-boss schedules the job with (pg-boss plans in whole minutes only). */
export function cronOf(name: string, timing: JobTiming): string {
  if ('cron' in timing) return timing.cron;
  const minutes = timing.everyMs / MINUTE;
  if (Number.isInteger(minutes) && minutes >= 1 && minutes < 60 && 60 % minutes === 0)
    return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = minutes / 60;
  if (Number.isInteger(hours) && hours >= 1 && hours <= 24 && 24 % hours === 0)
    return hours === 24 ? '0 0 * * *' : `0 */${hours} * * *`;
  throw new Error(
    `job ${name}: everyMs ${timing.everyMs} is no whole number of minutes dividing an hour or hours dividing a day`,
  );
}
