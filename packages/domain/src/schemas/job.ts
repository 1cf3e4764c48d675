import { z } from 'zod';

/** How a run of a periodic job ended; 'running' while it goes on (or its process ended meanwhile). */
export const JOB_RUN_STATES = ['ok', 'failed', 'running'] as const;
export type JobRunState = (typeof JOB_RUN_STATES)[number];

export const jobRunSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  state: z.enum(JOB_RUN_STATES),
  attempt: z.number().int(),
  /** host:pid of the server process that ran it. */
  runner: z.string(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

/** One periodic job as the admins see it: nothing of any tenant's data. */
export const jobStatusSchema = z.object({
  name: z.string(),
  lastRun: jobRunSchema.nullable(),
  lastFailure: z.object({ startedAt: z.string(), attempt: z.number().int(), error: z.string().nullable() }).nullable(),
  failures24h: z.number().int(),
  runs24h: z.number().int(),
  /** Null when no process plans the job (JOBS=0 everywhere, or a job no longer scheduled). */
  nextRunAt: z.string().nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** GET admin/jobs. */
export const jobsReply = z.object({ jobs: z.array(jobStatusSchema) });
export type JobsReply = z.infer<typeof jobsReply>;
