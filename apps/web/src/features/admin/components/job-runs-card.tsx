import { Badge, Loader, Paper, Table, Text, Title } from '@mantine/core';
import type { JobRunState, JobStatus } from '@pruefbuch/domain/schemas/job';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { formatDateTime, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useJobRuns } from '../api/get-job-runs';

const STATE_COLORS: Record<JobRunState, string> = { ok: 'teal', failed: 'red', running: 'blue' };

/** 850 ms, 12,4 s, 3,5 min: the unit names come from the browser's number format. */
function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  const [value, unit] = ms < 1000 ? [ms, 'millisecond'] : ms < 60_000 ? [ms / 1000, 'second'] : [ms / 60_000, 'minute'];
  return new Intl.NumberFormat(currentLanguage() === 'de' ? 'de-DE' : 'en-GB', {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

function JobRow({ job }: { job: JobStatus }) {
  const { t } = useTranslation();
  const { lastRun, lastFailure } = job;
  return (
    <Table.Tr data-testid="job-run-row" data-job={job.name}>
      <Table.Td>
        <Text fw={500}>{t(`jobs.names.${job.name}`, { defaultValue: job.name })}</Text>
        {lastRun ? (
          <Text size="xs" c="dimmed">
            {t('jobs.runner', { runner: lastRun.runner })}
          </Text>
        ) : null}
        {lastFailure ? (
          <Text size="xs" c="red" lineClamp={2} title={lastFailure.error ?? ''}>
            {t('jobs.lastFailure', {
              at: formatDateTime(lastFailure.startedAt),
              attempt: lastFailure.attempt,
              error: lastFailure.error ?? '',
            })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {lastRun ? formatDateTime(lastRun.startedAt) : t('jobs.never')}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDuration(lastRun?.durationMs ?? null)}</Table.Td>
      <Table.Td>
        {lastRun ? (
          <Badge variant="light" color={STATE_COLORS[lastRun.state]} tt="none">
            {t(`jobs.states.${lastRun.state}`)}
            {lastRun.attempt > 1 ? ` · ${t('jobs.attempt', { attempt: lastRun.attempt })}` : ''}
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td ta="right">
        <Text c={job.failures24h > 0 ? 'red' : undefined} fw={job.failures24h > 0 ? 700 : undefined} span>
          {formatNumber(job.failures24h)}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {job.nextRunAt ? formatDateTime(job.nextRunAt) : t('jobs.notPlanned')}
      </Table.Td>
    </Table.Tr>
  );
}

/** The periodic jobs of all server processes (GET admin/jobs), for the admin dashboard. */
export function JobRunsCard() {
  const { t } = useTranslation();
  const jobs = useJobRuns();
  return (
    <div data-testid="job-runs">
      <Title order={3}>{t('jobs.title')}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('jobs.intro')}
      </Text>
      {jobs.isPending ? <Loader size="sm" /> : null}
      {jobs.isError ? <LoadError error={jobs.error} onRetry={() => void jobs.refetch()} /> : null}
      {jobs.data ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={720}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('jobs.job')}</Table.Th>
                  <Table.Th>{t('jobs.lastRun')}</Table.Th>
                  <Table.Th>{t('jobs.duration')}</Table.Th>
                  <Table.Th>{t('jobs.result')}</Table.Th>
                  <Table.Th ta="right">{t('jobs.failures24h')}</Table.Th>
                  <Table.Th>{t('jobs.nextRun')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.data.jobs.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text c="dimmed" ta="center" py="md">
                        {t('jobs.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {jobs.data.jobs.map((job) => (
                  <JobRow key={job.name} job={job} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}
    </div>
  );
}
