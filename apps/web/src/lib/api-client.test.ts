/**
 * The api client against a scripted fetch: headers, one shared refresh for concurrent 401s, one retry,
 * and the end of the session when the refresh is refused (SPEC §4, §7).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => store.set(key, String(value)),
  removeItem: (key: string) => store.delete(key),
});
vi.stubGlobal('document', { documentElement: { lang: 'de' } });
vi.stubGlobal('window', { addEventListener: () => undefined, location: { assign: () => undefined } });
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
vi.stubGlobal('fetch', fetchMock);

/** Web Locks as the browser grants them: one holder per name at a time, the others queue. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const requested: string[] = [];
  return {
    requested,
    request<T>(name: string, work: () => Promise<T>): Promise<T> {
      requested.push(name);
      const run = tail.then(() => work());
      tail = run.catch(() => undefined);
      return run;
    },
  };
}
const nav: { locks?: ReturnType<typeof fakeLocks> } = {};
vi.stubGlobal('navigator', nav);

const { API_TAG, ApiError, REFRESH_LOCK, api, download, setSessionExpiredHandler } = await import('./api-client');
const { STORAGE_KEYS, TENANT_HEADER } = await import('@pruefbuch/domain/constants');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unauthorized = () => json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'no' });
const header = (call: [string, RequestInit] | undefined, name: string) => new Headers(call?.[1].headers).get(name);
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url.split('?')[0] === `/api/v1/${path}`);

function signIn(access = 'access-1', refresh = 'refresh-1') {
  store.set(STORAGE_KEYS.accessToken, access);
  store.set(STORAGE_KEYS.refreshToken, refresh);
  store.set(STORAGE_KEYS.session, JSON.stringify({ userId: 'u1', role: 1, tenants: [] }));
  store.set(STORAGE_KEYS.currentTenant, 'tenant-1');
}

const expired = vi.fn();
beforeEach(async () => {
  store.clear();
  fetchMock.mockReset();
  expired.mockReset();
  setSessionExpiredHandler(expired);
  nav.locks = undefined;
  // The session module caches a snapshot; a storage write through its own API refreshes it.
  const { clearSession } = await import('./session');
  clearSession();
});

describe('api client', () => {
  it('sends the token, the tenant once logged in, and no-cache headers', async () => {
    signIn();
    (await import('./session')).setTokens('access-1', 'refresh-1');
    fetchMock.mockResolvedValueOnce(json(200, { ok: 1 }));
    await expect(api.get('users/me', { query: { a: 1, b: undefined, c: '' } })).resolves.toEqual({ ok: 1 });
    const call = fetchMock.mock.calls[0];
    expect(call?.[0]).toBe('/api/v1/users/me?a=1');
    expect(header(call, 'authorization')).toBe('Bearer access-1');
    expect(header(call, TENANT_HEADER)).toBe('tenant-1');
    expect(header(call, 'cache-control')).toBe('no-cache');
    expect(header(call, 'pragma')).toBe('no-cache');
  });

  it('sends no tenant header before login', async () => {
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await api.post('users/login', { email: 'a@b.de', password: 'x' });
    expect(header(fetchMock.mock.calls[0], TENANT_HEADER)).toBeNull();
    expect(header(fetchMock.mock.calls[0], 'content-type')).toBe('application/json');
  });

  it('sends the tenant a screen names instead of the current one', async () => {
    signIn();
    (await import('./session')).setTokens('access-1', 'refresh-1');
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await api.get('books/b1', { tenant: 'tenant-2' });
    expect(header(fetchMock.mock.calls[0], TENANT_HEADER)).toBe('tenant-2');
  });

  it('sends a file as multipart, without a JSON content type', async () => {
    signIn();
    (await import('./session')).setTokens('access-1', 'refresh-1');
    fetchMock.mockResolvedValueOnce(json(201, { _id: 'd1' }));
    const form = new FormData();
    form.set('file', new Blob(['%PDF-1.4']), 'a.pdf');
    await api.post('books/b1/document', form);
    const call = fetchMock.mock.calls[0];
    expect(header(call, 'content-type')).toBeNull();
    expect(call?.[1].body).toBe(form);
  });

  it('downloads a PDF made from a posted body (the preview) with its file name', async () => {
    signIn();
    (await import('./session')).setTokens('access-1', 'refresh-1');
    fetchMock.mockResolvedValueOnce(
      new Response('%PDF-1.4', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="vorschau.pdf"' },
      }),
    );
    const reply = await download('inspections/preview', { method: 'POST', body: { kind: 'inspection' } });
    const call = fetchMock.mock.calls[0];
    expect(call?.[1].method).toBe('POST');
    expect(call?.[1].body).toBe('{"kind":"inspection"}');
    expect(header(call, 'content-type')).toBe('application/json');
    expect(header(call, 'accept')).toBe('*/*');
    expect(reply.fileName).toBe('vorschau.pdf');
    expect(await reply.blob.text()).toBe('%PDF-1.4');
  });

  it.each([
    ['without', false],
    ['with', true],
  ])('shares one refresh between concurrent 401s and retries each request once (%s Web Locks)', async (_, locks) => {
    if (locks) nav.locks = fakeLocks();
    signIn();
    (await import('./session')).setTokens('access-1', 'refresh-1');
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('users/auth/refresh')) return json(200, { accessToken: 'access-2', refreshToken: 'refresh-2' });
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer access-2' ? json(200, { url }) : unauthorized();
    });
    const [a, b] = await Promise.all([api.get('users/a'), api.get('users/b')]);
    expect(a).toEqual({ url: '/api/v1/users/a' });
    expect(b).toEqual({ url: '/api/v1/users/b' });
    expect(calls('users/auth/refresh')).toHaveLength(1);
    expect(JSON.parse(String(calls('users/auth/refresh')[0]?.[1].body))).toEqual({ refreshToken: 'refresh-1' });
    expect(calls('users/a')).toHaveLength(2);
    expect(store.get(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(expired).not.toHaveBeenCalled();
  });

  it('sends a fresh Idempotency-Key with each POST, the same one on its retry after a refresh, none on reads', async () => {
    signIn();
    (await import('./session')).setTokens('access-1', 'refresh-1');
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('users/auth/refresh')) return json(200, { accessToken: 'access-2', refreshToken: 'refresh-2' });
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer access-2' ? json(201, { url }) : unauthorized();
    });
    await api.post('inspections', { book: 'b1' });
    await api.post('inspections', { book: 'b1' });
    await api.get('inspections');
    await api.post('selfinspections', { book: 'b1' }, { idempotencyKey: 'outbox-entry-0001' });
    const keys = calls('inspections').map((call) => header(call, 'idempotency-key'));
    // The first POST: a 401, then its retry under the same key; the second POST another key; the GET none.
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBeNull();
    expect(header(calls('selfinspections')[0], 'idempotency-key')).toBe('outbox-entry-0001');
  });

  it('ends the session when the refresh is refused', async () => {
    signIn();
    store.set(STORAGE_KEYS.lastSelectedTenant, 'tenant-1');
    (await import('./session')).setTokens('access-1', 'refresh-1');
    fetchMock.mockImplementation(async () => unauthorized());
    const error = await api.get('users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).status).toBe(401);
    expect(calls('users/me')).toHaveLength(1);
    expect(expired).toHaveBeenCalledOnce();
    expect(store.has(STORAGE_KEYS.accessToken)).toBe(false);
    expect(store.has(STORAGE_KEYS.session)).toBe(false);
    expect(store.has(STORAGE_KEYS.currentTenant)).toBe(false);
    expect(store.get(STORAGE_KEYS.lastSelectedTenant)).toBe('tenant-1');
  });

  it('does not try to refresh without a refresh token', async () => {
    store.set(STORAGE_KEYS.accessToken, 'pending');
    (await import('./session')).setTokens('pending', '');
    store.delete(STORAGE_KEYS.refreshToken);
    fetchMock.mockResolvedValue(unauthorized());
    await expect(api.get('users/me')).rejects.toBeInstanceOf(ApiError);
    expect(calls('users/auth/refresh')).toHaveLength(0);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('never refreshes on a failed login', async () => {
    signIn();
    fetchMock.mockResolvedValue(json(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'wrong' }));
    const error = (await api.post('users/login', {}).catch((e: unknown) => e)) as InstanceType<typeof ApiError>;
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(calls('users/auth/refresh')).toHaveLength(0);
    expect(expired).not.toHaveBeenCalled();
  });

  it('throws tagged errors that carry code, details and retry time', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        statusCode: 400,
        code: 'VALIDATION',
        message: 'bad',
        details: [{ field: 'email', key: 'validation.email.invalid', message: 'bad' }],
        retryAfterSeconds: 90,
      }),
    );
    const error = (await api.get('users').catch((e: unknown) => e)) as InstanceType<typeof ApiError>;
    expect(error.message.startsWith(API_TAG)).toBe(true);
    expect(error.message.startsWith('[Prüfbuch API]')).toBe(true);
    expect(error.code).toBe('VALIDATION');
    expect(error.details[0]?.key).toBe('validation.email.invalid');
    expect(error.retryAfterSeconds).toBe(90);
  });

  it('reports an unreachable server as NETWORK without ending the session', async () => {
    signIn();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await api.get('users/me').catch((e: unknown) => e)) as InstanceType<typeof ApiError>;
    expect(error.code).toBe('NETWORK');
    expect(error.status).toBe(0);
    expect(expired).not.toHaveBeenCalled();
  });
});

describe('refresh across tabs', () => {
  it('waits for the lock and takes the token another tab got meanwhile, without spending the refresh token', async () => {
    signIn();
    (await import('./session')).setTokens('access-1', 'refresh-1');
    const locks = fakeLocks();
    nav.locks = locks;
    // Another tab holds the lock while its refresh is under way.
    let release: () => void = () => undefined;
    const otherTab = locks.request(REFRESH_LOCK, () => new Promise<void>((done) => (release = done)));
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('users/auth/refresh')) return json(401, { statusCode: 401, code: 'REFRESH_INVALID' });
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer access-2' ? json(200, { ok: 1 }) : unauthorized();
    });
    const pending = api.get('users/me');
    await vi.waitFor(() => expect(locks.requested).toHaveLength(2));
    store.set(STORAGE_KEYS.accessToken, 'access-2');
    store.set(STORAGE_KEYS.refreshToken, 'refresh-2');
    release();
    await otherTab;
    await expect(pending).resolves.toEqual({ ok: 1 });
    expect(locks.requested).toEqual([REFRESH_LOCK, REFRESH_LOCK]);
    expect(calls('users/auth/refresh')).toHaveLength(0);
    expect(expired).not.toHaveBeenCalled();
  });

  it('lets two tabs that get a 401 at the same moment refresh once', async () => {
    signIn();
    (await import('./session')).setTokens('access-1', 'refresh-1');
    nav.locks = fakeLocks();
    let issued = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('users/auth/refresh')) {
        issued += 1;
        return json(200, { accessToken: `access-${issued + 1}`, refreshToken: `refresh-${issued + 1}` });
      }
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer access-2' ? json(200, { url }) : unauthorized();
    });
    // A second tab: the same storage and locks, its own copy of the modules.
    vi.resetModules();
    const otherTab = await import('./api-client');
    otherTab.setSessionExpiredHandler(expired);
    const [a, b] = await Promise.all([api.get('users/a'), otherTab.api.get('users/b')]);
    expect(a).toEqual({ url: '/api/v1/users/a' });
    expect(b).toEqual({ url: '/api/v1/users/b' });
    expect(calls('users/auth/refresh')).toHaveLength(1);
    expect(store.get(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(expired).not.toHaveBeenCalled();
  });
});
