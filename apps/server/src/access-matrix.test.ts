import { API_ACCESS, type ApiAccess, mayCall } from '@pruefbuch/domain/access';
import { Role, type RoleNumber } from '@pruefbuch/domain/roles';
import { FIELD_GROUPS, type FieldEntity } from '@pruefbuch/domain/rules/field-permissions';
import { MAW_ENTRY_DEFAULTS } from '@pruefbuch/domain/schemas/order';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODIES, current, DELETE_DOMAIN, DOMAIN_WITHOUT_BODY, type WriteCall } from '../test/access-bodies';
import {
  type AccessWorld,
  accessWorld,
  PLAIN,
  PROFILES,
  type Profile,
  type ProfileUser,
  params,
  profileUser,
  QUERY,
  queryKeys,
  urlFor,
} from '../test/access-world';
import { createTestApp, type TestApp } from '../test/helper';
import { type RouteAccess, routesOf } from './platform/auth';

/**
 * The access matrix of issue 9: every /api route × the 15 demo profiles × three tenant situations,
 * checked against the domain's access table (API_ACCESS, BRANCH_ACCESS via mayCall):
 * - own:     tenant header A, path and query name data of A;
 * - other:   tenant header A, path and query name data of tenant B (a tenant the caller is not in);
 * - foreign: tenant header B itself.
 * A route whose access rule is not in the table, or whose path parameter this file cannot fill,
 * fails the test: a new route is covered the day it lands. Write routes get valid bodies
 * (test/access-bodies.ts; a PUT the current record): on its own data an allowed caller gets 2xx or
 * the domain's documented answer, on another tenant's data 404, everybody else 403.
 */

/**
 * - elsewhere (branch profiles only, decision 019): tenant header A, the data of a book of A in a
 *   location the caller is not assigned and whose customer is not theirs.
 */
type Situation = 'own' | 'other' | 'foreign' | 'elsewhere';
const SITUATIONS: Situation[] = ['foreign', 'other', 'own', 'elsewhere'];
const isBranch = (p: Profile) => p.role === Role.ROLE_FILIALE;

/** Whether the route's path or query names data of a tenant (a book, a folder, the tenant...). */
function namesTenantData(r: RouteAccess) {
  const first = r.url.split('/')[3] ?? '';
  const path = params(r.url).filter((p) => !(p in PLAIN) && !(p === 'id' && first === 'booktype'));
  return path.length > 0 || queryKeys(r).some((k) => k in QUERY && k !== 'abbreviation');
}

/** Routes on another user's data that some roles may not act on at all: 403, by design. */
const OTHERS_FORBIDDEN: Record<string, readonly number[]> = {
  // Service technicians see only their own daily list (lists.service dailyInspections).
  'GET /api/v1/lists/allDailyInspectionUser/:userId': [Role.ROLE_SERVICE_TECHNIKER],
};

const SESSION_ENDING = new Set(['POST /api/v1/users/logout']);

/** Deletes run last (a tenant's own deletion at the very end), so earlier cases find their data. */
const order = (r: RouteAccess) => (r.method !== 'DELETE' ? 0 : r.url === '/api/v1/tenants/:id' ? 2 : 1);

describe('access matrix', () => {
  let t: TestApp;
  let A: AccessWorld;
  let B: AccessWorld;
  const users = new Map<string, ProfileUser>();
  let routes: RouteAccess[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    A = await accessWorld(t, 'Mandant A');
    B = await accessWorld(t, 'Mandant B');
    for (const p of PROFILES) users.set(p.label, await profileUser(t, p, [A.tenantId], A));
    routes = [...routesOf(t.app)].sort((a, b) => order(a) - order(b));
  }, 60_000);

  it('every route names an access rule of the domain table and every path parameter has a fixture', () => {
    expect(routes.length).toBeGreaterThan(100);
    const unknown = routes.filter((r) => r.access !== 'public' && r.access !== 'mfa' && !(r.access in API_ACCESS));
    expect(unknown.map((r) => `${r.method} ${r.url} → ${r.access}`)).toEqual([]);
    for (const r of routes) expect(() => urlFor(r, A, A.owner, true)).not.toThrow();
  });

  it('every signed-in write route that takes a body or a file has a valid call (test/access-bodies.ts)', () => {
    const takesInput = (r: RouteAccess) =>
      Boolean(r.schema?.body) || ((r.schema as { consumes?: string[] } | undefined)?.consumes ?? []).length > 0;
    const missing = routes.filter(
      (r) => r.access !== 'public' && r.access !== 'mfa' && takesInput(r) && !BODIES[`${r.method} ${r.url}`],
    );
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('answers every route × profile × tenant situation as the access table says', async () => {
    const failures: string[] = [];
    let cases = 0;
    /**
     * The call with the route's valid body for world w; `{}` where the guard answers before the body is
     * read (a role the table refuses, a foreign tenant header), which saves building it.
     */
    const send = async (
      r: RouteAccess,
      url: string,
      token: string | undefined,
      tenant: string | undefined,
      w: AccessWorld | null = A,
      role: RoleNumber = Role.STANDARD_ROLE,
    ) => {
      const body = w ? BODIES[`${r.method} ${r.url}`] : undefined;
      const call: WriteCall | null = body && w ? await body(t, w, role) : null;
      const res = await t.api({
        method: r.method as 'GET',
        url,
        token,
        tenant,
        ...(call ? { payload: call.payload, headers: call.headers } : r.schema?.body ? { payload: {} } : {}),
      });
      return Object.assign(res, { call });
    };

    for (const r of routes) {
      if (r.access === 'public' || r.access === 'mfa') {
        const caller = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [A.tenantId] });
        const token = r.access === 'mfa' ? await t.app.deps.tokens.signMfa(caller.id) : undefined;
        const res = await send(r, urlFor(r, A, caller, true), token, undefined);
        cases++;
        if ([401, 403].includes(res.statusCode) || res.statusCode >= 500)
          failures.push(`${r.method} ${r.url} [${r.access}]: ${res.statusCode} ${res.body.slice(0, 120)}`);
        continue;
      }
      const access = r.access as ApiAccess;
      for (const p of PROFILES) {
        const u = users.get(p.label) as ProfileUser;
        for (const s of SITUATIONS) {
          if (s === 'elsewhere' && !isBranch(p)) continue;
          const w = s === 'own' ? A : s === 'elsewhere' ? { ...A, ...A.elsewhere } : B;
          // Signing out ends the session: that route gets a session of its own (opened directly, as a login would).
          const token = SESSION_ENDING.has(`${r.method} ${r.url}`) ? (await t.sessionOf(u.row)).token : u.token;
          const res = await send(
            r,
            urlFor(r, w, u, s === 'own' || s === 'elsewhere'),
            token,
            s === 'foreign' ? B.tenantId : A.tenantId,
            mayCall(access, p) && s !== 'foreign' ? w : null,
            p.role,
          );
          cases++;
          const problem = judge(r, p, s, res.statusCode, res.call);
          if (problem)
            failures.push(
              `${r.method} ${r.url} [${access}] ${p.label} ${s}: ${problem}; got ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
    }
    console.log(
      `access matrix: ${routes.length} routes, ${PROFILES.length} profiles, ${SITUATIONS.length} tenant and location situations, ${cases} cases`,
    );
    expect(failures).toEqual([]);
  }, 300_000);

  // Decision 043: a writer outside a field group gets 403 FIELD_NOT_PERMITTED when it changes one of the
  // group's fields, 2xx when it changes only what it may; the group's roles get 2xx.
  it('answers a change of each field of the field-permission table per profile', async () => {
    const failures: string[] = [];
    let cases = 0;
    for (const [entity, e] of Object.entries(FIELD_ENTITY) as [FieldEntity, (typeof FIELD_ENTITY)[FieldEntity]][]) {
      const created = await t.api({
        method: 'POST',
        url: e.url,
        token: A.owner.token,
        tenant: A.tenantId,
        payload: e.create,
      });
      const id = (created.json() as { _id: string })._id;
      const groups = FIELD_GROUPS.filter((g) => g.entity === entity);
      for (const p of PROFILES.filter((p) => mayCall(e.access, p))) {
        const u = users.get(p.label) as ProfileUser;
        const changes: [string, number, (rec: Record<string, unknown>) => Record<string, unknown>][] = [
          [e.free, 200, () => ({ [e.free]: `geändert ${cases}` })],
          ...groups.flatMap((g) =>
            g.fields.map((f): [string, number, (rec: Record<string, unknown>) => Record<string, unknown>] => [
              f,
              g.roles.includes(p.role) ? 200 : 403,
              (rec) => changedAt(rec, f),
            ]),
          ),
        ];
        for (const [field, expected, change] of changes) {
          const rec = await current(t, A, `${e.url}/${id}`);
          const res = await t.api({
            method: 'PUT',
            url: `${e.url}/${id}`,
            token: u.token,
            tenant: A.tenantId,
            payload: { ...rec, ...change(rec) },
          });
          cases++;
          const code = expected === 403 ? (res.json() as { code?: string }).code : undefined;
          if (res.statusCode !== expected || (expected === 403 && code !== 'FIELD_NOT_PERMITTED'))
            failures.push(
              `PUT ${entity} ${field} as ${p.label}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
        }
      }
    }
    console.log(`field permissions: ${cases} cases`);
    expect(failures).toEqual([]);
  }, 120_000);
});

/** A value that differs from the stored one at `path` (a future day for dates, so no date rule interferes). */
function changedAt(record: Record<string, unknown>, path: string): Record<string, unknown> {
  if (path === 'maw[].verrechnet') {
    const maw = (record.maw as unknown[]) ?? [];
    return { maw: [...maw, { ...MAW_ENTRY_DEFAULTS, datum: '2026-11-02', stunden: 1, verrechnet: true }] };
  }
  const [head = '', leaf] = path.split('.');
  const block = leaf ? { ...(record[head] as Record<string, unknown>) } : record;
  const key = leaf ?? head;
  const v = block[key];
  const inFuture = (from: number) => new Date(from + 86_400_000).toISOString().slice(0, 10);
  const later =
    typeof v === 'string' ? Math.max(Date.parse(v), Date.now() + 30 * 86_400_000) : Date.now() + 30 * 86_400_000;
  const next = typeof v === 'boolean' ? !v : key.endsWith('Date') ? inFuture(later) : Number(v ?? 0) + 7;
  return leaf ? { [head]: { ...block, [key]: next } } : { [key]: next };
}

/** Per entity: its write access, a field in no group (changed to show the role may write the rest), its URL. */
const FIELD_ENTITY: Record<FieldEntity, { access: ApiAccess; free: string; url: string; create: object }> = {
  order: { access: 'orders:write', free: 'bemerkungen', url: '/orders', create: { objekt: 'Felder' } },
  offer: { access: 'offers:write', free: 'notes', url: '/offer', create: { objekt: 'Felder' } },
};

/** Whether the route's scope check names a record (an inspection, expert report or self-inspection). */
const namesRecord = (r: RouteAccess) => Array.isArray(r.scope) && r.scope.some((c) => c.of === 'inspection');

/**
 * The statuses the domain answers an allowed caller with on its own data, besides 2xx (test/access-bodies.ts),
 * or null when the matrix sends the route no valid call yet.
 */
function domainAnswers(r: RouteAccess, call: WriteCall | null): readonly number[] | null {
  if (r.method === 'GET') return null;
  if (call) return call.domain ?? [];
  if (r.schema?.body) return null;
  if (r.method === 'DELETE') return DELETE_DOMAIN;
  return DOMAIN_WITHOUT_BODY[`${r.method} ${r.url}`] ?? [];
}

/** The expected answer, or null when the status code fits. */
function judge(r: RouteAccess, p: Profile, s: Situation, status: number, call: WriteCall | null): string | null {
  const access = r.access as ApiAccess;
  if (!mayCall(access, p))
    return status === 403 ? null : 'expected 403 (role, or the evaluation flag, not as the access table asks)';
  if (status >= 500) return 'expected no 5xx';
  if (status === 401) return 'expected no 401';
  const admin = p.role === Role.ADMIN_ROLE;
  const checked = Array.isArray(r.scope) && r.scope.length > 0;
  const domain = domainAnswers(r, call);
  // A body refused before the data is looked up tells nothing: accepted only where the matrix sends no valid body.
  const unchecked400 = domain === null && r.method !== 'GET' && r.method !== 'DELETE' && status === 400;
  // A book of a location the branch user may not see is unknown to them: 404.
  if (s === 'elsewhere') {
    if (!checked) return status === 403 ? 'expected no 403 (allowed by the access table)' : null;
    if (status === 404 || unchecked400) return null;
    return 'expected 404 (a book of a location the branch user may not see)';
  }
  // The world's records are staff drafts, which branch users never get (decision 038): 404.
  if (s === 'own' && isBranch(p) && namesRecord(r)) {
    if (status === 404 || unchecked400) return null;
    return 'expected 404 (a staff draft is unknown to branch users)';
  }
  // Their own location's book is theirs to read.
  if (s === 'own' && isBranch(p) && checked && r.method === 'GET' && status >= 400)
    return 'expected 2xx (a book of the branch user’s own location)';
  // A valid write on the caller's own data: done, or the domain's documented answer.
  if (s === 'own' && domain !== null) {
    if (status < 300 || domain.includes(status)) return null;
    return `expected 2xx${domain.length ? ` or ${domain.join('/')}` : ''} (a valid call allowed by the access table)`;
  }
  // Admins work in every tenant: any tenant situation is theirs, access-wise.
  if (admin || s === 'own') return status === 403 ? 'expected no 403 (allowed by the access table)' : null;
  if (s === 'foreign') return status === 403 ? null : 'expected 403 (tenant header of a foreign tenant)';
  // other: data of a tenant the caller is not in is answered as unknown.
  if (!namesTenantData(r)) return status === 403 ? 'expected no 403 (route names no tenant data)' : null;
  if (status === 404 || unchecked400) return null;
  if (status === 403 && OTHERS_FORBIDDEN[`${r.method} ${r.url}`]?.includes(p.role)) return null;
  return 'expected 404 (data of another tenant)';
}
