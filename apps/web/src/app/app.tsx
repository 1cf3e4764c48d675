import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

// A data router, so screens can ask before unsaved input is lost (useBlocker); the screens
// themselves are the routes of AppRoutes.
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }], { basename: '/app' });

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
