/**
 * Text PostgreSQL refuses (a NUL, a lone UTF-16 surrogate) is a 400 naming the field, and nothing
 * is written (decision 035); a 5xx log line holds no SQL statement.
 */
import { Customer, Role } from '@pruefbuch/domain/roles';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { newTestDatabase } from '../../test/database';
import { member, tag } from '../../test/fixtures/books';
import { orderWorld } from '../../test/fixtures/orders';
import { createTestApp } from '../../test/helper';
import { tempDir } from '../../test/temp-dir';
import { buildApp } from '../app';
import { customerLocations, orders, tenants } from '../db/schema/index';
import { loadConfig } from './config';

const t = await createTestApp();
const db = t.database.db;

const HOSTILE = [
  ['a lone surrogate', '\uD800'],
  ['a NUL', '\u0000'],
] as const;

function expectRefused(res: { statusCode: number; body: string; json: () => unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({
    code: 'INVALID_CHARACTERS',
    details: [{ field, key: 'errors.INVALID_CHARACTERS' }],
  });
  // The reply does not carry the character back.
  expect(res.body).not.toMatch(/\\u0000|\\ud800/i);
}

const locationRows = async (tenantId: string) =>
  (await db.select({ n: count() }).from(customerLocations).where(eq(customerLocations.tenantId, tenantId)))[0]?.n;
const orderRows = async (tenantId: string) =>
  (await db.select({ n: count() }).from(orders).where(eq(orders.tenantId, tenantId)))[0]?.n;

describe.each(HOSTILE)('%s is a 400 naming the field', (_, bad) => {
  it('in a branch address, on create and on update', async () => {
    const tenant = await t.createTenant(`Filialen ${tag()}`);
    const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.api({ method, url, token: office.token, tenant: tenant.id, payload });
    const address = { street: 'Zeil', housenumber: '85', zip: '60313', location: 'Frankfurt', country: 'DE' };

    const refused = await call('POST', '/customerlocation', {
      znl: 'Frankfurt',
      nr: '4101',
      customer: Customer.RETAIL_CUSTOMER,
      address: { ...address, street: `Zeil${bad}` },
    });
    expectRefused(refused, 'address.street');
    expect(await locationRows(tenant.id)).toBe(0);

    const created = await call('POST', '/customerlocation', {
      znl: 'Frankfurt',
      nr: '4101',
      customer: Customer.RETAIL_CUSTOMER,
      address,
    });
    expect(created.statusCode, created.body).toBe(201);
    const loc = created.json() as { _id: string; __v: number };
    const update = await call('PUT', `/customerlocation/${loc._id}`, {
      __v: loc.__v,
      address: { ...address, location: `Frank${bad}furt` },
    });
    expectRefused(update, 'address.location');
    const [row] = await db.select().from(customerLocations).where(eq(customerLocations.id, loc._id));
    expect(row?.version).toBe(loc.__v);
  });

  it('in an order contact block, a door code and the production template', async () => {
    const w = await orderWorld(t, 'Zeichen');
    const before = await orderRows(w.tenantId);
    const cases: [string, Record<string, unknown>][] = [
      [
        'ansprechpartner_kunde.bezeichnung',
        { ansprechpartner_kunde: { bezeichnung: `Frau Meier${bad}`, email: '', tel: '' } },
      ],
      [
        'tuer.antrieb',
        { tuer: { tuertyp: 'schieber', antrieb: `ES200${bad}`, fluegel: '', stromart: '', komponenten: [] } },
      ],
      [
        'tuer.komponenten.1',
        { tuer: { tuertyp: null, antrieb: '', fluegel: '', stromart: '', komponenten: ['a', bad] } },
      ],
      ['fertigung.vorlage', { fertigung: { vorlage: bad } }],
    ];
    for (const [field, payload] of cases) {
      expectRefused(await w.call('POST', '/orders', { objekt: 'Zentrale', ...payload }), field);
    }
    expect(await orderRows(w.tenantId)).toBe(before);

    const order = await w.create();
    for (const [field, payload] of cases) {
      expectRefused(await w.call('PUT', `/orders/${order._id}`, { __v: order.__v, ...payload }), field);
    }
    expect((await w.call('GET', `/orders/${order._id}`)).json()).toMatchObject({ __v: order.__v });
  });

  it('in a free-form block (a book’s misc) and in an object key', async () => {
    const tenant = await t.createTenant(`Bücher ${tag()}`);
    const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
    const post = (payload: object) =>
      t.api({ method: 'POST', url: '/books', token: office.token, tenant: tenant.id, payload });
    expectRefused(await post({ title: 'Tür', misc: { norm: `DIN 18650${bad}` } }), 'misc.norm');
    expectRefused(await post({ title: 'Tür', misc: { [`no${bad}rm`]: 'x' } }), 'misc');
  });
});

it('an emoji (a surrogate pair) is stored as it is', async () => {
  const tenant = await t.createTenant(`Filialen ${tag()}`);
  const office = await member(t, Role.PROJECT_ROLE, [tenant.id]);
  const res = await t.api({
    method: 'POST',
    url: '/customerlocation',
    token: office.token,
    tenant: tenant.id,
    payload: {
      znl: 'Köln 🚪',
      nr: '1',
      customer: Customer.RETAIL_CUSTOMER,
      address: { street: 'Hohe Straße', housenumber: '1', zip: '50667' },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ znl: 'Köln 🚪' });
});

describe('a 5xx log line holds no SQL statement', () => {
  it('keeps the database error’s code and constraint, not the statement or its values', async () => {
    const lines: string[] = [];
    const dataDir = tempDir('pb-storable-');
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: 'https://pruefbuch.example.org',
      WEB_DIST_DIR: '/nonexistent',
    });
    const { database, dispose } = await newTestDatabase();
    const app = await buildApp(config, database, { logStream: { write: (line) => lines.push(line) } });
    // An afterAll made inside a test never runs: the test ends what it made (tempDir its folder).
    onTestFinished(async () => {
      await app.close();
      await dispose();
    });
    const marker = `marker${tag()}`;
    // Routes that fail the way a bug does: a duplicate primary key, and a statement with a literal in it.
    app.post('/api/v1/test/duplicate', { config: { access: 'public' } }, async () => {
      const [tenant] = await database.db.select().from(tenants).limit(1);
      if (!tenant) throw new Error('no tenant');
      await database.db.insert(tenants).values({ ...tenant, name: marker });
      return {};
    });
    app.post('/api/v1/test/division', { config: { access: 'public' } }, async () => {
      await database.db.execute(sql.raw(`select 1 / 0 as ${marker}`));
      return {};
    });
    await app.ready();
    await database.db.insert(tenants).values({ name: `Mandant ${tag()}`, url: `m-${tag()}` });

    const duplicate = await app.inject({ method: 'POST', url: '/api/v1/test/duplicate' });
    const division = await app.inject({ method: 'POST', url: '/api/v1/test/division' });
    expect([duplicate.statusCode, division.statusCode]).toEqual([500, 500]);

    const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.err);
    expect(errors).toHaveLength(2);
    const [dup, div] = errors;
    expect(dup.err).toMatchObject({ type: 'DrizzleQueryError', message: 'Failed query' });
    expect(dup.err.cause).toMatchObject({ code: '23505', constraint: 'tenants_pkey' });
    expect(div.err.cause).toMatchObject({ code: '22012' });
    const log = lines.join('\n');
    expect(log).not.toMatch(/insert into|select 1|"tenants" \(/i);
    expect(log).not.toContain(marker);
  });
});
