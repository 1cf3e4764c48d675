/**
 * The embedded PGlite as drizzle's PGlite driver sees it: the client holds drizzle's result parsers
 * (pglite-parsers.ts), and each query, also in a transaction, runs as a prepared statement (pglite-statements.ts).
 * Everything else is the client's own.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { type QueryOptions, useDrizzleParsers, withoutDrizzleParsers } from './pglite-parsers';
import { preparedQuery, preparedTransactionQuery } from './pglite-statements';

/** The client for drizzle: give it a client that is ready (after `waitReady`). */
export function forDrizzle(client: PGlite): PGlite {
  useDrizzleParsers(client);
  const query = (text: string, params?: unknown[], options?: QueryOptions) =>
    preparedQuery(client, text, params, withoutDrizzleParsers(options));
  const inTransaction = (tx: Transaction) =>
    new Proxy(tx, {
      get: (t, key) =>
        key === 'query'
          ? (text: string, params?: unknown[], options?: QueryOptions) =>
              preparedTransactionQuery(client, t, text, params, withoutDrizzleParsers(options))
          : Reflect.get(t, key, t),
    });
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') {
        return (callback: Parameters<PGlite['transaction']>[0]) =>
          target.transaction((tx) => callback(inTransaction(tx)));
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' && key !== 'constructor' ? value.bind(target) : value;
    },
  });
}
