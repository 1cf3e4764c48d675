/**
 * The one way to call the API (SPEC §7): base /api/v1, bearer token, tenant header once logged in, no caching.
 * A 401 triggers one token refresh shared by all requests and tabs, and one retry; when that fails the session
 * ends (SPEC §4).
 */
import { API_BASE, TENANT_HEADER } from '@pruefbuch/domain/constants';
import type { ErrorDetail } from '@pruefbuch/domain/schemas/common';
import { fileNameFromDisposition } from './download';
import { i18n } from './i18n';
import { clearSession, getAccessToken, getRefreshToken, getSessionState, setTokens } from './session';

export const API_TAG = '[Prüfbuch API]';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    method: string;
    path: string;
    status: number;
    code: string;
    message?: string;
    details?: ErrorDetail[];
    retryAfterSeconds?: number;
  }) {
    super(
      `${API_TAG} ${init.method} ${init.path} failed: ${init.status} ${init.code}${init.message ? ` – ${init.message}` : ''}`,
    );
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Send the stored token (default). Public calls such as the health check switch it off. */
  auth?: boolean;
  /** Work in this tenant instead of the current one: screens whose address names the tenant (/map, /book). */
  tenant?: string;
  /**
   * The Idempotency-Key of a create or upload (decision 060). Every POST and upload gets a fresh one
   * unless it names its own (the outbox sends a stored request again under its first key); a retry of
   * the same call (after a refreshed session) sends the same key, so the server writes it only once.
   */
  idempotencyKey?: string;
}

/** A new Idempotency-Key: a random UUID (the server takes 8–128 of A–Z, a–z, 0–9, - _ . :). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Calls whose 401 means "wrong credentials" or "refresh failed", never "access token expired". */
const NO_REFRESH = new Set(['users/login', 'users/auth/refresh', 'users/validate2fa', 'users/logout']);

let onSessionExpired: () => void = () => {
  window.location.assign(`${import.meta.env.BASE_URL}admin/login`);
};
/** The app installs a handler that navigates to the login screen inside the router. */
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

function buildUrl(path: string, query?: Record<string, QueryValue>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`;
}

function buildHeaders(options: RequestOptions, accept = 'application/json'): Headers {
  const headers = new Headers({
    Accept: accept,
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    'Accept-Language': i18n.language || 'de',
  });
  if (options.body !== undefined && !(options.body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  if (options.auth !== false) {
    const token = getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const { isLoggedIn, currentTenant } = getSessionState();
    const tenant = options.tenant ?? (isLoggedIn ? currentTenant : null);
    if (tenant) headers.set(TENANT_HEADER, tenant);
  }
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  return headers;
}

async function toApiError(method: string, path: string, response: Response): Promise<ApiError> {
  let body: Partial<{ code: string; message: string; details: ErrorDetail[]; retryAfterSeconds: number }> = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // not JSON (proxy error page): status alone
  }
  const retryHeader = Number(response.headers.get('retry-after'));
  return new ApiError({
    method,
    path,
    status: response.status,
    code: typeof body.code === 'string' ? body.code : response.status >= 500 ? 'INTERNAL' : `HTTP_${response.status}`,
    message: body.message,
    details: Array.isArray(body.details) ? body.details : [],
    retryAfterSeconds:
      body.retryAfterSeconds ?? (Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : undefined),
  });
}

async function send(method: string, path: string, options: RequestOptions, accept?: string): Promise<Response> {
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers: buildHeaders(options, accept),
      body:
        options.body === undefined || options.body instanceof FormData ? options.body : JSON.stringify(options.body),
      signal: options.signal,
      cache: 'no-store',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ method, path, status: 0, code: 'NETWORK', message: String(error) });
  }
}

let refreshing: Promise<boolean> | null = null;

/** The Web Lock all tabs of the app take around a refresh. */
export const REFRESH_LOCK = 'pruefbuch-refresh';

/**
 * Runs the refresh under a lock shared by all tabs, so only one of them spends the refresh token.
 * Without Web Locks (old browsers) the tab refreshes on its own; two tabs racing then both get the
 * same new pair from the server's grace window (docs/decisions/003).
 */
async function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks?.request ? await locks.request(REFRESH_LOCK, work) : work();
}

/**
 * One refresh for all requests of this tab that got a 401 at the same time, and one for all tabs:
 * inside the lock the stored tokens are read again, and when another tab has refreshed meanwhile
 * its new access token is used instead of spending the (now used) refresh token again.
 */
function refreshOnce(tokenSent: string | null): Promise<boolean> {
  refreshing ??= acrossTabs(async () => {
    const current = getAccessToken();
    if (current !== null && current !== tokenSent) return true;
    const refreshToken = getRefreshToken();
    if (!refreshToken) return false;
    const response = await send('POST', 'users/auth/refresh', { body: { refreshToken }, auth: false });
    if (!response.ok) return false;
    const reply = (await response.json()) as { accessToken?: string; refreshToken?: string };
    if (!reply.accessToken || !reply.refreshToken) return false;
    setTokens(reply.accessToken, reply.refreshToken);
    return true;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function parse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
}

/**
 * Sends once, and on a 401 refreshes the session (once for all concurrent requests) and sends again.
 * `transmit` builds the request anew each time, so the retry carries the new token.
 */
async function withSession(
  method: string,
  path: string,
  options: RequestOptions,
  transmit: () => Promise<Response>,
): Promise<Response> {
  const tokenSent = getAccessToken();
  let response = await transmit();
  if (response.status === 401 && options.auth !== false && !NO_REFRESH.has(path)) {
    // Another request may have refreshed meanwhile: then the new token is simply tried.
    const current = getAccessToken();
    const refreshed =
      (current !== null && current !== tokenSent) ||
      (await refreshOnce(tokenSent).catch((error: unknown) => {
        // Offline is not a rejected session: keep the user signed in and report the network error.
        if (error instanceof ApiError && error.code === 'NETWORK') throw error;
        return false;
      }));
    if (!refreshed) {
      const error = await toApiError(method, path, response);
      clearSession();
      onSessionExpired();
      throw error;
    }
    response = await transmit();
  }
  if (!response.ok) throw await toApiError(method, path, response);
  return response;
}

export async function request<T>(method: string, path: string, given: RequestOptions = {}): Promise<T> {
  const options = method === 'POST' ? { idempotencyKey: newIdempotencyKey(), ...given } : given;
  return parse<T>(await withSession(method, path, options, () => send(method, path, options)));
}

/** One multipart upload through XMLHttpRequest, the one browser API that reports upload progress. */
function sendWithProgress(
  path: string,
  options: RequestOptions & { body: FormData },
  onProgress?: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, options.query));
    buildHeaders(options).forEach((value, key) => {
      xhr.setRequestHeader(key, value);
    });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const status = xhr.status;
      resolve(new Response(status === 204 ? null : xhr.responseText, { status, headers }));
    };
    const networkError = () =>
      reject(new ApiError({ method: 'POST', path, status: 0, code: 'NETWORK', message: 'upload failed' }));
    xhr.onerror = networkError;
    xhr.ontimeout = networkError;
    xhr.onabort = () => reject(new DOMException('upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(options.body);
  });
}

/** POST of a multipart form (a file), with the upload's progress as a fraction 0..1. */
export async function upload<T>(
  path: string,
  body: FormData,
  options: Omit<RequestOptions, 'body'> & { onProgress?: (fraction: number) => void } = {},
): Promise<T> {
  const { onProgress, ...rest } = options;
  const withBody = { idempotencyKey: newIdempotencyKey(), ...rest, body };
  return parse<T>(await withSession('POST', path, withBody, () => sendWithProgress(path, withBody, onProgress)));
}

/**
 * Fetches a binary reply with the session's headers: the bytes, and the file name the server suggests.
 * A POST (a PDF made from a posted body, such as a preview) sends `body` as JSON.
 */
export async function download(
  path: string,
  options: RequestOptions & { method?: 'GET' | 'POST' } = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const { method = 'GET', ...rest } = options;
  const response = await withSession(method, path, rest, () => send(method, path, rest, '*/*'));
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
