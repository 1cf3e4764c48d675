/**
 * Every route that branch users may call says how it keeps to their branch scope (decision 019): the
 * ids it names are checked, its service filters, or it returns nothing of a book. A new route of such
 * a group without a scope fails here, the day it is added.
 */
import { API_ACCESS, type ApiAccess, BRANCH_ACCESS } from '@pruefbuch/domain/access';
import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helper';
import { routesOf } from './platform/auth';

const t = await createTestApp();

/** Groups that carry nothing of a book: the session itself and the shared book types. */
const BOOKLESS: readonly ApiAccess[] = ['session:any', 'booktypes:read'];

const branchGroups = (Object.keys(API_ACCESS) as ApiAccess[]).filter(
  (g) =>
    (API_ACCESS[g] as readonly number[]).includes(Role.ROLE_FILIALE) &&
    BRANCH_ACCESS[g].length > 0 &&
    !BOOKLESS.includes(g),
);

describe('branch scope of the routes', () => {
  it('is declared by every route a branch user may call', () => {
    const routes = routesOf(t.app).filter((r) => branchGroups.includes(r.access as ApiAccess));
    expect(routes.length).toBeGreaterThan(30);
    const undeclared = routes.filter((r) => r.scope === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('names only fields the route has', () => {
    for (const r of routesOf(t.app)) {
      if (!Array.isArray(r.scope)) continue;
      for (const check of r.scope) {
        const schema = (r.schema as Record<string, unknown> | undefined)?.[
          check.in === 'params' ? 'params' : check.in === 'query' ? 'querystring' : 'body'
        ] as { shape?: Record<string, unknown> } | undefined;
        expect(schema?.shape && check.field in schema.shape, `${r.method} ${r.url} ${check.in}.${check.field}`).toBe(
          true,
        );
      }
    }
  });
});
