import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_STATEMENTS, preparedQuery, preparedTransactionQuery } from './pglite-statements';

const client = new PGlite();
await client.waitReady;
afterAll(() => client.close());

/** Counts the calls into the WebAssembly Postgres while `work` runs. */
async function callsOf<T>(work: () => Promise<T>) {
  const own = client.execProtocolStream.bind(client);
  let calls = 0;
  client.execProtocolStream = (...args) => {
    calls++;
    return own(...args);
  };
  try {
    const result = await work();
    return { result, calls };
  } finally {
    client.execProtocolStream = own;
  }
}

const prepared = async () =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (r) => r.name,
  );

/** A parameter of each kind the app's queries pass, each against the column type Postgres infers for it. */
const TYPED = `select $1::int as i, $2::numeric as n, $3::bool as b, $4::text as t, $5::timestamptz as at, $6::date as d,
  $7::jsonb as j, $8::text[] as texts, $9::int[] as ints, $10::uuid as id, $11::bytea as bytes, $12::text as nothing`;
const PARAMS = [
  42,
  '12.50',
  true,
  'Prüfbuch „Tür“',
  new Date('2026-11-29T09:15:00Z'),
  '2026-11-29',
  { a: [1, 'ü'] },
  ['a', 'b,c', 'd"e'],
  [1, 2],
  '0193a7a0-0000-7000-8000-000000000001',
  new Uint8Array([0, 1, 255]),
  null,
];

describe('PGlite queries as prepared statements (db/pglite-statements.ts)', () => {
  it('answers every kind of parameter and column as PGlite’s own query does, in both row modes', async () => {
    for (const rowMode of ['object', 'array'] as const) {
      const own = await client.query(TYPED, PARAMS, { rowMode });
      const first = await preparedQuery(client, TYPED, PARAMS, { rowMode });
      const again = await preparedQuery(client, TYPED, PARAMS, { rowMode });
      expect(first.rows).toEqual(own.rows);
      expect(again.rows).toEqual(own.rows);
      expect(again.fields).toEqual(own.fields);
    }
  });

  it('prepares a query once: the first run takes two calls into the database, every later run one', async () => {
    const text = 'select $1::int + 1 as next';
    const first = await callsOf(() => preparedQuery(client, text, [1]));
    const second = await callsOf(() => preparedQuery(client, text, [2]));
    expect(first).toMatchObject({ calls: 2, result: { rows: [{ next: 2 }] } });
    expect(second).toMatchObject({ calls: 1, result: { rows: [{ next: 3 }] } });
  });

  it('answers a write without rows with its count, and one with RETURNING with its rows', async () => {
    await client.exec('create table items (id serial primary key, name text unique not null)');
    const insert = await preparedQuery(client, 'insert into items (name) values ($1), ($2)', ['a', 'b']);
    expect(insert).toMatchObject({ rows: [], affectedRows: 2 });
    const returning = await preparedQuery(client, 'insert into items (name) values ($1) returning id, name', ['c']);
    expect(returning.rows).toEqual([{ id: 3, name: 'c' }]);
  });

  it('throws the database’s error with the query on it, and the statement still works after', async () => {
    const text = 'insert into items (name) values ($1)';
    await preparedQuery(client, text, ['unique-1']);
    const error = await preparedQuery(client, text, ['unique-1']).catch((e) => e);
    expect(error).toMatchObject({ code: '23505', query: text, params: ['unique-1'] });
    await expect(preparedQuery(client, text, ['unique-2'])).resolves.toMatchObject({ affectedRows: 1 });
  });

  it('keeps no statement of a query Postgres refused, and answers the next query', async () => {
    const before = await prepared();
    await expect(preparedQuery(client, 'selec 1')).rejects.toMatchObject({ code: '42601', query: 'selec 1' });
    expect(await prepared()).toEqual(before);
    await expect(preparedQuery(client, 'select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  it('runs in a transaction, undone by its rollback, while a query outside waits for it', async () => {
    const order: string[] = [];
    const outside = new Promise<void>((resolve) => setTimeout(resolve, 5)).then(async () => {
      const { rows } = await preparedQuery(client, 'select count(*)::int as n from items where name = $1', ['tx']);
      order.push(`outside saw ${(rows[0] as { n: number }).n}`);
    });
    await client
      .transaction(async (tx) => {
        await preparedTransactionQuery(client, tx, 'insert into items (name) values ($1)', ['tx']);
        await new Promise((resolve) => setTimeout(resolve, 30));
        const { rows } = await preparedTransactionQuery(
          client,
          tx,
          'select count(*)::int as n from items where name = $1',
          ['tx'],
        );
        order.push(`inside saw ${(rows[0] as { n: number }).n}`);
        throw new Error('undo');
      })
      .catch(() => {});
    await outside;
    expect(order).toEqual(['inside saw 1', 'outside saw 0']);
  });

  it('refuses a query on a transaction that is over', async () => {
    let done: Parameters<Parameters<PGlite['transaction']>[0]>[0] | undefined;
    await client.transaction(async (tx) => {
      done = tx;
    });
    await expect(preparedTransactionQuery(client, done as never, 'select 1')).rejects.toThrow('Transaction is closed');
  });

  it('prepares a query again whose table changed its columns since', async () => {
    await client.exec('create table shapes (a int); insert into shapes values (1)');
    expect((await preparedQuery(client, 'select * from shapes')).rows).toEqual([{ a: 1 }]);
    await client.exec('alter table shapes add column b text default $$x$$');
    expect((await preparedQuery(client, 'select * from shapes')).rows).toEqual([{ a: 1, b: 'x' }]);
  });

  it('prepares the kept statements again after a schema change in a transaction, as PGlite’s own query reads it', async () => {
    await client.exec('create table later (a int); insert into later values (1); create table typed (x int)');
    await preparedQuery(client, 'select * from later');
    await preparedQuery(client, 'insert into typed (x) values ($1)', [1]);
    const rows = await client.transaction(async (tx) => {
      await preparedTransactionQuery(client, tx, 'alter table later add column b int');
      await preparedTransactionQuery(client, tx, 'alter table typed alter column x type text');
      await preparedTransactionQuery(client, tx, 'insert into typed (x) values ($1)', ['abc']);
      return (await preparedTransactionQuery(client, tx, 'select * from later')).rows;
    });
    expect(rows).toEqual([{ a: 1, b: null }]);
    expect((await preparedQuery(client, 'select x from typed order by x')).rows).toEqual([{ x: '1' }, { x: 'abc' }]);
  });

  it('describes a FETCH each time it runs: its columns are its cursor’s', async () => {
    const fetchOf = (declare: string) =>
      client.transaction(async (tx) => {
        await tx.exec(declare);
        return (await preparedTransactionQuery(client, tx, 'fetch 1 from c')).rows;
      });
    expect(await fetchOf('declare c cursor for select 1 as one')).toEqual([{ one: 1 }]);
    expect(await fetchOf(`declare c cursor for select 'x' as two, 2 as three`)).toEqual([{ two: 'x', three: 2 }]);
  });

  it('hands a notice the query raised to its onNotice, as PGlite’s own query does', async () => {
    await client.exec(
      `create function say_hi() returns int language plpgsql as $$ begin raise notice 'hi'; return 1; end $$`,
    );
    const heard: string[] = [];
    await preparedQuery(client, 'select say_hi()', [], { onNotice: (notice) => heard.push(notice.message ?? '') });
    await preparedQuery(client, 'select say_hi()', [], { onNotice: (notice) => heard.push(notice.message ?? '') });
    expect(heard).toEqual(['hi', 'hi']);
  });

  it('leaves a COPY to a blob to PGlite’s own query, which hands the blob back', async () => {
    const result = await preparedQuery(client, `copy (select 1 as n) to '/dev/blob'`);
    expect(await result.blob?.text()).toBe('1\n');
  });

  it('prepares a query again whose statement someone else closed (DISCARD ALL, as the tests’ databases do)', async () => {
    const text = 'select $1::int * 2 as twice';
    await preparedQuery(client, text, [1]);
    await client.exec('discard all');
    expect(await prepared()).toEqual([]);
    expect((await preparedQuery(client, text, [2])).rows).toEqual([{ twice: 4 }]);
  });

  it('keeps at most MAX_STATEMENTS prepared, closing the least recently used', async () => {
    const kept = 'select $1::text as kept';
    for (let i = 0; i < MAX_STATEMENTS + 20; i++) {
      await preparedQuery(client, `select ${i} as n`);
      if (i % 50 === 0) await preparedQuery(client, kept, ['x']);
    }
    const names = await prepared();
    expect(names.length).toBeLessThanOrEqual(MAX_STATEMENTS + 1);
    // The query used now and then is still prepared: it runs in one call.
    expect((await callsOf(() => preparedQuery(client, kept, ['y']))).calls).toBe(1);
    // The first of the one-off queries was closed: it is prepared again.
    expect((await callsOf(() => preparedQuery(client, 'select 0 as n'))).calls).toBe(2);
  });

  it('delivers a notice its query committed, as PGlite’s query does', async () => {
    const heard: string[] = [];
    const unlisten = await client.listen('changes', (payload) => heard.push(payload));
    await preparedQuery(client, `select pg_notify('changes', $1)`, ['order 1']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toEqual(['order 1']);
    await unlisten();
  });
});
