import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { buildTheme } from './theme';

const Notifications = lazy(() => import('./notifications'));
const Modals = lazy(() => import('./modals'));

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
          <Suspense fallback={null}>
            <Notifications position="bottom-right" limit={4} />
            <Modals />
          </Suspense>
          {children}
        </QueryClientProvider>
      </Theme>
    </I18nextProvider>
  );
}
