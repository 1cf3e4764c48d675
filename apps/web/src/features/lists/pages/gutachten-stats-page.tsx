import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { ABN_STATS_MAX_YEARS } from '@pruefbuch/domain/schemas/inspection';
import type { Tenant } from '@pruefbuch/domain/schemas/tenant';
import { IconAlertTriangle, IconRestore } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DateField } from '@/components/ui/date-field';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { lastTwelveMonths } from '@/lib/date-range';
import { formatNumber } from '@/lib/format';
import { useSyncCurrentTenant } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { useWide } from '@/lib/use-wide';
import { useAbnStats } from '../api/get-abn-stats';
import { useListTenant } from '../api/get-list-tenant';
import { ListTenantError } from '../components/list-tenant-error';
import { StatsChart } from '../components/stats-chart';
import { TenantSwitch } from '../components/tenant-switch';
import { monthLabel } from '../month-label';
import { isRangeTooLong, monthsOfRange, parseRange } from '../stats-range';

/**
 * statistik_gutachten (/statistik_gutachten/{slug}, slug = tenant id or url): the tenant's expert reports per
 * month in a period (default: the last 12 months), acceptance reports apart from periodic ones.
 */
export function GutachtenStatsPage() {
  const { slug } = useParams();
  const tenant = useListTenant(slug);
  useSyncCurrentTenant(tenant.data?._id);
  if (tenant.isPending) return <PageLoader />;
  if (tenant.isError) return <ListTenantError error={tenant.error} onRetry={() => void tenant.refetch()} />;
  return <Stats key={tenant.data._id} tenant={tenant.data} />;
}

function Stats({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, update] = useUrlParams();
  const fallback = useMemo(() => lastTwelveMonths(), []);
  const rawFrom = params.get('from');
  const rawTo = params.get('to');
  const asked = parseRange(rawFrom, rawTo);
  const reversed = (rawFrom !== null || rawTo !== null) && !asked;
  const tooLong = !!asked && isRangeTooLong(asked);
  const invalid = reversed || tooLong;
  const range = asked ?? fallback;
  const stats = useAbnStats(invalid ? null : { tenantId: tenant._id, ...range });
  const months = stats.data ? monthsOfRange(range, stats.data.months) : [];
  const totals = months.reduce(
    (sum, m) => ({ acceptance: sum.acceptance + m.acceptance, periodic: sum.periodic + m.periodic }),
    { acceptance: 0, periodic: 0 },
  );
  const isDefault = !rawFrom && !rawTo;
  const wide = useWide('36em');

  const setDate = (key: 'from' | 'to', value: string | null) =>
    update({ from: rawFrom ?? range.from, to: rawTo ?? range.to, [key]: value ?? '' });

  return (
    <Stack gap="md">
      <PageHeader
        title={t('lists.stats.title')}
        description={tenant.name}
        actions={
          <TenantSwitch
            value={tenant._id}
            onChange={(id) => navigate(`${screenPath('statistik_gutachten', { slug: id })}${window.location.search}`)}
          />
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DateField
            label={t('lists.stats.from')}
            value={rawFrom ?? range.from}
            onChange={(value) => setDate('from', value)}
            clearable={false}
            w={{ base: '100%', xs: 180 }}
            data-testid="stats-from"
          />
          <DateField
            label={t('lists.stats.to')}
            value={rawTo ?? range.to}
            onChange={(value) => setDate('to', value)}
            clearable={false}
            w={{ base: '100%', xs: 180 }}
            data-testid="stats-to"
          />
          {isDefault ? null : (
            <Button
              variant="subtle"
              leftSection={<IconRestore size={16} />}
              onClick={() => update({ from: null, to: null })}
            >
              {t('lists.stats.reset')}
            </Button>
          )}
        </Group>
      </Paper>

      {invalid ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
          {tooLong ? t('lists.stats.rangeTooLong', { years: ABN_STATS_MAX_YEARS }) : t('lists.stats.invalidRange')}
        </Alert>
      ) : null}
      {stats.isError ? <LoadError error={stats.error} onRetry={() => void stats.refetch()} /> : null}
      {stats.isPending && !invalid ? <PageLoader /> : null}

      {stats.data && !invalid ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="stats-totals">
            <Total label={t('lists.stats.total')} value={totals.acceptance + totals.periodic} />
            <Total label={t('lists.stats.acceptance')} value={totals.acceptance} />
            <Total label={t('lists.stats.periodic')} value={totals.periodic} />
          </SimpleGrid>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'xs', sm: 'md' }}
            style={{ opacity: stats.isPlaceholderData ? 0.6 : 1 }}
          >
            <Title order={3} size="h5" mb="sm" px={{ base: 'xs', sm: 0 }}>
              {t('lists.stats.perMonth')}
            </Title>
            <StatsChart months={months} />
          </Paper>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={320}>
              <Table striped horizontalSpacing={wide ? 'sm' : 'xs'} data-testid="stats-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('lists.stats.month')}</Table.Th>
                    <Table.Th ta="right">{t('lists.stats.acceptanceShort')}</Table.Th>
                    <Table.Th ta="right">{t('lists.stats.periodicShort')}</Table.Th>
                    <Table.Th ta="right">{t('lists.stats.sum')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {months.map((m) => (
                    <Table.Tr key={m.month}>
                      <Table.Td>{monthLabel(m.month, wide ? 'long' : 'short')}</Table.Td>
                      <Table.Td ta="right">{formatNumber(m.acceptance)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(m.periodic)}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {formatNumber(m.acceptance + m.periodic)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr fw={700}>
                    <Table.Th>{t('lists.stats.sum')}</Table.Th>
                    <Table.Th ta="right">{formatNumber(totals.acceptance)}</Table.Th>
                    <Table.Th ta="right">{formatNumber(totals.periodic)}</Table.Th>
                    <Table.Th ta="right" data-testid="stats-sum">
                      {formatNumber(totals.acceptance + totals.periodic)}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl">
        {formatNumber(value)}
      </Text>
    </Paper>
  );
}
