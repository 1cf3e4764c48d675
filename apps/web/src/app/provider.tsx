import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { buildTheme } from './theme';

function Modals({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ModalsProvider labels={{ confirm: t('common.actions.save'), cancel: t('common.actions.cancel') }}>
      {children}
    </ModalsProvider>
  );
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
          <Notifications position="bottom-right" limit={4} />
          <Modals>{children}</Modals>
        </QueryClientProvider>
      </Theme>
    </I18nextProvider>
  );
}
