/**
 * Idempotent creates and uploads (decision 060). A route that opts in (`config: { idempotent: true }`)
 * takes an optional `Idempotency-Key` header: the first request with a key runs as always, and its key
 * is stored with the request's hash and the reply inside the transaction of its write; a repeat of the
 * key gets the stored reply (`idempotent-replayed: true`) and writes nothing; a different request under
 * the same key is a 422 IDEMPOTENCY_KEY_REUSED. Without the header a route behaves as before.
 *
 * How the key joins the write's transaction without the services knowing: the request's database is
 * swapped for one whose first `transaction()` opens the real transaction, claims the key in it (an
 * INSERT into idempotency_keys, which a concurrent request with the same key waits behind), and runs
 * the service's transaction inside as a savepoint. The real transaction stays open until the handler
 * has its reply; then the reply is stored with the key and the transaction commits, before the reply
 * is sent. A failed write rolls back the key with it.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Db, Executor, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { AppError } from './errors';

/** How long a key is kept: a device that was offline for a week may still send its outbox again. */
export const IDEMPOTENCY_KEEP_DAYS = 7;

/** A key: 8–128 letters, digits and `-_.:` (a UUID, a ULID, or the outbox's own ids). */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export const HEADER = 'idempotency-key';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an Idempotency-Key (decision 060). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The database an idempotent request's services use instead of the app's (publicCtxOf, the context). */
    idempotentDb?: Db;
  }
}

const invalidKey = () =>
  new AppError('VALIDATION', 400, [
    { field: HEADER, key: 'errors.IDEMPOTENCY_KEY_INVALID', message: 'IDEMPOTENCY_KEY_INVALID' },
  ]);

/** What an upload's form carried, for the request hash: its text fields and each file's SHA-256 as sent. */
export interface UploadDigest {
  fields: Record<string, string>;
  files: { field: string; sha256: string }[];
}
const uploadDigests = new WeakMap<FastifyRequest, UploadDigest>();

/** receiveUpload records what it read; the request hash of a multipart request is taken from it. */
export function recordUploadDigest(req: FastifyRequest, digest: UploadDigest) {
  uploadDigests.set(req, digest);
}

const sortedJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** SHA-256 over the method, the path with its query, and the body (keys sorted; a form as its digest). */
export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(sortedJson([method, url, body ?? null]))
    .digest('hex');
}

/** The signed-in user's keys are theirs in the tenant they work in; a public page's keys are the page's. */
function scopeOf(req: FastifyRequest) {
  const ctx = req.ctx;
  if (ctx) return { scope: `${ctx.tenantId ?? '-'}/${ctx.user.id}`, tenantId: ctx.tenantId, userId: ctx.user.id };
  return { scope: `public/${req.url.split('?')[0]}`, tenantId: null, userId: null };
}

type StoredReply = typeof idempotencyKeys.$inferSelect;

async function findStored(db: Executor, scope: string, key: string): Promise<StoredReply | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row;
}

function replay(reply: FastifyReply, stored: StoredReply, hash: string) {
  if (stored.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 422);
  reply.status(stored.statusCode).header('idempotent-replayed', 'true');
  if (stored.contentType) reply.header('content-type', stored.contentType);
  // Sent as it was stored: a string with its content type goes out as it is, not serialized again.
  return reply.send(stored.body);
}

/** Thrown inside the claim when another request stored the key first: that request's reply is the answer. */
class KeyTaken extends Error {}

/**
 * The request's database: plain until the handler opens a transaction; from then on every statement
 * runs in the one real transaction, which holds the key's claim and commits after the reply is known.
 */
function deferredTransaction(db: Db, claim: (tx: Tx) => Promise<void>) {
  let outer: Tx | null = null;
  let opening: Promise<Tx> | null = null;
  let closed = false;
  let finish: (store: ((tx: Tx) => Promise<void>) | Error) => void = () => {};
  let done: Promise<unknown> = Promise.resolve();

  const open = () => {
    opening ??= new Promise<Tx>((resolve, reject) => {
      const ended = new Promise<((tx: Tx) => Promise<void>) | Error>((r) => {
        finish = r;
      });
      done = db.transaction(async (tx) => {
        await claim(tx);
        outer = tx;
        resolve(tx);
        const end = await ended;
        if (end instanceof Error) throw end;
        await end(tx);
      });
      done.catch((err) => {
        closed = true;
        reject(err);
      });
    });
    return opening;
  };

  /** Ends the real transaction: rolled back (an error, or nothing to store) or committed with the reply stored. */
  const end = async (store: ((tx: Tx) => Promise<void>) | Error) => {
    if (!opening || closed) return;
    closed = true;
    finish(store);
    try {
      await done;
    } catch (err) {
      if (!(store instanceof Error)) throw err;
    }
  };

  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction') {
        return async (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => {
          if (closed) return target.transaction(fn as never, config as never);
          const tx = await open();
          try {
            return await tx.transaction(fn as never);
          } catch (err) {
            // The write failed: nothing of this request may commit, and what the handler does next
            // (removing a file it kept) runs on the plain database.
            await end(err instanceof Error ? err : new Error(String(err)));
            throw err;
          }
        };
      }
      const base = outer && !closed ? outer : target;
      const value = Reflect.get(base, prop, base === target ? receiver : base);
      return typeof value === 'function' ? value.bind(base) : value;
    },
  });
  return { db: proxy as Db, end, opened: () => opening !== null };
}

function hashOf(req: FastifyRequest) {
  const url = req.url;
  if (req.isMultipart()) {
    const digest = uploadDigests.get(req);
    return requestHash(req.method, url, digest ?? { fields: {}, files: [] });
  }
  return requestHash(req.method, url, req.body);
}

/**
 * Reads a form only to hash it: a repeat of an upload whose key is stored must be compared with the
 * first, and its file goes nowhere.
 */
async function digestForm(req: FastifyRequest): Promise<UploadDigest> {
  const fields: Record<string, string> = {};
  const files: UploadDigest['files'] = [];
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
    } else {
      const hash = createHash('sha256');
      for await (const chunk of part.file) hash.update(chunk as Buffer);
      files.push({ field: part.fieldname, sha256: hash.digest('hex') });
    }
  }
  return { fields, files };
}

function wrap(app: FastifyInstance, handler: RouteHandlerMethod): RouteHandlerMethod {
  return async function idempotent(this: FastifyInstance, req, reply) {
    const raw = req.headers[HEADER];
    if (raw === undefined) return handler.call(this, req, reply);
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (Array.isArray(raw) || !key || !KEY_PATTERN.test(key)) throw invalidKey();
    const { scope, tenantId, userId } = scopeOf(req);
    const baseDb = req.ctx?.db ?? app.deps.database.db;

    const stored = await findStored(baseDb, scope, key);
    if (stored) {
      if (req.isMultipart()) recordUploadDigest(req, await digestForm(req));
      return replay(reply, stored, hashOf(req));
    }

    const claim = async (tx: Tx) => {
      // Waits behind a concurrent request with the same key until it commits or rolls back.
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ scope, key, tenantId, userId, requestHash: hashOf(req), statusCode: 0, body: '' })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length === 0) throw new KeyTaken();
    };
    const deferred = deferredTransaction(baseDb, claim);
    if (req.ctx) req.ctx = { ...req.ctx, db: deferred.db };
    req.idempotentDb = deferred.db;

    // The handler's reply is held back until the key and the write have committed together. A handler
    // that sent returns the reply itself, a thenable that settles only once it is sent: so the send
    // held back, not the handler's promise, says that the handler is done.
    let held: ((value: { payload: unknown }) => void) | null = null;
    const heldBack = new Promise<{ payload: unknown }>((resolve) => {
      held = resolve;
    });
    const send = reply.send;
    reply.send = function holdBack(payload?: unknown) {
      held?.({ payload });
      return reply;
    } as typeof reply.send;
    let outcome: { payload: unknown };
    try {
      const running = Promise.resolve(handler.call(this, req, reply));
      running.catch(() => {});
      outcome = await Promise.race([heldBack, running.then((payload) => ({ payload }))]);
    } catch (err) {
      reply.send = send;
      await deferred.end(err instanceof Error ? err : new Error(String(err)));
      if (err instanceof KeyTaken) {
        const first = await findStored(baseDb, scope, key);
        if (first) return replay(reply, first, hashOf(req));
      }
      throw err;
    } finally {
      reply.send = send;
      req.idempotentDb = undefined;
    }
    const payload = outcome.payload;
    const statusCode = reply.statusCode;
    const body = typeof payload === 'string' ? payload : String(reply.serialize(payload));
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const store = async (tx: Executor) => {
      await tx
        .insert(idempotencyKeys)
        .values({ scope, key, tenantId, userId, requestHash: hashOf(req), statusCode, contentType, body })
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.key],
          set: { statusCode, contentType, body },
        });
    };
    // Only a success is kept: a refused request wrote nothing (decision 042), so its repeat may run again.
    if (statusCode >= 300) await deferred.end(new Error('not kept'));
    else if (deferred.opened()) await deferred.end(store);
    else await baseDb.transaction(store);
    reply.header('content-type', contentType);
    return reply.send(body);
  };
}

/** Wraps the handlers of the routes that opt in; register before the routes. */
export function registerIdempotency(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent) route.handler = wrap(app, route.handler);
  });
}

/** Keys older than IDEMPOTENCY_KEEP_DAYS go (the daily job). */
export async function purgeIdempotencyKeys(db: Executor, now = new Date()) {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEEP_DAYS * 86_400_000);
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return { purged: rows.length };
}
