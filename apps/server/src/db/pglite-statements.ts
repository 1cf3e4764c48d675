/**
 * PGlite's queries as named prepared statements, each run in one call into the database. PGlite (0.5) runs a
 * query as six calls into its WebAssembly Postgres (parse, describe, bind, describe, execute, sync), and
 * Postgres parses and analyses the text anew each time. Here a query's text is prepared once as a named
 * statement, its parameter types and columns kept; later runs of the same text bind, execute and sync in one
 * call. PostgreSQL drivers such as postgres.js prepare statements so by default.
 *
 * The rows, errors and notices are PGlite's own: its parsers and serializers, its locks (a query outside a
 * transaction waits for an open one), its DatabaseError with the query and parameters on it. The statements
 * of texts not run for a while are closed: at most `MAX_STATEMENTS` stay prepared per client.
 *
 * Measured on a 2-core machine (decision 066): a lookup by key through drizzle 161–234 µs of CPU instead of
 * 385–477 µs (`node --import tsx bench/pglite-queries.ts`); the server's cheap read on PGlite 1,396 and 2,128
 * requests a second at 10 clients instead of 689 and 900 (bench/scaling.ts); `npm test` 210 s instead of 244 s.
 */
import { type PGlite, parse, protocol, type Transaction } from '@electric-sql/pglite';
import type { QueryOptions } from './pglite-parsers';

type Results = Awaited<ReturnType<PGlite['query']>>;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

const { serialize } = protocol;

/** How many statements one client keeps prepared; the least recently used is closed first. */
export const MAX_STATEMENTS = 250;

interface Statement {
  name: string;
  /** The parameter types Postgres inferred, which choose each value's serializer. */
  types: number[];
  /** The columns of its rows, as Postgres described the statement; none for a statement without rows. */
  columns: BackendMessage | undefined;
  /** FETCH, EXECUTE and CALL: their columns are those of the cursor, statement or procedure they run. */
  describeEachRun: boolean;
}

interface Statements {
  byText: Map<string, Statement>;
  /** Statements evicted from the map, closed with the next call into the database. */
  toClose: string[];
}

/** Statements whose rows' columns are known only when they run. */
const COLUMNS_AT_RUN = /^\s*(fetch|execute|call)\b/i;
/**
 * Statements that may change what other statements read or take (a column's type, a table's columns). After
 * one, every kept statement is prepared again: inside a transaction a changed statement could not be retried.
 */
const CHANGES_SCHEMA = /^(CREATE|ALTER|DROP|DO)\b/;

/** Forgets every kept statement; each is closed with the next call. */
function forgetAll(s: Statements) {
  for (const { name } of s.byText.values()) s.toClose.push(name);
  s.byText.clear();
}

/** The Close messages of the statements waiting to be closed, which go with the next call. */
const closeMessages = (s: Statements) => s.toClose.splice(0).map((name) => serialize.close({ type: 'S', name }));

const statementsOf = new WeakMap<PGlite, Statements>();
function statements(client: PGlite): Statements {
  const kept = statementsOf.get(client);
  if (kept) return kept;
  const s: Statements = { byText: new Map(), toClose: [] };
  statementsOf.set(client, s);
  return s;
}
/** Names are unique in the process: two views of one client (the tests' leases) never take the same name. */
let named = 0;

/** Sends the messages in one call; a database error is thrown once the batch (with its sync) has run. */
const send = (client: PGlite, parts: Uint8Array[], options: QueryOptions) =>
  client.execProtocolStream(Buffer.concat(parts), { syncToFs: false, onNotice: options?.onNotice });

/** The error as PGlite's query throws it: with the query, its parameters and options on it. */
function asQueryError(error: unknown, query: string, params: unknown[], options: QueryOptions) {
  if (error && typeof error === 'object' && 'severity' in error)
    Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/**
 * The statement is gone or no longer fits: its result columns changed since it was prepared (0A000), or it was
 * closed by someone else (26000, e.g. by DISCARD ALL).
 */
const isStale = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === '26000' || (code === '0A000' && /cached plan must not change result type/.test(String(error)));
};

async function prepare(client: PGlite, s: Statements, query: string, params: unknown[], options: QueryOptions) {
  const name = `pb${named++}`;
  const closing = closeMessages(s);
  let described: BackendMessage[];
  try {
    described = await send(
      client,
      [...closing, serialize.parse({ name, text: query }), serialize.describe({ type: 'S', name }), serialize.sync()],
      options,
    );
  } catch (error) {
    throw asQueryError(error, query, params, options);
  }
  // A statement whose columns are known only when it runs is described each time it runs.
  const describeEachRun = COLUMNS_AT_RUN.test(query);
  const statement = {
    name,
    types: parse.parseDescribeStatementResults(described),
    columns: describeEachRun ? undefined : described.find((m) => m.name === 'rowDescription'),
    describeEachRun,
  };
  s.byText.set(query, statement);
  if (s.byText.size > MAX_STATEMENTS) {
    const [oldest] = s.byText;
    if (oldest) {
      s.byText.delete(oldest[0]);
      s.toClose.push(oldest[1].name);
    }
  }
  return statement;
}

/** Runs one query on the client's connection; the caller holds PGlite's query lock. */
async function run(
  client: PGlite,
  query: string,
  params: unknown[],
  options: QueryOptions,
  retry = true,
): Promise<Results> {
  const s = statements(client);
  let statement = s.byText.get(query);
  if (statement) {
    // Most recently used last: the map's first entry is the one to evict.
    s.byText.delete(query);
    s.byText.set(query, statement);
  } else {
    statement = await prepare(client, s, query, params, options);
  }
  const { types } = statement;
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = options?.serializers?.[types[i] as number] ?? client.serializers[types[i] as number];
    return serializer ? serializer(value) : String(value);
  });
  const closing = closeMessages(s);
  let messages: BackendMessage[];
  try {
    messages = await send(
      client,
      [
        ...closing,
        serialize.bind({ statement: statement.name, values }),
        ...(statement.describeEachRun ? [serialize.describe({ type: 'P' })] : []),
        serialize.execute({}),
        serialize.sync(),
      ],
      options,
    );
  } catch (error) {
    if (isStale(error)) {
      // The schema changed under the kept statements: all of them are prepared again.
      forgetAll(s);
      // Outside a transaction nothing was done: the query runs again, prepared anew.
      if (retry && !client.isInTransaction()) return run(client, query, params, options, false);
    }
    throw asQueryError(error, query, params, options);
  }
  const done = messages.find((m) => m.name === 'commandComplete') as { text?: string } | undefined;
  if (CHANGES_SCHEMA.test(done?.text ?? '')) forgetAll(s);
  // The rows' columns are the statement's, described once when it was prepared.
  if (statement.columns) messages.unshift(statement.columns);
  return parse.parseResults(messages, client.parsers, options)[0] as Results;
}

/**
 * Whether this path answers the query: PGlite's own takes what drizzle never asks, a blob to copy from or to
 * (COPY … '/dev/blob') and parameter types of the caller's.
 */
const handles = (query: string, options: QueryOptions) =>
  !options?.blob && !options?.paramTypes && !query.includes('/dev/blob');

/** `client.query` through prepared statements. */
export async function preparedQuery(client: PGlite, query: string, params: unknown[] = [], options?: QueryOptions) {
  if (!handles(query, options)) return client.query(query, params, options);
  await client._checkReady();
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const result = await run(client, query, params, options);
      await client.syncToFs();
      return result;
    }),
  );
}

/** `tx.query` of a transaction of `client` through prepared statements. */
export async function preparedTransactionQuery(
  client: PGlite,
  tx: Transaction,
  query: string,
  params: unknown[] = [],
  options?: QueryOptions,
) {
  if (!handles(query, options)) return tx.query(query, params, options);
  if (tx.closed) throw new Error('Transaction is closed');
  return client._runExclusiveQuery(() => run(client, query, params, options));
}
