/**
 * A screen's code and its first queries are asked for together, as soon as its address is known: at start,
 * before anything renders, and when a nav link is about to be followed. Without it each waits for the one
 * before (the shell renders, then the screen's code loads, then the screen renders and asks for its data): a
 * cold order list made its API calls in four rounds after the entry chunk; now in one, beside the screen's
 * code (`node --import tsx bench/first-paint.ts`).
 *
 * Queries are prefetched under the keys the screens use (the same query options), so the screen finds them
 * in the cache, or in flight, when it renders. Only screens the user may open are preloaded.
 */
import { guardScreen, SCREENS, type ScreenName, screenPath } from '@pruefbuch/domain/access';
import { usableNav } from '@pruefbuch/domain/start';
import type { QueryKey } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { openDefectReportCountQueryOptions } from '@/features/defectreports/api/get-defect-report-count';
import { orderListFirstQueries } from '@/features/orders/pages/order-list-page.queries';
import { getUserTenantsQueryOptions } from '@/features/tenants/api/get-user-tenants';
import { queryClient } from '@/lib/query-client';
import { getSessionState, landingFor, toPrincipal } from '@/lib/session';
import { SCREEN_PAGES } from './screens';

interface FirstQuery {
  queryKey: QueryKey;
  // biome-ignore lint/suspicious/noExplicitAny: each screen's query has its own reply type
  queryFn?: any;
  enabled?: unknown;
}

/** What a screen asks for first, for the address it is opened with, in the current tenant. */
const SCREEN_QUERIES: Partial<Record<ScreenName, (address: URLSearchParams, tenant: string | null) => FirstQuery[]>> = {
  list_orderprocessing: orderListFirstQueries,
};

/** '/admin/settings/{slug}' → '/admin/settings/:slug', '{slug?}' → ':slug?' */
export const toRoutePath = (path: string) => path.replace(/\{(\w+)(\??)\}/g, ':$1$2');

/** Which screen an address inside the app opens ('/orderprocessinglist' → list_orderprocessing). */
export function screenAt(pathname: string) {
  for (const screen of SCREENS) {
    if (matchPath({ path: toRoutePath(screen.path), end: true }, pathname)) return screen;
  }
  return null;
}

function prefetch(queries: FirstQuery[]) {
  for (const query of queries) {
    if (query.enabled === false) continue;
    void queryClient.prefetchQuery(query);
  }
}

/** The shell's own queries: the tenant picker's tenants and the open defect reports beside their nav entry. */
function prefetchShell() {
  const { session, currentTenant } = getSessionState();
  const principal = toPrincipal(session);
  if (!principal) return;
  const queries: FirstQuery[] = [getUserTenantsQueryOptions()];
  if (currentTenant && usableNav(principal).includes('defectReports')) {
    queries.push(openDefectReportCountQueryOptions(currentTenant));
  }
  prefetch(queries);
}

/**
 * Asks for the code and the first data of the screen at `pathname` (inside the app) and `search`; settles
 * when the code is there (at once when there is nothing to load, or the user may not open the screen).
 */
export function preloadScreen(pathname: string, search = ''): Promise<void> {
  const screen = screenAt(pathname);
  const { session, currentTenant } = getSessionState();
  if (!screen || !guardScreen(screen, toPrincipal(session)).allow) return Promise.resolve();
  // The start page sends a signed-in user on to their landing screen: that is the one to load.
  if (screen.name === 'home' && session) {
    const start = landingFor(session, currentTenant);
    if (start.screen !== 'home') return preloadScreen(screenPath(start.screen, start.params), start.search ?? '');
  }
  // The data first: the browser opens six connections to a host over HTTP/1.1, and the screen's code is
  // dozens of files that would otherwise hold all six while the small replies wait behind them.
  const queries = SCREEN_QUERIES[screen.name];
  if (queries) prefetch(queries(new URLSearchParams(search), currentTenant));
  return SCREEN_PAGES[screen.name]?.preload() ?? Promise.resolve();
}

/** At start: the screen of the address the app was opened on, and the shell around it. */
export function preloadStart(): Promise<void> {
  const { pathname, search } = window.location;
  const inApp = pathname.replace(/^\/app(?=\/|$)/, '') || '/';
  const screenCode = preloadScreen(inApp, search);
  prefetchShell();
  return screenCode;
}
