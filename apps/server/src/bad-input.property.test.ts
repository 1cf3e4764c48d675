import { randomUUID } from 'node:crypto';
import { Role } from '@pruefbuch/domain/roles';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODIES } from '../test/access-bodies';
import {
  type AccessWorld,
  accessWorld,
  PROFILES,
  type Profile,
  type ProfileUser,
  profileUser,
  urlFor,
} from '../test/access-world';
import { createTestApp, type TestApp } from '../test/helper';
import { writeWatch } from '../test/table-digest';
import { type RouteAccess, routesOf } from './platform/auth';

/**
 * Bad input on every write route with a body schema: bodies generated from the route's Zod schema,
 * valid-shaped (naming the ids of the tenant's world, so that many reach the handler) and mutated
 * (wrong types, extra keys, huge strings, NUL bytes, unicode, negative numbers, deep nesting), sent
 * by an admin of the tenant. Never a 5xx; a refused request (4xx) changes no row of any table (a
 * digest of every table of the schema, test/table-digest.ts).
 * PROPERTY_RUNS sets the runs per route (50 by default).
 */

// 50 bodies per route in `npm test`; 10 more, of another seed, in the PostgreSQL pass (scripts/test-pg.mjs): the
// refusals are the same code on both databases. PROPERTY_RUNS=1000 for a longer search before a release.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 50);
/** The bodies' random seed, the same for every route: printed with the findings, PROPERTY_SEED replays a run. */
const SEED = Number(process.env.PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));
/**
 * The tables a refused request writes by design, per route: a failed sign-in is recorded for the
 * lockout (platform/lockout.ts). Every other table of every route must stay as it was (decision 042).
 */
const REFUSED_WRITES: Record<string, readonly string[]> = {
  'POST /api/v1/users/login': ['auth_failures'],
};
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

/** The ids of the tenant's world (its books, records, orders, branches …): a body that names them reaches the handler. */
let worldIds: string[] = [];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function idsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string' && UUID.test(value)) into.add(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) idsIn(v, into);
  return into;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A string of the schema's format, mostly valid (an id of the world, a date near today, a mail address). */
function formatted(format: unknown): fc.Arbitrary<string> | null {
  switch (format) {
    case 'uuid':
    case 'guid':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...worldIds) }, { weight: 1, arbitrary: fc.uuid() });
    case 'date':
      return fc.integer({ min: -400, max: 400 }).map(day);
    case 'datetime':
      return fc.integer({ min: -400, max: 400 }).map((n) => new Date(Date.now() + n * 86_400_000).toISOString());
    case 'email':
      return fc.emailAddress();
    default:
      return null;
  }
}

/** A small walk over Zod 4 schemas (`_zod.def`) for the types the API's bodies use. */
function arb(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const d = defOf(schema);
  const next = (s: unknown) => arb(s, depth + 1);
  switch (d.type) {
    case 'object': {
      const shape = d.shape as Record<string, unknown>;
      const entries = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, next(v)]));
      // Every key as often as some left out: a body must often pass validation to reach the handler.
      return fc.oneof(fc.record(entries), fc.record(entries, { requiredKeys: [] }));
    }
    case 'string':
      return formatted(d.format) ?? fc.oneof(fc.string(), fc.constant(day(0)), fc.constantFrom(...worldIds), fc.uuid());
    case 'number':
    case 'int':
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 0, max: 10 }) },
        { weight: 1, arbitrary: fc.integer({ min: -5, max: 1000 }) },
        { weight: 1, arbitrary: fc.double({ noNaN: true }) },
      );
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

describe('bad input on the write routes', () => {
  let t: TestApp;
  let A: AccessWorld;
  let admin: ProfileUser;
  let routes: RouteAccess[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    A = await accessWorld(t, 'Mandant A');
    admin = await profileUser(t, { label: 'ADMIN_ROLE', role: Role.ADMIN_ROLE, customerRole: null, auswertung: true }, [
      A.tenantId,
    ]);
    worldIds = [...idsIn(A), ...idsIn(admin)];
    routes = routesOf(t.app).filter((r) => r.method !== 'GET' && r.schema?.body && !SKIP.has(`${r.method} ${r.url}`));
  }, 60_000);

  it('answers no generated body with a 5xx, and a refused one writes nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    // How the answers split: bodies that pass validation and are refused later are the ones a handler could half-write.
    const answers: Record<string, number> = {};
    // Every table's digest as of the last write: a refused request must leave each as it was.
    const watch = await writeWatch(t.database.db);
    for (const r of routes) {
      const url = urlFor(r, A, admin, true);
      const key = `${r.method} ${r.url}`;
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
          const kind = res.statusCode < 400 ? '2xx/3xx' : res.statusCode === 400 ? '400' : `${res.statusCode}`;
          answers[kind] = (answers[kind] ?? 0) + 1;
          const short = (JSON.stringify(body) ?? 'undefined').slice(0, 160);
          const written = (await watch.written()).filter((n) => !REFUSED_WRITES[key]?.includes(n));
          if (res.statusCode >= 500) {
            failures.push(`${key}: ${res.statusCode} ${res.body.slice(0, 160)} body=${short}`);
          } else if (res.statusCode >= 400 && written.length) {
            failures.push(`${key}: ${res.statusCode} but wrote ${written.join(', ')}; body=${short}`);
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
    console.log(`bad input: seed ${SEED}, ${watch.tables.length} tables digested ${watch.digests()} times`);
    console.log(`bad input: ${routes.length} write routes × ${RUNS} runs = ${sent} requests`, answers);
    expect(failures.slice(0, 50)).toEqual([]);
  }, 900_000);

  it('a write route refused for a record that does not exist, or for the state of one that does, writes nothing', async () => {
    // Every write route, with a body schema or without: its path with each id of the world replaced by
    // an unknown one (with a few valid-shaped bodies), and a route without a body also for the world's
    // own records, whose state may refuse it (409).
    const writes = routesOf(t.app).filter(
      (r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && !SKIP.has(`${r.method} ${r.url}`),
    );
    const known = new Set(worldIds);
    const failures: string[] = [];
    const answers: Record<string, number> = {};
    const watch = await writeWatch(t.database.db);
    for (const r of writes) {
      const key = `${r.method} ${r.url}`;
      const own = urlFor(r, A, admin, true);
      const [path = '', query] = own.split('?');
      const unknown = path
        .split('/')
        .map((part) => (known.has(part) ? randomUUID() : part))
        .join('/');
      const calls: { url: string; body?: unknown }[] = [];
      if (unknown !== path) {
        const url = query ? `${unknown}?${query}` : unknown;
        if (r.schema?.body)
          for (const body of fc.sample(arb(r.schema.body), { numRuns: 3, seed: SEED })) calls.push({ url, body });
        else calls.push({ url });
      }
      if (!r.schema?.body) calls.push({ url: own });
      for (const call of calls) {
        const res = await t.api({
          method: r.method as 'POST',
          url: call.url,
          token: admin.token,
          tenant: A.tenantId,
          ...(call.body === undefined
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(call.body) }),
        });
        answers[res.statusCode] = (answers[res.statusCode] ?? 0) + 1;
        const written = (await watch.written()).filter((n) => !REFUSED_WRITES[key]?.includes(n));
        const short = `${call.url} body=${(JSON.stringify(call.body) ?? '').slice(0, 120)}`;
        if (res.statusCode >= 500) failures.push(`${key}: ${res.statusCode} ${res.body.slice(0, 160)} ${short}`);
        else if (res.statusCode >= 400 && written.length)
          failures.push(`${key}: ${res.statusCode} but wrote ${written.join(', ')}; ${short}`);
      }
    }
    console.log(`unknown ids and own records: ${writes.length} write routes`, answers);
    expect(failures).toEqual([]);
  }, 300_000);

  it('a caller of any role whose valid call is refused writes nothing', async () => {
    // Every signed-in write route with its valid call (test/access-bodies.ts, as the access matrix sends
    // it) from a few profiles drawn per route: a refusal of the role (403) or of the state (404, 409)
    // must leave every table as it was. DELETEs last: they remove the world's records.
    const writes = routesOf(t.app)
      .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && !SKIP.has(`${r.method} ${r.url}`))
      .filter((r) => r.access !== 'public' && r.access !== 'mfa')
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    // A world of its own: the tests before changed and deleted records of A.
    const W = await accessWorld(t, 'Mandant W');
    const users = new Map<string, ProfileUser>();
    for (const p of PROFILES) users.set(p.label, await profileUser(t, p, [W.tenantId], W));
    const perRoute = Math.max(2, Math.round(RUNS / 25));
    const failures: string[] = [];
    const answers: Record<string, number> = {};
    const watch = await writeWatch(t.database.db);
    for (const [i, r] of writes.entries()) {
      const key = `${r.method} ${r.url}`;
      const drawn = fc.sample(fc.shuffledSubarray(PROFILES, { minLength: perRoute, maxLength: perRoute }), {
        numRuns: 1,
        seed: SEED + i,
      })[0] as Profile[];
      for (const p of drawn) {
        const u = users.get(p.label) as ProfileUser;
        const body = BODIES[key];
        const call = body ? await body(t, W, p.role) : null;
        // Building the call may read or sign in an admin: that is not the request's write.
        await watch.written();
        const res = await t.api({
          method: r.method as 'POST',
          url: urlFor(r, W, u, true),
          token: u.token,
          tenant: W.tenantId,
          ...(call ? { payload: call.payload, headers: call.headers } : {}),
        });
        answers[res.statusCode] = (answers[res.statusCode] ?? 0) + 1;
        const written = (await watch.written()).filter((n) => !REFUSED_WRITES[key]?.includes(n));
        if (res.statusCode >= 500) failures.push(`${key} as ${p.label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        else if (res.statusCode >= 400 && written.length)
          failures.push(`${key} as ${p.label}: ${res.statusCode} but wrote ${written.join(', ')}`);
      }
    }
    console.log(`valid calls by drawn roles: ${writes.length} write routes × ${perRoute} profiles`, answers);
    expect(failures).toEqual([]);
  }, 300_000);
});
