/**
 * GET client-config: what the browser needs before it may report errors (SPEC §9, decision 034).
 * The DSN is null when the server has none; the browser then loads no tracker at all.
 */
import { z } from 'zod';

export const clientConfigReply = z.object({
  /** The error tracker's DSN (Sentry or GlitchTip); public by design, it only allows sending events. */
  sentryDsn: z.string().nullable(),
  /** 'pruefbuch@<version>+<commit>', the same on server and browser, so their events group together. */
  release: z.string(),
  environment: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigReply>;

/** SPEC §9: every trace is kept; a tenth of the sessions is recorded, and every session with an error. */
export const TRACES_SAMPLE_RATE = 1;
export const REPLAY_SESSION_SAMPLE_RATE = 0.1;
export const REPLAY_ON_ERROR_SAMPLE_RATE = 1;
