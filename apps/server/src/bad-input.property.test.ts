import { Role } from '@pruefbuch/domain/roles';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AccessWorld, accessWorld, type ProfileUser, profileUser, urlFor } from '../test/access-world';
import { createTestApp, type TestApp } from '../test/helper';
import { type RouteAccess, routesOf } from './platform/auth';

/**
 * Bad input on every write route with a body schema: bodies generated from the route's Zod schema,
 * valid-shaped and mutated (wrong types, extra keys, huge strings, NUL bytes, unicode, negative
 * numbers, deep nesting), sent by an admin of the tenant. Never a 5xx; a refused request (4xx)
 * changes no row of the main tables. PROPERTY_RUNS sets the runs per route (50 by default, CI included).
 */

// 50 bodies per route in `npm test` and in CI; PROPERTY_RUNS=1000 for a longer search before a release.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 50);
/** Routes that end the caller's session or are rate limited per address: they get no random bodies. */
const SKIP = new Set(['POST /api/v1/users/logout']);

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;

const nasty = fc.oneof(
  fc.constant('\u0000'),
  fc.constant('a\u0000b'),
  fc.constant('x'.repeat(100_000)),
  fc.constant('0000-01-01'),
  fc.constant('9999-99-99'),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(-1, -1e308, 1e308, 0.5, Number.MAX_SAFE_INTEGER + 2),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constant(JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`)),
  fc.constant(JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`)),
);

/** A small walk over Zod 4 schemas (`_zod.def`) for the types the API's bodies use. */
function arb(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const d = defOf(schema);
  const next = (s: unknown) => arb(s, depth + 1);
  switch (d.type) {
    case 'object': {
      const shape = d.shape as Record<string, unknown>;
      const entries = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, next(v)]));
      return fc.record(entries, { requiredKeys: [] });
    }
    case 'string':
      return fc.oneof(fc.string(), fc.constant(new Date().toISOString().slice(0, 10)), fc.uuid());
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'array':
      return fc.array(next(d.element), { maxLength: 3 });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fc.oneof(next(d.innerType), fc.constant(undefined));
    case 'pipe':
      return next(d.in);
    case 'union':
      return fc.oneof(...(d.options as unknown[]).map(next));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 5 }), next(d.valueType), { maxKeys: 3 });
    case 'lazy':
      return next((d.getter as () => unknown)());
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** A body: valid-shaped, with one field replaced by a nasty value, with an extra key, or anything. */
function bodies(schema: unknown): fc.Arbitrary<unknown> {
  const shaped = arb(schema);
  const mutated = fc.tuple(shaped, fc.string({ maxLength: 12 }), nasty).map(([b, key, bad]) => {
    if (!b || typeof b !== 'object' || Array.isArray(b)) return bad;
    const keys = Object.keys(b);
    const k = keys.length ? (keys[key.length % keys.length] as string) : key;
    return { ...b, [k]: bad };
  });
  const extra = shaped.map((b) => (b && typeof b === 'object' ? { ...b, __proto__x: 1, zzz: 'extra' } : b));
  return fc.oneof(shaped, mutated, mutated, extra, nasty, fc.anything({ maxDepth: 3 }));
}

const TABLES = [
  'tenants',
  'users',
  'folders',
  'books',
  'book_types',
  'blobs',
  'inspections',
  'qr_codes',
  'defect_reports',
  'pdf_assets',
  'offers',
  'offer_files',
  'offer_last_searches',
  'orders',
  'cost_lists',
  'capacity_settings',
  'capacity_timeslots',
];
const countQuery = sql.raw(`select ${TABLES.map((n) => `(select count(*) from ${n})::int as ${n}`).join(', ')}`);

describe('bad input on the write routes', () => {
  let t: TestApp;
  let A: AccessWorld;
  let admin: ProfileUser;
  let routes: RouteAccess[] = [];
  const counts = async () => {
    const res = await t.database.db.execute(countQuery);
    return JSON.stringify((res as unknown as { rows: unknown[] }).rows[0]);
  };

  beforeAll(async () => {
    t = await createTestApp();
    A = await accessWorld(t, 'Mandant A');
    admin = await profileUser(t, { label: 'ADMIN_ROLE', role: Role.ADMIN_ROLE, customerRole: null, auswertung: true }, [
      A.tenantId,
    ]);
    routes = routesOf(t.app).filter((r) => r.method !== 'GET' && r.schema?.body && !SKIP.has(`${r.method} ${r.url}`));
  }, 60_000);

  it('answers no generated body with a 5xx, and a refused one writes nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const r of routes) {
      const url = urlFor(r, A, admin, true);
      // The row counts as of the last request: a refused request must leave them as they were;
      // after an accepted one they are read again (one count query per request).
      let known = await counts();
      await fc.assert(
        fc.asyncProperty(bodies(r.schema?.body), async (body) => {
          const res = await t.api({
            method: r.method as 'POST',
            url,
            token: admin.token,
            tenant: A.tenantId,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          });
          sent++;
          const short = (JSON.stringify(body) ?? 'undefined').slice(0, 160);
          const now = await counts();
          if (res.statusCode >= 500) {
            failures.push(`${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 160)} body=${short}`);
          } else if (res.statusCode >= 400 && now !== known) {
            failures.push(`${r.method} ${r.url}: ${res.statusCode} but rows changed; body=${short}`);
          }
          known = now;
        }),
        { numRuns: RUNS },
      );
    }
    console.log(`bad input: ${routes.length} write routes × ${RUNS} runs = ${sent} requests`);
    expect(failures.slice(0, 50)).toEqual([]);
  }, 900_000);
});
