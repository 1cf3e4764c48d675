import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconKey, IconMail, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { useDashboard } from '../api/get-dashboard';
import { JobRunsCard } from '../components/job-runs-card';
import { MailQueueSummary } from '../components/mail-queue-summary';
import { OutboxTable } from '../components/outbox-table';
import { StatCard } from '../components/stat-card';

export function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  return (
    <Stack gap="lg">
      <PageHeader title={t('admin.dashboard.title')} />
      {dashboard.isPending ? <PageLoader /> : null}
      {dashboard.isError ? <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} /> : null}
      {dashboard.data ? (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
            <StatCard
              label={t('admin.dashboard.users')}
              value={dashboard.data.users}
              icon={IconUsers}
              testId="stat-users"
            />
            <StatCard
              label={t('admin.dashboard.tenants')}
              value={dashboard.data.tenants}
              icon={IconBuilding}
              testId="stat-tenants"
            />
            <StatCard
              label={t('admin.dashboard.activeSessions')}
              value={dashboard.data.activeSessions}
              icon={IconKey}
              testId="stat-sessions"
            />
            <StatCard
              label={t('admin.dashboard.mailWaiting')}
              value={dashboard.data.mailQueue.waiting}
              icon={IconMail}
              testId="stat-mail-waiting"
            />
          </SimpleGrid>
          {dashboard.data.deadLetters.length ? (
            <div>
              <Title order={3}>{t('admin.dashboard.deadLetters')}</Title>
              <Text size="sm" c="dimmed" mb="sm">
                {t('admin.dashboard.deadLettersIntro')}
              </Text>
              <OutboxTable mails={dashboard.data.deadLetters} testId="dead-letters-table" />
            </div>
          ) : null}
          <div>
            <Title order={3}>{t('admin.dashboard.outbox')}</Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('admin.dashboard.outboxIntro')}
            </Text>
            <MailQueueSummary queue={dashboard.data.mailQueue} />
            <OutboxTable mails={dashboard.data.outbox} />
          </div>
        </>
      ) : null}
      <JobRunsCard />
    </Stack>
  );
}
