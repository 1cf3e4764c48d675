/**
 * PGlite as drizzle reads it, without a cost paid on every query. drizzle-orm (0.45) hands PGlite the same
 * result parsers with every query (timestamps, dates and intervals and their arrays left as text), and PGlite
 * (0.5) merges them into a copy of its own table of some 400 type parsers each time. The client gets those
 * parsers once instead (`useDrizzleParsers`), and drizzle's queries reach it without their copy
 * (`withoutQueryParsers`): the rows are the same, the copy is gone.
 *
 * Measured on a 2-core machine: a one-row lookup by key through drizzle took 660–961 µs of CPU with the parsers
 * passed and 409–486 µs without (`node --import tsx bench/pglite-parsers.ts`, three rounds); the server's cheap
 * read (GET users/{id}) on PGlite answered 836–1,014 requests a second at 10 clients instead of 544–660
 * (bench/scaling.ts, docs/deploy.md).
 */
import { type PGlite, types } from '@electric-sql/pglite';

/**
 * The types drizzle's PGlite session leaves as text (drizzle-orm/pglite/session.js); pglite-parsers.test.ts
 * holds the list to drizzle's.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value: string) => value;

/** Gives an open client drizzle's parsers as its own (after `waitReady`, which sets up the array types). */
export function useDrizzleParsers(client: PGlite) {
  // Before it is ready PGlite has not yet set up its array types, which would overwrite these.
  if (!client.ready) throw new Error('useDrizzleParsers needs a client that is ready (await waitReady first)');
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
}

/** Whether a query's parsers are drizzle's set (then the client's own do the same). */
const isDrizzleSet = (parsers: object) => {
  const keys = Object.keys(parsers);
  return keys.length === DRIZZLE_TEXT_TYPES.length && keys.every((k) => DRIZZLE_TEXT_TYPES.includes(Number(k)));
};

type QueryOptions = Parameters<PGlite['query']>[2];
const stripped = (options: QueryOptions): QueryOptions =>
  options?.parsers && isDrizzleSet(options.parsers) ? { ...options, parsers: undefined } : options;

/** A query function that leaves drizzle's parsers out; anything else passes as it is. */
const querying = (target: Pick<PGlite, 'query'>) => (query: string, params?: unknown[], options?: QueryOptions) =>
  target.query(query, params, stripped(options));

/**
 * The client as drizzle should see it: its queries, and those of its transactions, without drizzle's
 * per-query parsers. Give it a client that `useDrizzleParsers` prepared.
 */
export function withoutQueryParsers(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return querying(target);
      if (key === 'transaction') {
        return (callback: Parameters<PGlite['transaction']>[0]) =>
          target.transaction((tx) =>
            callback(new Proxy(tx, { get: (t, k) => (k === 'query' ? querying(t) : Reflect.get(t, k, t)) })),
          );
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' && key !== 'constructor' ? value.bind(target) : value;
    },
  });
}
