import { describe, expect, it } from 'vitest';
import { startPeriodicJob } from './jobs';

const logs = () => {
  const errors: string[] = [];
  return { errors, log: { info: () => {}, error: (_: object, msg: string) => errors.push(msg) } };
};

describe('startPeriodicJob', () => {
  it('never runs twice at a time: a run asked for meanwhile joins the one in progress', async () => {
    let starts = 0;
    let release: () => void = () => {};
    const { log } = logs();
    const job = startPeriodicJob(
      'probe',
      () => {
        starts += 1;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      log,
      { firstAfterMs: 60_000 },
    );
    const a = job.run();
    const b = job.run();
    expect(starts).toBe(1);
    release();
    await Promise.all([a, b]);
    const c = job.run();
    expect(starts).toBe(2);
    release();
    await c;
    await job.stop();
  });

  it('logs a failed run under its name and runs again on the next call', async () => {
    let calls = 0;
    const { errors, log } = logs();
    const job = startPeriodicJob(
      'order day run',
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('Datenbank weg');
      },
      log,
      { firstAfterMs: 60_000 },
    );
    await job.run();
    await job.run();
    expect(errors).toEqual(['order day run failed']);
    expect(calls).toBe(2);
    await job.stop();
  });
});
