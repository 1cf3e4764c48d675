/**
 * The browser session (SPEC §4, §9): tokens, session data and the tenant choice in localStorage under the
 * STORAGE_KEYS. Components read it through useSession(); other tabs see changes through the storage event.
 */

import { STORAGE_KEYS, STORAGE_PREFIX } from '@pruefbuch/domain/constants';
import {
  AUTHORITY_BY_ROLE,
  type Authority,
  CUSTOMER_AUTHORITY_BY_ROLE,
  type CustomerRoleNumber,
  type Principal,
  type RoleNumber,
} from '@pruefbuch/domain/roles';
import type { LoginReply } from '@pruefbuch/domain/schemas/auth';
import { type Start, startOf } from '@pruefbuch/domain/start';
import { useEffect, useSyncExternalStore } from 'react';

export interface TenantRef {
  _id: string;
  name: string;
}

export interface SessionData {
  friendlyUsername: string;
  role: RoleNumber;
  customerRole: CustomerRoleNumber | null;
  auswertung: boolean;
  forecast: boolean;
  department: number;
  customer: number;
  userId: string;
  tenants: TenantRef[];
  authorities: Authority[];
  customerAuthorities: string[];
}

export interface SessionState {
  isLoggedIn: boolean;
  session: SessionData | null;
  currentTenant: string | null;
}

/** Between the password step and the 2FA code: the pending token is stored, the user is not logged in yet. */
const PENDING_2FA_KEY = `${STORAGE_PREFIX}.pending2faUser`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage blocked (private mode): the session only lives until reload
  }
}

function readSession(): SessionData | null {
  const raw = read(STORAGE_KEYS.session);
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as SessionData;
    return typeof data?.userId === 'string' && typeof data.role === 'number' ? data : null;
  } catch {
    return null;
  }
}

let snapshot: SessionState = computeSnapshot();
const listeners = new Set<() => void>();

function computeSnapshot(): SessionState {
  const session = readSession();
  return {
    isLoggedIn: session !== null && read(STORAGE_KEYS.accessToken) !== null,
    session,
    currentTenant: read(STORAGE_KEYS.currentTenant),
  };
}
function emit() {
  snapshot = computeSnapshot();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(`${STORAGE_PREFIX}.`)) emit();
  });
}

export const getSessionState = () => snapshot;
export const getAccessToken = () => read(STORAGE_KEYS.accessToken);
export const getRefreshToken = () => read(STORAGE_KEYS.refreshToken);

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

export function setTokens(accessToken: string, refreshToken: string) {
  write(STORAGE_KEYS.accessToken, accessToken);
  write(STORAGE_KEYS.refreshToken, refreshToken);
  emit();
}

/** 2FA step one: keep the pending token (sent with validate2fa) and whose code we are waiting for. */
export function setPending2fa(token: string, userId: string) {
  write(STORAGE_KEYS.accessToken, token);
  write(STORAGE_KEYS.refreshToken, null);
  write(STORAGE_KEYS.session, null);
  write(PENDING_2FA_KEY, userId);
  emit();
}
export const getPending2faUser = () => read(PENDING_2FA_KEY);

/** The tenant to work in after login: the last one chosen if still allowed, else the first. */
export function pickTenant(tenants: readonly TenantRef[], lastSelected: string | null): string | null {
  if (lastSelected && tenants.some((t) => t._id === lastSelected)) return lastSelected;
  return tenants[0]?._id ?? null;
}

export function sessionFromLogin(reply: LoginReply): SessionData {
  const role = reply.role as RoleNumber;
  const customerRole = (reply.customerRole ?? null) as CustomerRoleNumber | null;
  return {
    friendlyUsername: reply.friendlyUsername,
    role,
    customerRole,
    auswertung: reply.auswertung,
    forecast: reply.forecast,
    department: reply.department,
    customer: reply.customer,
    userId: reply.userId,
    tenants: reply.tenants,
    authorities: AUTHORITY_BY_ROLE[role] ? [AUTHORITY_BY_ROLE[role]] : [],
    customerAuthorities:
      customerRole && CUSTOMER_AUTHORITY_BY_ROLE[customerRole] ? [CUSTOMER_AUTHORITY_BY_ROLE[customerRole]] : [],
  };
}

export function startSession(reply: LoginReply) {
  signedOutByUser = false;
  write(PENDING_2FA_KEY, null);
  write(STORAGE_KEYS.accessToken, reply.token);
  write(STORAGE_KEYS.refreshToken, reply.refreshToken);
  write(STORAGE_KEYS.session, JSON.stringify(sessionFromLogin(reply)));
  write(STORAGE_KEYS.currentTenant, pickTenant(reply.tenants, read(STORAGE_KEYS.lastSelectedTenant)));
  emit();
}

export function setCurrentTenant(tenantId: string) {
  write(STORAGE_KEYS.currentTenant, tenantId);
  write(STORAGE_KEYS.lastSelectedTenant, tenantId);
  emit();
}

/**
 * Set when the user signed out on purpose (menu, password change): the route guard then sends to the plain
 * login screen instead of one that would lead back to the page the user just left.
 */
let signedOutByUser = false;
export const wasSignedOutByUser = () => signedOutByUser;
export function forgetSignOut() {
  signedOutByUser = false;
}

/** Logout: tokens, session and current tenant go; the last selected tenant stays for the next login. */
export function clearSession(options: { byUser?: boolean } = {}) {
  signedOutByUser = options.byUser === true;
  write(STORAGE_KEYS.accessToken, null);
  write(STORAGE_KEYS.refreshToken, null);
  write(STORAGE_KEYS.session, null);
  write(STORAGE_KEYS.currentTenant, null);
  write(PENDING_2FA_KEY, null);
  emit();
}

/** What the route guard and the nav rules of the domain need to know of the signed-in user. */
export function principalOf(session: SessionData): Principal {
  return {
    role: session.role,
    customerRole: session.customerRole,
    auswertung: session.auswertung,
    forecast: session.forecast,
  };
}
export const toPrincipal = (session: SessionData | null): Principal | null => (session ? principalOf(session) : null);

/** Where a user goes after login when no other target was asked for, and where the logo leads (decision 017). */
export const landingFor = (session: SessionData, currentTenant: string | null): Start =>
  startOf(principalOf(session), pickTenant(session.tenants, currentTenant));

/**
 * A screen whose address names a tenant the server has just served makes it the current tenant, so the
 * header picker and calls without a tenant of their own follow where the user works.
 */
export function useSyncCurrentTenant(tenantId: string | undefined) {
  const { currentTenant } = useSession();
  useEffect(() => {
    if (tenantId && tenantId !== currentTenant) setCurrentTenant(tenantId);
  }, [tenantId, currentTenant]);
}
