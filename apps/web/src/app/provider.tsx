import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { buildTheme } from './theme';

const Notifications = lazy(() => import('./notifications'));
const Modals = lazy(() => import('./modals'));

/**
 * The toast and dialog hosts load after the first render. If their chunk cannot be loaded (offline, a deploy
 * replaced it), the app goes on without them: toasts are lost, questions fall back to the browser's dialog.
 */
class OverlayBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Theme({ children }: { children: ReactNode }) {
  const { t, i18n: instance } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  const theme = useMemo(() => buildTheme(t), [t, instance.language]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Calendars in the user's language, weeks starting on Monday. */}
      <DatesProvider settings={{ locale: instance.language === 'en' ? 'en' : 'de', firstDayOfWeek: 1 }}>
        {children}
      </DatesProvider>
    </MantineProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Theme>
        <QueryClientProvider client={queryClient}>
          <OverlayBoundary>
            <Suspense fallback={null}>
              <Notifications position="bottom-right" limit={4} />
              <Modals />
            </Suspense>
          </OverlayBoundary>
          {children}
        </QueryClientProvider>
      </Theme>
    </I18nextProvider>
  );
}
