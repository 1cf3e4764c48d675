import { guardScreen, type Screen, screenPath } from '@pruefbuch/domain/access';
import { startPath } from '@pruefbuch/domain/start';
import { type ComponentType, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { NoAccessPage } from '@/components/ui/no-access-page';
import { PageLoader } from '@/components/ui/page-loader';
import { loginPathFor } from '@/lib/redirect';
import { landingFor, toPrincipal, useSession, wasSignedOutByUser } from '@/lib/session';
import { NotAvailablePage } from './pages/not-available-page';
import { SCREEN_PAGES } from './screens';
import { useDocumentTitle } from './use-document-title';

/** One screen of the domain table: the route guard of SPEC §6, the page title, then the page (or a placeholder). */
export function ScreenRoute({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { session, currentTenant } = useSession();
  useDocumentTitle(t(screen.title));

  const guard = guardScreen(screen, toPrincipal(session));
  if (!guard.allow && guard.redirect === 'login') {
    const to = wasSignedOutByUser() ? screenPath('login') : loginPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={to} replace />;
  }
  // A screen the role may not open says so, where it was asked for, instead of a silent jump home.
  if (!guard.allow) return <NoAccessPage title={t(screen.title)} />;
  if (screen.name === 'home' && session) {
    const start = landingFor(session, currentTenant);
    if (start.screen !== 'home') return <Navigate to={startPath(start)} replace />;
  }

  // Keyed: React keeps one ScreenRoute across the routes, and the page is chosen once per screen.
  return <ScreenPage key={screen.name} screen={screen} />;
}

/**
 * The screen's page in its error boundary. A page whose code is there already (preloaded) renders as it is;
 * otherwise its lazy component shows the loader until it is. Chosen once per screen, so that a page is never
 * swapped for itself (which would mount it anew and lose what was typed).
 */
function ScreenPage({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const location = useLocation();
  const page = SCREEN_PAGES[screen.name];
  const [Page] = useState<ComponentType | undefined>(() => page?.loaded() ?? page);
  return (
    <ErrorBoundary key={location.pathname} title={t('common.loadFailed')} retryLabel={t('common.actions.retry')}>
      <Suspense fallback={<PageLoader />}>{Page ? <Page /> : <NotAvailablePage title={t(screen.title)} />}</Suspense>
    </ErrorBoundary>
  );
}
