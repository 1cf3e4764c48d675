/**
 * What an error tracker's events may carry, on the server and in the browser alike (decision 034):
 * no tokens (access and refresh tokens, the keys of reset, confirmation and 2FA links), no query
 * strings (search terms, keys), no e-mail addresses, no request or personal fields.
 */

const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{4,}/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}\b/gi;
/** A query string or fragment after a URL or an absolute path. */
const QUERY = /((?:\b[a-z][\w+.-]*:\/\/|(?<![\w.])\/)[^\s"'<>?#]*)[?#][^\s"'<>]*/gi;
/** The account links' keys in a path (users/reset/<key>, users/confirmation/<token>, users/deactivate2fa/<token>). */
const TOKEN_PATH = /(\busers\/(?:reset|confirmation|deactivate2fa))\/[^/\s"'<>?#]+/g;
/** Opaque tokens (refresh tokens, link keys: 43 base64url characters); ids (UUIDs, 32-hex trace ids) are shorter. */
const OPAQUE = /(?<![\w-])[\w-]{40,}(?![\w-])/g;

/**
 * A text without query strings, link keys, JWTs and e-mail addresses: what may be scrubbed in any
 * text, also in JSON as a whole (a session replay's recording), where longer runs are ids.
 */
export function scrubLinks(text: string): string {
  return text
    .replace(QUERY, '$1')
    .replace(TOKEN_PATH, '$1/[redacted]')
    .replace(JWT, '[token]')
    .replace(EMAIL, '[email]');
}

/** A text without tokens, e-mail addresses and query strings. */
export function scrubText(text: string): string {
  return scrubLinks(text)
    .replace(BEARER, '$1 [token]')
    .replace(OPAQUE, (run) => (/\d/.test(run) && /[a-z]/i.test(run) ? '[token]' : run));
}

/** Stack traces (file names and code, never data) and the event's own identity stay as they are. */
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

/** Fields of events, spans and breadcrumbs that hold request data, credentials or a person's details. */
const DROPPED_KEY =
  /^(cookies|query_string|http\.query|http\.fragment|url\.query|client\.address|ip_address)$|^user\.|^http\.(request|response)\.header\.|authorization|cookie|password|token/i;

/** Every string of a value scrubbed, the dropped fields left out, the kept ones as they are. */
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
