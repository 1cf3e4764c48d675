/**
 * PGlite as drizzle reads it, without a cost paid on every query. drizzle-orm (0.45) hands PGlite the same
 * result parsers with every query (timestamps, dates and intervals and their arrays left as text), and PGlite
 * (0.5) merges them into a copy of its own table of some 400 type parsers each time. The client gets those
 * parsers once instead (`useDrizzleParsers`), and drizzle's queries reach it without their copy
 * (`withoutDrizzleParsers`, applied in pglite-drizzle.ts): the rows are the same, the copy is gone.
 *
 * Measured on a 2-core machine: a one-row lookup by key through drizzle took 660–961 µs of CPU with the parsers
 * passed and 409–486 µs without (now the first two columns of `node --import tsx bench/pglite-queries.ts`); the server's cheap
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

/** The options of a PGlite query. */
export type QueryOptions = Parameters<PGlite['query']>[2];
/** A query's options without drizzle's parsers, which a client that `useDrizzleParsers` prepared holds itself. */
export const withoutDrizzleParsers = (options: QueryOptions): QueryOptions =>
  options?.parsers && isDrizzleSet(options.parsers) ? { ...options, parsers: undefined } : options;
