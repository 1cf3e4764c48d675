import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../platform/paths';
import { newestKnownMigration } from './journal';
import { forDrizzle } from './pglite-drizzle';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

/**
 * The rows of a statement written in SQL (`db.execute`), typed by the caller: both drivers answer
 * `{ rows }`, which Drizzle's types do not say.
 */
export async function rowsOf<T>(db: Executor, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections (for /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the whole data directory as an uncompressed tarball, for `loadDataDir`. */
  dumpDataDir?(): Promise<Blob>;
  /**
   * Listens on `channel` (a constant identifier): `onNotify` for each notice, `onListening` with true
   * once notices arrive and with false whenever they may not (the connection lost or deaf, until it is
   * back; stopped). Returns the stop; closing the database stops every listener. On PGlite a notice is
   * handled before the statement that committed it answers; on PostgreSQL it comes a moment after.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Resolves true once every notice of `channel` committed before the call has been handled (a write that has
   * committed has been heard); false when that cannot be known (not listening, or not heard within
   * `LISTEN_TIMING.sync`): the caller then acts as if a change was heard. On PostgreSQL a marker notice follows
   * the earlier ones in commit order; on PGlite every notice was handled with its commit.
   */
  sync(channel: string): Promise<boolean>;
}

export interface ListenHandlers {
  onNotify(): void;
  onListening(listening: boolean): void;
}

/** The listening connection's timings (ms): tests shorten them. */
export const LISTEN_TIMING = {
  /** How long a lost listening connection waits before it connects again. */
  relisten: 1000,
  /** How long connecting, `LISTEN` or a heartbeat may take before the connection counts as lost. */
  timeout: 5000,
  /** How often the connection proves it still hears: it notifies itself and must hear it back. */
  heartbeat: 15_000,
  /** How long `sync` waits to hear its marker. */
  sync: 500,
};

/** The listening connection's name in pg_stat_activity. */
export const LISTENER_NAME = 'pruefbuch-listener';

/** The payload of a heartbeat: the listener hears it, but it is no notice of a change. */
const HEARTBEAT = 'heartbeat';
/** The payloads of `sync` markers (a process's own, or another's): no notice of a change either. */
const SYNC = 'sync:';

/**
 * One connection of its own per database that listens on every channel asked for, and connects again
 * when it is lost: a process holds one listening connection however many caches hear notices. Notices
 * that came while it was down are lost: `onListening(false)` tells every subscriber to rely on none
 * meanwhile. A connection that fails without closing (a dead peer, a pooler that does not pass notices
 * on) is found by the heartbeat: it notifies one of its channels and must hear that back within the
 * timeout. A subscriber is told it listens only once its own channel's `LISTEN` has answered.
 */
function pgListener(url: string, pool: pg.Pool) {
  const subscribers = new Map<string, Set<ListenHandlers>>();
  /** The `sync` markers awaited, by payload. */
  const marks = new Map<string, () => void>();
  /** Unique to this listener: processes on several hosts may share a pid. */
  const markPrefix = randomUUID();
  let marked = 0;
  /** The connection being made or listening, if any, and the channels it listens on. */
  let client: pg.Client | null = null;
  let listenedOn = new Set<string>();
  let listening = false;
  let retry: NodeJS.Timeout | undefined;
  let beat: NodeJS.Timeout | undefined;
  let heard: (() => void) | null = null;

  const tell = (up: boolean) => {
    for (const set of subscribers.values()) for (const h of set) h.onListening(up);
  };
  const end = (c: pg.Client) => {
    client = null;
    clearInterval(beat);
    if (listening) {
      listening = false;
      tell(false);
    }
    return c.end().catch(() => {});
  };
  const down = (lost: pg.Client) => {
    if (client !== lost) return;
    void end(lost);
    if (subscribers.size > 0) retry = setTimeout(connect, LISTEN_TIMING.relisten);
  };
  const within = <T>(work: Promise<T>) =>
    Promise.race([
      work,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('listen timeout')), LISTEN_TIMING.timeout).unref(),
      ),
    ]);

  async function proveHearing(c: pg.Client) {
    const [channel] = listenedOn;
    const back = new Promise<void>((resolve) => {
      heard = resolve;
    });
    try {
      await within(Promise.all([c.query(`select pg_notify('${channel}', '${HEARTBEAT}')`), back]));
    } catch {
      down(c);
    } finally {
      heard = null;
    }
  }

  async function connect() {
    retry = undefined;
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: LISTENER_NAME,
    });
    const on = new Set<string>();
    client = c;
    listenedOn = on;
    c.on('error', () => down(c));
    c.on('end', () => down(c));
    c.on('notification', (n) => {
      if (client !== c) return;
      if (n.payload === HEARTBEAT) heard?.();
      else if (n.payload?.startsWith(SYNC)) marks.get(n.payload)?.();
      else for (const h of subscribers.get(n.channel) ?? []) h.onNotify();
    });
    try {
      await within(c.connect());
      // Channels asked for while this runs are listened on too, before anyone is told it listens.
      for (let next = unlistened(on); next; next = unlistened(on)) {
        await within(c.query(`listen ${next}`));
        on.add(next);
        if (client !== c) return;
      }
    } catch {
      down(c);
      return;
    }
    if (client !== c) return;
    listening = true;
    tell(true);
    beat = setInterval(() => void proveHearing(c), LISTEN_TIMING.heartbeat).unref();
  }
  const unlistened = (on: Set<string>) => [...subscribers.keys()].find((ch) => !on.has(ch));

  /** Starts hearing `channel` for `handlers`; returns the stop. */
  function add(channel: string, handlers: ListenHandlers) {
    let set = subscribers.get(channel);
    if (!set) {
      set = new Set();
      subscribers.set(channel, set);
    }
    set.add(handlers);
    const c = client;
    if (!c && !retry) void connect();
    else if (c && listening) {
      if (listenedOn.has(channel)) handlers.onListening(true);
      else {
        const on = listenedOn;
        within(c.query(`listen ${channel}`)).then(
          () => {
            if (client === c) on.add(channel);
            if (client === c && listening && subscribers.get(channel)?.has(handlers)) handlers.onListening(true);
          },
          () => down(c),
        );
      }
    }
    return async () => {
      const own = subscribers.get(channel);
      if (!own?.delete(handlers)) return;
      if (listening) handlers.onListening(false);
      if (own.size === 0) subscribers.delete(channel);
      if (subscribers.size > 0) return;
      clearTimeout(retry);
      retry = undefined;
      if (client) await end(client);
    };
  }
  /** Notifies a marker of its own through the pool and waits to hear it on the listening connection. */
  async function sync(channel: string) {
    if (!listening || !listenedOn.has(channel)) return false;
    const mark = `${SYNC}${markPrefix}:${++marked}`;
    const heardBack = new Promise<void>((resolve) => marks.set(mark, resolve));
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        Promise.all([pool.query('select pg_notify($1, $2)', [channel, mark]), heardBack]).then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), LISTEN_TIMING.sync);
        }),
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      marks.delete(mark);
    }
  }
  return { add, sync };
}

/** The stops of a database's listeners; `close` runs those still running. */
function listenerSet() {
  const stops = new Set<() => Promise<void>>();
  return {
    add(stop: () => Promise<void>) {
      const once = async () => {
        if (stops.delete(once)) await stop();
      };
      stops.add(once);
      return once;
    },
    stopAll: () => Promise.all([...stops].map((stop) => stop())),
  };
}

/** Advisory-lock key under which migrations run: any number of servers may start at once. */
const MIGRATION_LOCK = 7_346_100;

/** Refused start: the database was migrated by a newer version of the app. */
export class SchemaTooNewError extends Error {}

/**
 * Stops before a migration run on a database that a newer version has migrated: the old code would
 * write rows the new schema does not expect. The fix is to start the newer version (or restore).
 */
async function assertSchemaNotNewer(query: (sql: string) => Promise<{ rows: unknown[] }>) {
  const known = newestKnownMigration();
  const { rows } = await query(
    `select max(created_at)::text as newest from drizzle.__drizzle_migrations where to_regclass('drizzle.__drizzle_migrations') is not null`,
  ).catch(() => ({ rows: [] as unknown[] }));
  const newest = Number((rows[0] as { newest?: string | null } | undefined)?.newest ?? 0);
  if (newest > known.when) {
    throw new SchemaTooNewError(
      `The database was migrated by a newer version of Prüfbuch (a migration of ${new Date(newest).toISOString()}; ` +
        `this version knows migrations up to ${known.tag}). Start the newer version, or restore a backup made by this one.`,
    );
  }
}

export interface OpenOptions {
  url?: string;
  dataDir: string | null;
  /** PostgreSQL: connections in the pool. */
  poolMax?: number;
  /** PGlite only: start from this data directory tarball (from `dumpDataDir`), e.g. a migrated template for tests. */
  loadDataDir?: Blob;
}

/** The newest migration the database has, by drizzle's record; null before the first migration. */
export async function appliedMigration(db: Executor): Promise<number | null> {
  const rows = await rowsOf<{ newest: string | null }>(
    db,
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  ).catch(() => []);
  return rows[0]?.newest ? Number(rows[0].newest) : null;
}

/** True when the database has every migration this code knows (and none newer). */
export async function migrationsCurrent(db: Executor): Promise<boolean> {
  return (await appliedMigration(db)) === newestKnownMigration().when;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolMax ?? 10 });
    // An idle connection the server ends (a restart, a dropped test database) leaves the pool and is
    // replaced on the next query; without a listener its error would end the process.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const listeners = listenerSet();
    const notices = pgListener(opts.url, pool);
    return {
      db,
      kind: 'postgres',
      // The listener connects in the background: until it listens, the caller relies on no notice.
      listen: async (channel, handlers) => listeners.add(notices.add(channel, handlers)),
      sync: (channel) => notices.sync(channel),
      // One connection holds the lock for the whole run: a second server waits, then finds nothing to do.
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await assertSchemaNotNewer((q) => client.query(q));
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: async () => {
        await listeners.stopAll();
        await pool.end();
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  // The extensions the migrations create (books search: 0004_books_indexes).
  const extensions = { pg_trgm, btree_gin };
  const loadDataDir = opts.loadDataDir;
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions, loadDataDir });
  } else {
    client = new PGlite({ extensions, loadDataDir });
  }
  await client.waitReady;
  return pgliteDatabase(client);
}

/**
 * The app's database on an open PGlite (tests lease one a worker keeps between files: test/database.ts). Drizzle
 * sees the client through `forDrizzle` (db/pglite-drizzle.ts): its parsers held, its queries prepared.
 */
export function pgliteDatabase(client: PGlite): Database {
  const pgliteDb = drizzlePglite(forDrizzle(client), { schema });
  const listeners = listenerSet();
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      await assertSchemaNotNewer((q) => client.query(q));
      await migratePglite(pgliteDb, { migrationsFolder });
    },
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    // One process, one connection: a notice arrives as the statement that committed it answers.
    sync: async () => true,
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, () => handlers.onNotify());
      handlers.onListening(true);
      return listeners.add(async () => {
        handlers.onListening(false);
        await unlisten().catch(() => {});
      });
    },
    close: async () => {
      await listeners.stopAll();
      await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
