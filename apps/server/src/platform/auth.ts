import { mayCall } from '@pruefbuch/domain/access';
import { TENANT_HEADER } from '@pruefbuch/domain/constants';
import type { Language } from '@pruefbuch/domain/locales/resources';
import type { CustomerRoleNumber, RoleNumber } from '@pruefbuch/domain/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { preparedStatements } from '../db/prepared';
import { sessions, tenants, users, userTenants } from '../db/schema/index';
import { inScope, isScoped } from './branch-scope';
import type { AuthUser, PublicContext, RequestContext, RouteScope, ScopeCheck, TenantContext } from './context';
import { AppError, forbidden, notFound, unauthenticated } from './errors';
import { AUTH_CHANGED, feedFromNotices, type SessionCache, sessionCache } from './session-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const requestLanguage = (req: FastifyRequest): Language =>
  /^en\b/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'de';

const bearer = (req: FastifyRequest) => {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : null;
};

/** A route of /api as registered: the access test reads these (see routesOf). */
export interface RouteAccess {
  method: string;
  url: string;
  access: string;
  /** How the route keeps to a branch user's scope (context.ts RouteScope). */
  scope: RouteScope | undefined;
  schema: FastifyRequest['routeOptions']['schema'];
}
const routeTables = new WeakMap<FastifyInstance, RouteAccess[]>();
/** Every /api route of an app with its access rule and schema, in registration order. */
export const routesOf = (app: FastifyInstance): readonly RouteAccess[] => routeTables.get(app) ?? [];

/**
 * Checks every request against the access rule its route names: verifies the access token,
 * loads the user and the session (a revoked session or a disabled user ends here), checks the
 * role against the domain's API groups and the tenant header against the user's tenants.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('ctx', null);
  app.decorateRequest('mfaUserId', null);
  const table: RouteAccess[] = [];
  routeTables.set(app, table);

  // The process keeps session lookups while it hears of every change to what they read. On PostgreSQL
  // it forgets them itself before answering a write of its own: that write's notice comes a moment later,
  // on the listening connection. On the embedded database the notice is handled before the committing
  // statement answers, so a write that changed no account, session or tenant keeps them.
  const cache = sessionCache<SessionRow>();
  const { noticesLag } = feedFromNotices(app, AUTH_CHANGED, cache);
  app.addHook('onReady', async () => app.deps.metrics.setSessionCache(() => cache.stats));
  app.addHook('onSend', async (req) => {
    if (noticesLag() && req.method !== 'GET' && req.method !== 'HEAD') cache.clear();
  });

  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api/')) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${url} names no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        table.push({ method, url, access: route.config.access, scope: route.config.scope, schema: route.schema });
    }
  });

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearer(req);
    if (!token) throw unauthenticated();
    if (access === 'mfa') {
      const claims = await app.deps.tokens.verifyMfa(token);
      if (!claims) throw unauthenticated();
      req.mfaUserId = claims.sub;
      return;
    }
    const claims = await app.deps.tokens.verifyAccess(token);
    if (!claims || !UUID.test(claims.sub) || !UUID.test(claims.sid)) throw unauthenticated();
    const tenantId = tenantHeader(req);
    const found = await loadSessionUser(app, cache, claims.sub, claims.sid, tenantId);
    if (!found) throw unauthenticated();
    const { user, tenantAllowed } = found;
    if (!mayCall(access, user)) throw forbidden();
    if (tenantId && !tenantAllowed) throw new AppError('TENANT_FORBIDDEN', 403);
    req.ctx = { db: app.deps.database.db, user, tenantId, lang: requestLanguage(req), ip: req.ip, deps: app.deps };
  });

  // A branch user reaches a book, its records and documents only through their locations (decision 019):
  // the ids a route names are checked once its input is parsed; out of scope is a 404, as a foreign tenant's.
  app.addHook('preHandler', async (req) => {
    const scope = req.routeOptions.config?.scope;
    const user = req.ctx?.user;
    if (!user || !Array.isArray(scope) || !isScoped(user)) return;
    for (const check of scope as readonly ScopeCheck[]) {
      const source = (check.in === 'params' ? req.params : check.in === 'query' ? req.query : req.body) as
        | Record<string, unknown>
        | undefined;
      const id = source?.[check.field];
      if (id === undefined) continue;
      // Anything but one id (a later array field, say) is refused rather than passed unchecked.
      if (typeof id !== 'string' || !(await inScope(app.deps.database.db, user, check.of, id))) throw notFound();
    }
  });
});

const P = {
  userId: sql.placeholder('userId'),
  sessionId: sql.placeholder('sessionId'),
  tenantId: sql.placeholder('tenantId'),
};

/** Whether the user may work in the tenant of the header (null: none sent): its own tenants; admins every existing one. */
const tenantAllowed = sql<boolean>`case when ${users.role} = 1
    then exists (select 1 from ${tenants} where ${tenants.id} = ${P.tenantId}::uuid)
    else exists (select 1 from ${userTenants} where ${userTenants.userId} = ${users.id} and ${userTenants.tenantId} = ${P.tenantId}::uuid)
  end`;

const sessionUserQuery = (db: Db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      customerRole: users.customerRole,
      department: users.department,
      customer: users.customer,
      abbreviation: users.abbreviation,
      auswertung: users.auswertung,
      forecast: users.forecast,
      isResigned: users.isResigned,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      tenantAllowed,
    })
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(and(eq(users.id, P.userId), eq(sessions.id, P.sessionId)))
    .limit(1)
    .prepare('session_user');

/** The statement of a database, prepared once: it runs on every request (on PostgreSQL planned once per connection). */
const prepared = preparedStatements<ReturnType<typeof sessionUserQuery>>();
const sessionUserStatement = (db: Db) => prepared(db, 'session_user', () => sessionUserQuery(db));

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionUserStatement>['execute']>>[number];

/** A key of the session cache: the user, the session and the tenant of the header. */
const sessionKey = (v: { userId: string; sessionId: string; tenantId: string | null }) =>
  `${v.userId} ${v.sessionId} ${v.tenantId ?? ''}`;

/**
 * The user, its session, and whether it may work in the tenant of the header (its own tenants; admins
 * every existing tenant): one statement, kept until any of it changes (platform/session-cache.ts,
 * decision 047). The session's end is compared with the clock on every request.
 */
async function loadSessionUser(
  app: FastifyInstance,
  cache: SessionCache<SessionRow>,
  userId: string,
  sessionId: string,
  tenantId: string | null,
): Promise<{ user: AuthUser; tenantAllowed: boolean } | null> {
  const db = app.deps.database.db;
  const values = { userId, sessionId, tenantId };
  const row = await cache.load(sessionKey(values), async () => (await sessionUserStatement(db).execute(values))[0]);
  if (!row || row.isResigned || row.revokedAt || row.expiresAt < new Date()) return null;
  return {
    tenantAllowed: row.tenantAllowed === true,
    user: {
      id: row.id,
      email: row.email,
      role: row.role as RoleNumber,
      customerRole: row.customerRole as CustomerRoleNumber | null,
      department: row.department,
      customer: row.customer,
      abbreviation: row.abbreviation,
      auswertung: row.auswertung,
      forecast: row.forecast,
      sessionId,
    },
  };
}

/** The tenant the request names; a malformed value can never be a tenant of the user. */
function tenantHeader(req: FastifyRequest): string | null {
  const raw = req.headers[TENANT_HEADER];
  const tenantId = Array.isArray(raw) ? raw[0] : raw;
  if (!tenantId) return null;
  if (!UUID.test(tenantId)) throw new AppError('TENANT_FORBIDDEN', 403);
  return tenantId;
}

/** The verified context of a signed-in route; routes with access 'public' or 'mfa' have none. */
export function ctxOf(req: FastifyRequest): RequestContext {
  if (!req.ctx) throw unauthenticated();
  return req.ctx;
}

/** tenantCtxOf's check; no use case calls it, they take the TenantContext a route narrowed. */
function requireTenant(ctx: RequestContext): TenantContext {
  if (!ctx.tenantId)
    throw new AppError('TENANT_REQUIRED', 400, [
      { field: 'x-tenant', key: 'validation.required', message: 'x-tenant' },
    ]);
  return ctx as TenantContext;
}

/**
 * The context of a route that works in the tenant of the header, narrowed once here: the handler and
 * the services it calls take a TenantContext and never ask again (400 `TENANT_REQUIRED` without one).
 */
export const tenantCtxOf = (req: FastifyRequest): TenantContext => requireTenant(ctxOf(req));

export function publicCtxOf(app: FastifyInstance, req: FastifyRequest): PublicContext {
  return {
    // An idempotent request's writes run in the transaction that keeps its key (decision 060).
    db: req.idempotentDb ?? app.deps.database.db,
    lang: requestLanguage(req),
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 200),
    deps: app.deps,
  };
}
