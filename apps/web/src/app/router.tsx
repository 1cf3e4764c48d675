import { SCREENS } from '@pruefbuch/domain/access';
import { useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { loginPathFor } from '@/lib/redirect';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './pages/not-found-page';
import { toRoutePath } from './preload';
import { ScreenRoute } from './screen-route';

function SessionExpiredRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionExpiredHandler(() => {
      const { pathname, search } = window.location;
      const inApp = pathname.replace(/^\/app(?=\/|$)/, '') || '/';
      navigate(loginPathFor(`${inApp}${search}`), { replace: true });
    });
  }, [navigate]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <SessionExpiredRedirect />
      <Routes>
        <Route element={<AppLayout />}>
          {SCREENS.map((screen) => (
            <Route key={screen.name} path={toRoutePath(screen.path)} element={<ScreenRoute screen={screen} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}
