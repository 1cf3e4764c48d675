/**
 * What the browser's error events may carry (decision 034): no tokens (access and refresh tokens,
 * the keys of reset, confirmation and 2FA links), no query strings (search terms, keys), no e-mail
 * addresses, and of the user only the id. Applied to errors, transactions, breadcrumbs and the
 * session replay's own events.
 */
import type { Breadcrumb, Event, EventHint } from '@sentry/react';

const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{4,}/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}\b/gi;
/** A query string or fragment after a URL or an absolute path. */
const QUERY = /((?:\b[a-z][\w+.-]*:\/\/|(?<![\w.])\/)[^\s"'<>?#]*)[?#][^\s"'<>]*/gi;
/** The API paths that carry a link's key (users/reset/<key>, users/confirmation/<token>, users/deactivate2fa/<token>). */
const TOKEN_PATH = /(\busers\/(?:reset|confirmation|deactivate2fa))\/[^/\s"'<>?#]+/g;
/** Opaque tokens (refresh tokens, link keys: 43 base64url characters); ids (UUIDs, 32-hex trace ids) are shorter. */
const OPAQUE = /(?<![\w-])[\w-]{40,}(?![\w-])/g;

/** A text without tokens, e-mail addresses and query strings. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY, '$1')
    .replace(TOKEN_PATH, '$1/[redacted]')
    .replace(JWT, '[token]')
    .replace(BEARER, '$1 [token]')
    .replace(EMAIL, '[email]')
    .replace(OPAQUE, (run) => (/\d/.test(run) && /[a-z]/i.test(run) ? '[token]' : run));
}

/** Stack traces (file names and code) and the event's own identity stay as they are. */
const KEPT_KEYS = new Set([
  'stacktrace',
  'debug_meta',
  'release',
  'dist',
  'environment',
  'sdk',
  'event_id',
  'trace_id',
  'span_id',
  'parent_span_id',
  'replay_id',
]);
/** Fields that hold request data or a person's details. */
const DROPPED_KEY =
  /^(cookies|query_string|http\.query|http\.fragment|url\.query|client\.address|ip_address)$|^user\.|authorization|cookie|password|token/i;

/** Every string of a value scrubbed, except the KEPT_KEYS. */
export function scrubDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (DROPPED_KEY.test(key)) continue;
    out[key] = KEPT_KEYS.has(key) ? v : scrubDeep(v, depth + 1);
  }
  return out as T;
}

/** An error or transaction as it may leave the browser: the page without query, the user as id only. */
export function scrubEvent<T extends Event>(event: T): T {
  const scrubbed = scrubDeep(event);
  if (event.request) {
    const userAgent = event.request.headers?.['User-Agent'];
    scrubbed.request = {
      url: event.request.url ? scrubText(event.request.url) : undefined,
      ...(userAgent ? { headers: { 'User-Agent': userAgent } } : {}),
    };
  }
  scrubbed.user = event.user?.id !== undefined ? { id: event.user.id } : undefined;
  return scrubbed;
}

export const scrubBreadcrumb = (crumb: Breadcrumb): Breadcrumb => scrubDeep(crumb);

/** The replay's breadcrumbs and network spans (its custom events), as they are recorded. */
export const scrubRecordingEvent = <T extends { data?: unknown }>(event: T): T => ({
  ...event,
  data: scrubDeep(event.data),
});

/**
 * A replay recording as sent (a header line, then the recorded events as JSON): addresses without
 * query, no link keys, tokens or e-mail addresses (the page's text itself is masked already).
 */
export function scrubRecordingText(recording: string): string {
  return recording
    .replace(QUERY, '$1')
    .replace(TOKEN_PATH, '$1/[redacted]')
    .replace(JWT, '[token]')
    .replace(EMAIL, '[email]');
}

/**
 * Answers of the API below 500 are the app's expected paths (wrong input, no access, signed out),
 * shown to the user; a 5xx is reported by the server too, with the browser's view added here.
 */
export function isExpectedFailure(hint: EventHint): boolean {
  const error = hint.originalException as { name?: unknown; status?: unknown } | undefined;
  return error?.name === 'ApiError' && typeof error.status === 'number' && error.status < 500;
}
