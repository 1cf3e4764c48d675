/**
 * The outbox (decision 062) against a scripted server: the order drafts go up in, the back-off after a failed
 * try, the Idempotency-Keys that make a repeat harmless, and what a conflict or a refusal leaves on the device.
 * The API's side of the keys is tested against the real server (apps/server/src/platform/idempotency.test.ts).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => store.set(key, String(value)),
  removeItem: (key: string) => store.delete(key),
});
vi.stubGlobal('document', { documentElement: { lang: 'de' } });
vi.stubGlobal('window', {
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => true,
  location: { assign: () => undefined },
});
vi.stubGlobal('navigator', {});

interface Call {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
}

/** A server as the outbox meets it: records by Idempotency-Key, a version per record, and scripted failures. */
function fakeServer() {
  const calls: Call[] = [];
  const replies = new Map<string, Response>();
  const bodies = new Map<string, string>();
  /** Runs while a request is on its way (before the server answers): the technician editing meanwhile. */
  const during: (() => Promise<void>)[] = [];
  const records = new Map<string, Record<string, unknown>>();
  let blobs = 0;
  /** The next calls fail like this, one each: no network, a status with a code, or the reply lost after the write. */
  const failures: ('offline' | 'lost' | { status: number; code: string })[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const handle = async (method: string, path: string, key: string | null, body: unknown): Promise<Response> => {
    if (key && replies.has(key)) {
      if (bodies.get(key) !== JSON.stringify(body))
        return json(422, { statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED', message: 'other body' });
      return (replies.get(key) as Response).clone();
    }
    let reply: Response;
    const id = path.split('/')[1] ?? '';
    if (method === 'POST' && path === 'blobs') reply = json(201, { _id: `blob-${++blobs}` });
    else if (method === 'POST' && (path === 'inspections' || path === 'selfinspections')) {
      const rec = { ...(body as object), _id: `rec-${records.size + 1}`, __v: 0, finalized: false };
      records.set(rec._id, rec);
      reply = json(201, rec);
    } else if (method === 'PUT') {
      const rec = records.get(id) as Record<string, unknown>;
      const { __v, ...change } = body as { __v: number };
      if (__v !== rec.__v) return json(409, { statusCode: 409, code: 'CONFLICT', message: 'stale' });
      Object.assign(rec, change, { __v: (rec.__v as number) + 1 });
      reply = json(200, rec);
    } else if (method === 'GET') reply = json(200, records.get(id));
    else if (method === 'POST' && path.endsWith('/finalize')) {
      const rec = records.get(id) as Record<string, unknown>;
      if (!rec.inspectorSignature)
        return json(400, {
          statusCode: 400,
          code: 'VALIDATION',
          details: [{ field: 'inspectorSignature', key: 'validation.required' }],
        });
      Object.assign(rec, { finalized: true, __v: (rec.__v as number) + 1 });
      reply = json(200, rec);
    } else reply = json(404, { code: 'NOT_FOUND' });
    if (key) {
      replies.set(key, reply.clone());
      bodies.set(key, JSON.stringify(body));
    }
    return reply;
  };

  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\/v1\//, '').split('?')[0] as string;
    const key = new Headers(init.headers).get('idempotency-key');
    const method = init.method ?? 'GET';
    const body =
      init.body instanceof FormData ? Object.fromEntries(init.body) : init.body ? JSON.parse(String(init.body)) : null;
    calls.push({ method, path, key, body });
    await during.shift()?.();
    const failure = failures.shift();
    if (failure === 'offline') throw new TypeError('Failed to fetch');
    if (failure && failure !== 'lost')
      return json(failure.status, { statusCode: failure.status, code: failure.code, message: 'x' });
    const reply = await handle(method, path, key, body);
    if (failure === 'lost') throw new TypeError('network changed');
    return reply;
  });
  return { calls, records, failures, during, fetch };
}

let server = fakeServer();
vi.stubGlobal('fetch', (url: string, init: RequestInit) => server.fetch(url, init));

const { STORAGE_KEYS } = await import('@pruefbuch/domain/constants');
const { clearOffline } = await import('./offline-store');
const store_ = await import('./outbox-store');
const { copyAsNew, editDraft, getDraft, getPhoto, outbox, putPhoto, saveDraft } = store_;
/** The technician's edit given to send: the draft as the device holds it, then queued. */
const enqueue = async (d: import('./outbox-types').OfflineDraft) => {
  const stored = await getDraft(d.localId);
  await saveDraft({ ...d, rev: stored ? stored.rev : d.rev });
  return store_.enqueue(d.localId);
};
const { syncNow } = await import('./sync');
const { waitingChanges } = await import('@/lib/waiting-changes');
type Draft = import('./outbox-types').OfflineDraft;

const draft = (localId: string, over: Partial<Draft> = {}): Draft => ({
  localId,
  tenantId: 't1',
  userId: 'u1',
  bookId: `book-${localId}`,
  bookTitle: 'Schiebetür Eingang',
  kind: 'inspection',
  serverId: null,
  serverV: null,
  base: null,
  fields: {
    when: '2026-11-30',
    who: 'Jan Becker',
    where: 'Kassel',
    text: '',
    checklist: [{ item: 'sensors', label: 'Sensoren', result: 'ok', note: '' }],
    defects: [],
    continuedOperation: true,
    inspectorSignature: null,
    operatorAcknowledgement: null,
  },
  finalize: false,
  rev: 0,
  touched: true,
  createBody: null,
  state: 'editing',
  error: null,
  theirs: null,
  createdAt: '2026-11-30T08:00:00.000Z',
  updatedAt: '2026-11-30T08:00:00.000Z',
  ...over,
});

let clock = 1_000_000;
const now = () => clock;

beforeEach(async () => {
  server = fakeServer();
  store.clear();
  store.set(STORAGE_KEYS.session, JSON.stringify({ userId: 'u1', role: 9, tenants: [] }));
  // The session module keeps a snapshot: a write through its own API reads the stored session again.
  const { setTokens } = await import('@/lib/session');
  setTokens('access-1', 'refresh-1');
  await clearOffline();
  clock = 1_000_000;
});

describe('the outbox', () => {
  it('sends drafts in the order they were given, a photo before the record that names it, each under its key', async () => {
    await putPhoto({ id: 'p1', tenantId: 't1', draftId: 'a', blob: new Blob(['jpeg']), serverId: null });
    const a = draft('a', {
      fields: {
        ...draft('a').fields,
        defects: [
          { text: 'Sensor verschmutzt', severity: 'safe', item: 'sensors', photos: ['local:p1'], resolved: false },
        ],
      },
    });
    await enqueue(draft('b'));
    await enqueue(a);
    // Given again, a draft keeps its place.
    await enqueue(draft('b', { fields: { ...draft('b').fields, text: 'geändert' } }));
    expect(waitingChanges()).toBe(2);

    await syncNow(now);

    expect(server.calls.map((c) => `${c.method} ${c.path} ${c.key}`)).toEqual([
      'POST inspections b',
      'POST blobs p1',
      'POST inspections a',
    ]);
    expect(server.calls[0]?.body).toMatchObject({ text: 'geändert' });
    expect(server.calls[2]?.body).toMatchObject({ defects: [{ photos: ['blob-1'] }] });
    expect(await outbox()).toEqual([]);
    expect((await getDraft('a'))?.state).toBe('saved');
    expect((await getDraft('a'))?.serverId).toBe('rec-2');
    expect(waitingChanges()).toBe(0);
  });

  it('without a network stops at the first draft and tries again after the back-off, the others behind it', async () => {
    await enqueue(draft('a'));
    await enqueue(draft('b'));
    server.failures.push('offline');
    await syncNow(now);
    expect(server.calls).toHaveLength(1);
    let [first] = await outbox();
    expect(first).toMatchObject({ draftId: 'a', attempts: 1, nextAt: clock + 5_000, lastError: 'offline' });

    // Before its time a is not sent again; b, not waiting out a back-off, is tried (and fails: still offline).
    clock += 4_999;
    server.failures.push('offline');
    await syncNow(now);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.key).toBe('b');

    clock += 5_001;
    server.failures.push('offline');
    await syncNow(now);
    [first] = await outbox();
    expect(first).toMatchObject({ draftId: 'a', attempts: 2, nextAt: clock + 10_000 });
    expect(waitingChanges()).toBe(2);

    clock += 10_000;
    await syncNow(now);
    expect(server.calls.slice(3).map((c) => c.key)).toEqual(['a', 'b']);
    expect(await outbox()).toEqual([]);
  });

  it('a draft the server keeps failing (5xx) waits out its back-off without holding up the others', async () => {
    await enqueue(draft('a'));
    await enqueue(draft('b'));
    server.failures.push({ status: 503, code: 'UNAVAILABLE' });
    await syncNow(now);
    expect(server.calls.map((c) => c.key)).toEqual(['a', 'b']);
    expect((await getDraft('b'))?.state).toBe('saved');
    expect(await outbox()).toEqual([expect.objectContaining({ draftId: 'a', attempts: 1, lastError: 'retry' })]);
  });

  it('a create whose reply was lost is sent again under the same key: one record on the server', async () => {
    await enqueue(draft('a'));
    server.failures.push('lost');
    await syncNow(now);
    expect(server.records.size).toBe(1);
    expect((await getDraft('a'))?.state).toBe('waiting');
    clock += 5_000;
    await syncNow(now);
    expect(server.calls.map((c) => c.key)).toEqual(['a', 'a']);
    expect(server.records.size).toBe(1);
    expect((await getDraft('a'))?.serverId).toBe('rec-1');
  });

  it("a record changed meanwhile is a conflict kept with the server's version; the next draft still goes", async () => {
    await enqueue(draft('a'));
    await syncNow(now);
    const saved = (await getDraft('a')) as Draft;
    // Someone in the office changes the record meanwhile.
    Object.assign(server.records.get('rec-1') as object, { text: 'Termin verschoben', __v: 1 });
    await enqueue({ ...saved, fields: { ...saved.fields, text: 'Antrieb geprüft' } });
    await enqueue(draft('b'));
    await syncNow(now);

    const conflict = (await getDraft('a')) as Draft;
    expect(conflict.state).toBe('conflict');
    expect(conflict.theirs).toMatchObject({ text: 'Termin verschoben', __v: 1 });
    expect(conflict.fields.text).toBe('Antrieb geprüft');
    expect((await getDraft('b'))?.state).toBe('saved');
    expect(await outbox()).toEqual([]);
    // The conflict still waits for the technician.
    expect(waitingChanges()).toBe(1);
  });

  it('a refusal stays on the device with its reason; finalizing refused leaves the record saved, with why', async () => {
    await enqueue(draft('a'));
    await enqueue(draft('b', { finalize: true }));
    server.failures.push({ status: 403, code: 'FORBIDDEN' });
    await syncNow(now);
    expect(await getDraft('a')).toMatchObject({ state: 'refused', error: { status: 403, code: 'FORBIDDEN' } });
    const b = (await getDraft('b')) as Draft;
    expect(b.state).toBe('saved');
    expect(b.serverId).toBe('rec-1');
    expect(b.error).toMatchObject({ status: 400, details: [{ field: 'inspectorSignature' }] });

    // Signed, given again: it is changed and finalized.
    const signature = { name: 'Jan Becker', image: 'data:image/png;base64,AAAA' };
    await enqueue({ ...b, fields: { ...b.fields, inspectorSignature: signature } });
    await syncNow(now);
    expect((await getDraft('b'))?.state).toBe('finalized');
    expect(server.calls.slice(-2).map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT inspections/rec-1',
      'POST inspections/rec-1/finalize',
    ]);
    expect(waitingChanges()).toBe(1);
  });

  it('a draft kept but not given to send waits on the device and is counted, but not sent', async () => {
    await saveDraft(draft('a'));
    await syncNow(now);
    expect(server.calls).toEqual([]);
    expect(waitingChanges()).toBe(1);
  });

  it("another user's draft (their session ended on this phone) is not sent under this session, and does not block", async () => {
    await enqueue(draft('theirs', { userId: 'u2' }));
    await enqueue(draft('mine'));
    await syncNow(now);
    expect(server.calls.map((c) => c.key)).toEqual(['mine']);
    expect((await getDraft('theirs'))?.state).toBe('waiting');
    expect((await outbox()).map((e) => e.draftId)).toEqual(['theirs']);
  });

  it('an edit made while the draft is being sent is kept and goes up as a change, never overwritten', async () => {
    await enqueue(draft('a'));
    server.during.push(async () => {
      await editDraft('a', (d) => ({ fields: { ...d.fields, text: 'Nachgetragen während des Sendens' } }));
    });
    await syncNow(now);
    const a = (await getDraft('a')) as Draft;
    expect(a.fields.text).toBe('Nachgetragen während des Sendens');
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST inspections', 'PUT inspections/rec-1']);
    expect(server.records.get('rec-1')).toMatchObject({ text: 'Nachgetragen während des Sendens' });
    expect(a.state).toBe('saved');
  });

  it('a create whose reply was lost, edited before the retry, sends the same body again and then the change', async () => {
    await enqueue(draft('a'));
    server.failures.push('lost');
    await syncNow(now);
    await editDraft('a', (d) => ({ fields: { ...d.fields, text: 'später ergänzt' } }));
    clock += 5_000;
    await syncNow(now);
    expect(server.calls.map((c) => `${c.method} ${c.path} ${c.key ?? ''}`.trim())).toEqual([
      'POST inspections a',
      'POST inspections a',
      'PUT inspections/rec-1',
    ]);
    expect(server.calls[1]?.body).toEqual(server.calls[0]?.body);
    expect(server.records.size).toBe(1);
    expect(server.records.get('rec-1')).toMatchObject({ text: 'später ergänzt' });
  });

  it('a record changed meanwhile only where the device did not change it is merged without asking', async () => {
    await enqueue(draft('a'));
    await syncNow(now);
    const saved = (await getDraft('a')) as Draft;
    Object.assign(server.records.get('rec-1') as object, { who: 'Büro: J. Becker', __v: 1 });
    await enqueue({ ...saved, fields: { ...saved.fields, text: 'Antrieb geprüft' } });
    await syncNow(now);
    expect((await getDraft('a'))?.state).toBe('saved');
    expect(server.records.get('rec-1')).toMatchObject({ who: 'Büro: J. Becker', text: 'Antrieb geprüft' });
  });

  it('finalizing a record changed meanwhile is a conflict, not a draft left waiting; a lost finalize reply is finalized', async () => {
    await enqueue(draft('a'));
    await syncNow(now);
    const saved = (await getDraft('a')) as Draft;
    Object.assign(server.records.get('rec-1') as object, { text: 'Büro', __v: 1 });
    const signature = { name: 'Jan Becker', image: 'data:image/png;base64,AAAA' };
    await enqueue({
      ...saved,
      finalize: true,
      fields: { ...saved.fields, text: 'Gerät', inspectorSignature: signature },
    });
    await syncNow(now);
    expect((await getDraft('a'))?.state).toBe('conflict');
    expect(await outbox()).toEqual([]);

    // Another draft whose finalize reply is lost: the repeat finds it finalized.
    await enqueue(draft('b', { finalize: true, fields: { ...draft('b').fields, inspectorSignature: signature } }));
    server.failures.push(...Array(1).fill(undefined), 'lost');
    await syncNow(now);
    clock += 5_000;
    await syncNow(now);
    expect((await getDraft('b'))?.state).toBe('finalized');
  });

  it('an untouched new record is kept but not counted as waiting', async () => {
    await saveDraft(draft('a', { touched: false }));
    expect(waitingChanges()).toBe(0);
    await editDraft('a', (d) => ({ fields: { ...d.fields, text: 'x' } }));
    expect(waitingChanges()).toBe(1);
  });

  it('a record finalized meanwhile on the server refuses the change; started over, the work goes up as a new record', async () => {
    await enqueue(draft('a'));
    await syncNow(now);
    const saved = (await getDraft('a')) as Draft;
    Object.assign(server.records.get('rec-1') as object, { finalized: true });
    // The photo goes up; the change is refused: the record was finalized meanwhile.
    server.failures.push(undefined as never, { status: 409, code: 'FINALIZED' });
    await putPhoto({ id: 'p9', tenantId: 't1', draftId: 'a', blob: new Blob(['jpeg']), serverId: null });
    const defect = {
      text: 'Riss im Glas',
      severity: 'repair' as const,
      item: null,
      photos: ['local:p9'],
      resolved: false,
    };
    await enqueue({ ...saved, fields: { ...saved.fields, defects: [defect] } });
    await syncNow(now);
    expect(await getDraft('a')).toMatchObject({ state: 'refused', error: { code: 'FINALIZED' } });

    const copy = (await copyAsNew('a', 'a2')) as Draft;
    expect(copy).toMatchObject({ localId: 'a2', serverId: null, state: 'editing' });
    expect(await getDraft('a')).toBeNull();
    expect((await getPhoto('p9'))?.draftId).toBe('a2');
    await store_.enqueue('a2');
    await syncNow(now);
    expect(server.calls.slice(-3).map((c) => `${c.method} ${c.path} ${c.key}`)).toEqual([
      'POST blobs p9',
      'PUT inspections/rec-1 null',
      'POST inspections a2',
    ]);
    // The photo uploaded before the refusal is named by its blob in the new record.
    expect(server.calls.at(-1)?.body).toMatchObject({ defects: [{ text: 'Riss im Glas', photos: ['blob-1'] }] });
    expect(server.records.size).toBe(2);
  });

  it('a refused create, corrected, goes up with its new body', async () => {
    await enqueue(draft('a'));
    server.failures.push({ status: 400, code: 'VALIDATION' });
    await syncNow(now);
    expect((await getDraft('a'))?.state).toBe('refused');
    await store_.enqueue('a', (d) => ({ fields: { ...d.fields, text: 'berichtigt' } }));
    await syncNow(now);
    expect((await getDraft('a'))?.state).toBe('saved');
    expect(server.records.get('rec-1')).toMatchObject({ text: 'berichtigt' });
  });

  it('a signature drawn while finalizing is refused for the lack of it goes up and is finalized', async () => {
    await enqueue(draft('a', { finalize: true }));
    const signature = { name: 'Jan Becker', image: 'data:image/png;base64,AAAA' };
    // The create goes through; during the finalize (refused: no signature) the technician signs.
    server.during.push(async () => undefined);
    server.during.push(async () => {
      await editDraft('a', (d) => ({ fields: { ...d.fields, inspectorSignature: signature } }));
    });
    await syncNow(now);
    expect((await getDraft('a'))?.state).toBe('finalized');
    expect(server.records.get('rec-1')).toMatchObject({ finalized: true, inspectorSignature: signature });
  });

  it('a photo taken while the photos upload goes up too, and one whose picture is gone is not named', async () => {
    await putPhoto({ id: 'p1', tenantId: 't1', draftId: 'a', blob: new Blob(['jpeg']), serverId: null });
    await putPhoto({ id: 'p2', tenantId: 't1', draftId: 'a', blob: new Blob(['jpeg']), serverId: null });
    const defect = {
      text: 'Riss',
      severity: 'repair' as const,
      item: null,
      photos: ['local:p1', 'local:gone'],
      resolved: false,
    };
    await enqueue(draft('a', { fields: { ...draft('a').fields, defects: [defect] } }));
    server.during.push(async () => {
      await editDraft('a', (d) => ({
        fields: { ...d.fields, defects: d.fields.defects.map((x) => ({ ...x, photos: [...x.photos, 'local:p2'] })) },
      }));
    });
    await syncNow(now);
    const create = server.calls.find((c) => c.path === 'inspections');
    expect(create?.body).toMatchObject({ defects: [{ photos: ['blob-1', 'blob-2'] }] });
    expect((await getDraft('a'))?.state).toBe('saved');
  });
});
