import { unstable_HistoryRouter as HistoryRouter, type HistoryRouterProps } from 'react-router';
import { appHistory } from '@/lib/history';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The router reads the app's history, through which the unsaved-changes guard can hold a navigation
 * (lib/history.ts); the screens are the routes of AppRoutes. React Router's public way to hold one,
 * useBlocker, needs its data router: with createBrowserRouter, RouterProvider and useBlocker in place of
 * this router, lib/history.ts and the history package, the initial bundle grew from 186.2 to 202.6 KB
 * gzipped, over its 200 KB budget (`npm run build -w apps/web && npm run bundle:check`). This file and
 * lib/history.ts are the only ones that know of unstable_HistoryRouter. React Router's type of a
 * listener's update also names `delta`, which only its data router reads; the history package's has none.
 */
const history = appHistory as unknown as HistoryRouterProps['history'];

export function App() {
  return (
    <AppProvider>
      <HistoryRouter history={history} basename="/app">
        <AppRoutes />
      </HistoryRouter>
    </AppProvider>
  );
}
