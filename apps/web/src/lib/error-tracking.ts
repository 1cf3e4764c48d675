/**
 * Browser errors to the error tracker (SPEC §9, decision 034). This part is in the first load and
 * small: it keeps the errors of the first seconds, asks the server after the first screen whether
 * a tracker is configured, and only then loads the SDK (error-tracking-sdk.ts), which sends what
 * was kept and takes over. Never under the dev server (local), never without a DSN.
 */
import { API_BASE } from '@pruefbuch/domain/constants';
import type { ErrorInfo } from 'react';
import { afterFirstScreen } from './after-first-screen';

export type ReportError = (error: unknown, componentStack?: string) => void;
export interface KeptError {
  error: unknown;
  componentStack?: string;
}

/** Errors before the tracker is there; a page that fails in a loop keeps only the first few. */
const kept: KeptError[] = [];
const KEPT_MAX = 20;
let report: ReportError = (error, componentStack) => {
  if (kept.length < KEPT_MAX) kept.push({ error, componentStack });
};

const onError = (event: ErrorEvent) => report(event.error ?? event.message);
const onRejection = (event: PromiseRejectionEvent) => report(event.reason);

/**
 * React's handler for errors an error boundary caught (a screen that throws shows the boundary's
 * message): logged as React's default does, and reported.
 */
export function captureCaughtError(error: unknown, info: ErrorInfo): void {
  console.error(error);
  report(error, info.componentStack ?? undefined);
}

async function trackerConfig(): Promise<unknown> {
  try {
    const res = await fetch(`${API_BASE}/client-config`, { headers: { accept: 'application/json' } });
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

function stopListening() {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
}

/** Call once at start; everything heavy waits until after the first screen. */
export function startErrorTracking(): void {
  if (import.meta.env.DEV) return;
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  afterFirstScreen(async () => {
    const config = await trackerConfig();
    if (typeof (config as { sentryDsn?: unknown } | null)?.sentryDsn !== 'string') {
      stopListening();
      kept.length = 0;
      report = () => {};
      return;
    }
    try {
      const { startTracker } = await import('./error-tracking-sdk');
      // The SDK's own handlers catch what comes from now on.
      stopListening();
      report = startTracker(config, kept.splice(0));
    } catch (err) {
      // A chunk that vanished after a deploy: the app goes on without the tracker.
      stopListening();
      console.error(err);
    }
  });
}
