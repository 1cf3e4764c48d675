import { API_ACCESS, type ApiAccess, mayCall } from '@pruefbuch/domain/access';
import { Role } from '@pruefbuch/domain/roles';
import { beforeAll, describe, expect, it } from 'vitest';
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
 * fails the test: a new route is covered the day it lands.
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

  it('answers every route × profile × tenant situation as the access table says', async () => {
    const failures: string[] = [];
    let cases = 0;
    const send = (r: RouteAccess, url: string, token: string | undefined, tenant: string | undefined) =>
      t.api({
        method: r.method as 'GET',
        url,
        token,
        tenant,
        ...(r.schema?.body ? { payload: {} } : {}),
      });

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
          // Signing out ends the session: that route gets a session of its own.
          const token = SESSION_ENDING.has(`${r.method} ${r.url}`) ? (await t.login(u.email)).token : u.token;
          const res = await send(
            r,
            urlFor(r, w, u, s === 'own' || s === 'elsewhere'),
            token,
            s === 'foreign' ? B.tenantId : A.tenantId,
          );
          cases++;
          const problem = judge(r, p, s, res.statusCode);
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
});

/** Whether the route's scope check names a record (an inspection, expert report or self-inspection). */
const namesRecord = (r: RouteAccess) => Array.isArray(r.scope) && r.scope.some((c) => c.of === 'inspection');

/** The expected answer, or null when the status code fits. */
function judge(r: RouteAccess, p: Profile, s: Situation, status: number): string | null {
  const access = r.access as ApiAccess;
  if (!mayCall(access, p))
    return status === 403 ? null : 'expected 403 (role, or the evaluation flag, not as the access table asks)';
  if (status >= 500) return 'expected no 5xx';
  if (status === 401) return 'expected no 401';
  const admin = p.role === Role.ADMIN_ROLE;
  const checked = Array.isArray(r.scope) && r.scope.length > 0;
  // A book of a location the branch user may not see is unknown to them: 404 (or 400 for a body refused first).
  if (s === 'elsewhere') {
    if (!checked) return status === 403 ? 'expected no 403 (allowed by the access table)' : null;
    if (status === 404 || (r.method !== 'GET' && r.method !== 'DELETE' && status === 400)) return null;
    return 'expected 404 (a book of a location the branch user may not see)';
  }
  // The world's records are staff drafts, which branch users never get (decision 038): 404, or 400 for a
  // body refused first.
  if (s === 'own' && isBranch(p) && namesRecord(r)) {
    if (status === 404 || (r.method !== 'GET' && r.method !== 'DELETE' && status === 400)) return null;
    return 'expected 404 (a staff draft is unknown to branch users)';
  }
  // Their own location's book is theirs to read.
  if (s === 'own' && isBranch(p) && checked && r.method === 'GET' && status >= 400)
    return 'expected 2xx (a book of the branch user’s own location)';
  // Admins work in every tenant: any tenant situation is theirs, access-wise.
  if (admin || s === 'own') return status === 403 ? 'expected no 403 (allowed by the access table)' : null;
  if (s === 'foreign') return status === 403 ? null : 'expected 403 (tenant header of a foreign tenant)';
  // other: data of a tenant the caller is not in is answered as unknown.
  if (!namesTenantData(r)) return status === 403 ? 'expected no 403 (route names no tenant data)' : null;
  if (status === 404) return null;
  // A body is validated before the data is looked up: `{}` (or a JSON body on an upload route)
  // is refused with 400 and tells nothing about the data.
  if (r.method !== 'GET' && r.method !== 'DELETE' && status === 400) return null;
  if (status === 403 && OTHERS_FORBIDDEN[`${r.method} ${r.url}`]?.includes(p.role)) return null;
  return 'expected 404 (data of another tenant)';
}
