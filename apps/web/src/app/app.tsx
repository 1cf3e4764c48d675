import { unstable_HistoryRouter as HistoryRouter, type HistoryRouterProps } from 'react-router';
import { appHistory } from '@/lib/history';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The router reads the app's history, through which the unsaved-changes guard can hold a navigation
 * (lib/history.ts); the screens are the routes of AppRoutes. React Router's type of a listener's update
 * also names `delta`, which only its data router reads; the history package's update has none.
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
