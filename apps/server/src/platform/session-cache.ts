import type { FastifyInstance } from 'fastify';
/**
 * The signed-in sessions a process has looked up, kept while nothing that decides them has changed
 * (decision 047). Every request checks its session, its user and its tenant; without this, that is one
 * statement per request, as many as the cheapest read itself needs.
 *
 * What decides a lookup lives in four tables (users, sessions, user_tenants, tenants). A write to any
 * of them, by any process or by hand, notifies `AUTH_CHANGED` when it commits (migration 0032), and
 * every process empties its cache when the notice arrives. A process also empties it itself before it
 * answers any write of its own, so its own client never sees a session it has just ended.
 *
 * The cache only keeps while its process listens: without the listening connection (not yet up, lost,
 * closed) every request looks up again, as before. A lookup that was under way when the cache was
 * emptied is not kept (it may have read the rows as they were). An entry lives at most `ttlMs`, so a
 * notice lost with a connection that failed silently cannot keep a session alive for longer.
 */

/**
 * Feeds `cache` the notices of `channel` while the app runs: `onNotify` for each (by default the cache forgets
 * everything), and the cache keeps only while the process listens. Returns whether notices lag their commit (on
 * PostgreSQL they come a moment after it; on PGlite with it), known once the app is ready.
 */
export function feedFromNotices<T>(
  app: FastifyInstance,
  channel: string,
  cache: SessionCache<T>,
  onNotify: () => void = () => cache.clear(),
) {
  const lag = { value: true };
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    lag.value = app.deps.database.kind === 'postgres';
    stopListening = await app.deps.database.listen(channel, {
      onNotify,
      onListening: (listening) => cache.setListening(listening),
    });
  });
  app.addHook('onClose', async () => stopListening?.());
  return { noticesLag: () => lag.value };
}

/** The channel the tables notify on (migration 0032_session_notices). */
export const AUTH_CHANGED = 'auth_changed';

export interface SessionCacheOptions {
  /** How long an entry is kept at most, even when no notice comes. */
  ttlMs?: number;
  /** Entries kept at most; the one used longest ago goes first. */
  maxEntries?: number;
  now?: () => number;
}

export interface SessionCache<T> {
  /**
   * The kept answer for `key`; else the answer of the lookup for `key` already under way, if one started
   * since the cache was last emptied; else that of a new `lookup`, kept when nothing changed meanwhile.
   */
  load(key: string, lookup: () => Promise<T | undefined>): Promise<T | undefined>;
  /**
   * The kept answer for `key`, else undefined at once: the caller asks elsewhere meanwhile. Starts `lookup` when
   * none is under way; its answer is kept for later calls as `load` keeps it.
   */
  ready(key: string, lookup: () => Promise<T | undefined>): T | undefined;
  /** The kept answer for `key`, else undefined; starts nothing. */
  peek(key: string): T | undefined;
  /** Forgets every answer; a lookup under way is neither kept nor joined any more. */
  clear(): void;
  /** Whether the process listens for changes; while not, nothing is kept. */
  setListening(listening: boolean): void;
  readonly stats: { hits: number; lookups: number; size: number; listening: boolean };
}

export function sessionCache<T>(opts: SessionCacheOptions = {}): SessionCache<T> {
  const ttlMs = opts.ttlMs ?? 10_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, { value: T; at: number }>();
  let running = new Map<string, Promise<T | undefined>>();
  let generation = 0;
  let listening = false;
  let hits = 0;
  let lookups = 0;

  const keep = (key: string, value: T, at: number) => {
    entries.delete(key);
    entries.set(key, { value, at });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };

  const start = (key: string, lookup: () => Promise<T | undefined>) => {
    lookups++;
    const startedIn = generation;
    const at = now();
    const own = running;
    const started = lookup()
      .then((value) => {
        if (value !== undefined && listening && startedIn === generation) keep(key, value, at);
        return value;
      })
      .finally(() => {
        if (own.get(key) === started) own.delete(key);
      });
    own.set(key, started);
    return started;
  };

  const peek = (key: string) => {
    const kept = entries.get(key);
    if (!kept || now() - kept.at >= ttlMs) return undefined;
    hits++;
    // Used last, forgotten last.
    entries.delete(key);
    entries.set(key, kept);
    return kept.value;
  };

  const clear = () => {
    generation++;
    entries.clear();
    running = new Map();
  };

  return {
    load(key, lookup) {
      const kept = peek(key);
      if (kept !== undefined) return Promise.resolve(kept);
      return running.get(key) ?? start(key, lookup);
    },
    ready(key, lookup) {
      const kept = peek(key);
      if (kept !== undefined) return kept;
      if (!running.has(key)) start(key, lookup).catch(() => {});
      return undefined;
    },
    peek,
    clear,
    setListening(up) {
      listening = up;
      clear();
    },
    get stats() {
      return { hits, lookups, size: entries.size, listening };
    },
  };
}
