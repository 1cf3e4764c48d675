/**
 * Server errors to an error tracker (Sentry or a self-hosted GlitchTip) when SENTRY_DSN is set
 * (SPEC §9, docs/decisions/034). The SDK is loaded only then, so a server without a DSN neither
 * loads nor patches anything. Every event passes `scrubServerEvent`: no token, no header but a
 * few harmless ones, no body, no query, and of the user only the id.
 */
import { execFileSync } from 'node:child_process';
import { APP_VERSION } from '@pruefbuch/domain/constants';
import { scrubDeep, scrubText } from '@pruefbuch/domain/rules/error-scrub';
import { TRACES_SAMPLE_RATE } from '@pruefbuch/domain/schemas/client-config';
import type { ErrorEvent, Event } from '@sentry/node';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import { redactUrl } from './logging';

type Sentry = typeof import('@sentry/node');
let sentry: Sentry | null = null;
let release: string | undefined;

/** The commit this build runs: GIT_COMMIT (set by a deployment without .git), else git itself. */
function currentCommit(): string {
  // GIT_COMMIT at run time, else the commit the compiled server was built from (build.mjs), else git.
  const given = process.env.GIT_COMMIT?.trim() || process.env.PRUEFBUCH_BUILD_COMMIT;
  if (given) return /^[\w.-]{1,64}$/.test(given) ? given : 'unknown';
  try {
    const out = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: import.meta.dirname,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    });
    const commit = out.toString().trim();
    return /^[0-9a-f]{4,40}$/.test(commit) ? commit : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** 'pruefbuch@2.2.3+1a2b3c4': the version and commit the tracker groups events by; /health and /metrics may show it too. */
export function appRelease(): string {
  release ??= `pruefbuch@${APP_VERSION}+${currentCommit()}`;
  return release;
}

/** The CSP's addition for the browser to deliver its events: the tracker's origin. */
export function errorTrackingCsp(dsn: string | undefined): Record<string, string[]> {
  return dsn ? { 'connect-src': ["'self'", new URL(dsn).origin] } : {};
}

/**
 * Starts the tracker when a DSN is set; without one it does nothing (the SDK would otherwise read
 * SENTRY_DSN from the environment by itself). Call it once, before the app is built.
 */
export async function initErrorTracking(config: Pick<Config, 'sentryDsn' | 'env'>): Promise<boolean> {
  if (!config.sentryDsn || sentry) return Boolean(sentry);
  const sdk = await import('@sentry/node');
  sdk.init({
    dsn: config.sentryDsn,
    release: appRelease(),
    environment: config.env,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    // Transactions rather than streamed spans: GlitchTip takes those.
    traceLifecycle: 'static',
    // The server's own outgoing calls (object storage) carry no trace headers to other parties.
    tracePropagationTargets: [],
    includeLocalVariables: false,
    // Fastify's integration names the traces by route; the 5xx errors are reported by the app's
    // error handler, which knows the reply's final status and the signed-in user.
    integrations: [sdk.fastifyIntegration({ shouldHandleError: () => false })],
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: [...KEPT_HEADERS] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    beforeSend: (event) => scrubServerEvent(event),
    beforeSendTransaction: (event) => (isProbe(event.transaction) ? null : scrubServerEvent(event)),
    beforeBreadcrumb: (crumb) => scrubDeep(crumb),
  });
  sentry = sdk;
  return true;
}

/** Sends what is still queued and stops the tracker (SIGTERM; the end of a test). */
export async function closeErrorTracking(timeoutMs = 2000): Promise<void> {
  const sdk = sentry;
  sentry = null;
  await sdk?.close(timeoutMs);
}

/** Waits until the queued events are sent (tests). */
export async function flushErrorTracking(timeoutMs = 2000): Promise<boolean> {
  return (await sentry?.flush(timeoutMs)) ?? true;
}

/** An error outside a request (a job, the mail worker); a no-op without a tracker. */
export function reportError(err: unknown, tags: Record<string, string> = {}): void {
  sentry?.captureException(err, { tags });
}

/** A request that ended in a 5xx reply: the error with the route, request id and the signed-in user's id. */
export function reportRequestError(err: unknown, req: FastifyRequest): void {
  const sdk = sentry;
  if (!sdk) return;
  sdk.withScope((scope) => {
    const route = req.routeOptions?.url ?? redactUrl(req.url);
    scope.setTransactionName(`${req.method} ${route}`);
    scope.setTag('request_id', String(req.id));
    const userId = req.ctx?.user.id;
    scope.setUser(userId ? { id: userId } : null);
    scope.setContext('request_info', { method: req.method, route });
    // Unhandled: the request failed with a 500 instead of doing its work.
    sdk.captureException(err, { mechanism: { type: 'fastify.error_handler', handled: false } });
  });
}

/** Load balancers and Prometheus poll these all day; their transactions are noise. */
const isProbe = (name: string | undefined) => /\/(health|ready|metrics)\b/.test(name ?? '');

/** Headers that carry nothing personal and help to read an event. */
const KEPT_HEADERS = new Set(['user-agent', 'content-type', 'content-length', 'accept-language', 'x-request-id']);

/**
 * What leaves the server: the request as method, path without query (token paths redacted) and
 * the kept headers; no body, no cookies, no query; the user as id only; every text of the event
 * (messages, breadcrumbs, span descriptions) without tokens, e-mail addresses or query values.
 */
export function scrubServerEvent<T extends Event | ErrorEvent>(event: T): T {
  const scrubbed = scrubDeep(event);
  if (event.request) {
    const headers = Object.entries(event.request.headers ?? {}).filter(([name]) =>
      KEPT_HEADERS.has(name.toLowerCase()),
    );
    scrubbed.request = {
      method: event.request.method,
      url: event.request.url ? scrubText(redactUrl(event.request.url)) : undefined,
      headers: Object.fromEntries(headers.map(([name, value]) => [name, scrubText(String(value))])),
    };
  }
  scrubbed.user = event.user?.id !== undefined ? { id: event.user.id } : undefined;
  if (scrubbed.exception?.values) {
    for (const value of scrubbed.exception.values) if (value.value) value.value = safeErrorText(value.value);
  }
  return scrubbed;
}

/**
 * A database error's message as the log keeps it (platform/logging.ts): Drizzle appends the
 * query's values after 'params:', PostgreSQL quotes a refused value at the end.
 */
function safeErrorText(message: string): string {
  const withoutParams = message.split('\nparams:', 1)[0] ?? '';
  return withoutParams.replace(
    /(invalid input (syntax|value) for [^:]*|value too long[^:]*): ".*"$/s,
    '$1: [redacted]',
  );
}
