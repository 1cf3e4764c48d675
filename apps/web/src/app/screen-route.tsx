import { guardScreen, type Screen, screenPath } from '@pruefbuch/domain/access';
import { Suspense } from 'react';
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
    if (start.screen !== 'home') return <Navigate to={screenPath(start.screen, start.params)} replace />;
  }

  const Page = SCREEN_PAGES[screen.name];
  return (
    <ErrorBoundary key={location.pathname} title={t('common.loadFailed')} retryLabel={t('common.actions.retry')}>
      <Suspense fallback={<PageLoader />}>{Page ? <Page /> : <NotAvailablePage title={t(screen.title)} />}</Suspense>
    </ErrorBoundary>
  );
}
