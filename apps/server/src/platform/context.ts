import type { ApiAccess } from '@pruefbuch/domain/access';
import type { Language } from '@pruefbuch/domain/locales/resources';
import type { CustomerRoleNumber, RoleNumber } from '@pruefbuch/domain/roles';
import type { Database, Db } from '../db/client';
import type { Config } from './config';
import type { SecretBox } from './crypto';
import type { FileStore } from './files';
import type { Mailer } from './mailer';
import type { Metrics } from './metrics';
import type { TokenService } from './tokens';

/** The signed-in user as every service sees it, loaded fresh on each request. */
export interface AuthUser {
  id: string;
  email: string;
  role: RoleNumber;
  customerRole: CustomerRoleNumber | null;
  department: number;
  customer: number;
  abbreviation: string;
  auswertung: boolean;
  forecast: boolean;
  sessionId: string;
}

/** What a use case gets: the database, the verified user and the tenant the request works in. */
export interface RequestContext {
  db: Db;
  user: AuthUser;
  /** The tenant of the tenant header, checked against the user's tenants; null when none was sent. */
  tenantId: string | null;
  lang: Language;
  ip: string;
  deps: AppDeps;
}

/** A use case that works in one tenant gets a context whose tenant is certain. */
export interface TenantContext extends RequestContext {
  tenantId: string;
}

/** Context of calls before sign-in (login, reset, confirmation...). */
export interface PublicContext {
  db: Db;
  lang: Language;
  ip: string;
  userAgent: string;
  deps: AppDeps;
}

export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  mailer: Mailer;
  secrets: SecretBox;
  /** Uploaded files, content-addressed: the data dir or S3-compatible object storage. */
  files: FileStore;
  metrics: Metrics;
  lifecycle: Lifecycle;
}

/** The process's state as /health and /ready report it. */
export interface Lifecycle {
  /** The database answered the last background check. */
  databaseSeen: boolean;
  /** SIGTERM came: the server finishes what it has and takes nothing new. */
  draining: boolean;
}

/** Who may call a route: a group of domain/access.ts, 'public', or the pending-2FA step. */
export type RouteAccess = ApiAccess | 'public' | 'mfa';

/** What a route names that hangs on a book: the branch scope check looks up the book behind it. */
export type ScopeTarget = 'book' | 'inspection' | 'blob';
export interface ScopeCheck {
  in: 'params' | 'query' | 'body';
  field: string;
  of: ScopeTarget;
}
/**
 * How a route that branch users may call keeps to their branch scope (decision 019): checks of the
 * ids it names (a book out of scope is a 404), 'filtered' when its service filters its rows itself,
 * or 'none' when it returns nothing of a book.
 */
export type RouteScope = readonly ScopeCheck[] | 'filtered' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    scope?: RouteScope;
  }
  interface FastifyRequest {
    ctx: RequestContext | null;
    mfaUserId: string | null;
  }
  interface FastifyInstance {
    deps: AppDeps;
  }
}
