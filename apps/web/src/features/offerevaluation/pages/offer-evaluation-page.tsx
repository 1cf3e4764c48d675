import { Alert, Paper, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { EVALUATION_MAX_YEARS, EVALUATION_VIEWS, type EvaluationView } from '@pruefbuch/domain/schemas/offer';
import { IconAlertTriangle, IconChartBar } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EvaluationFilters } from '@/components/ui/evaluation-filters';
import { ExportButtons } from '@/components/ui/export-buttons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { ScrollingTabList } from '@/components/ui/scrolling-tab-list';
import { lastTwelveMonths } from '@/lib/date-range';
import { errorText } from '@/lib/errors';
import { departmentOf, rangeChange, rangeProblem } from '@/lib/evaluation-filters';
import { notifyError } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { type ExportFormat, useExportEvaluation } from '../api/export-evaluation';
import { type EvaluationParams, useEvaluation } from '../api/get-evaluation';
import { GroupChart, SuccessChart, TimesChart } from '../components/evaluation-chart';
import { GroupTable, TimesTable } from '../components/evaluation-table';
import { isEmpty, viewOf } from '../evaluation-state';

/**
 * offerevaluation (/offerevaluation): the offers of the current tenant in a range (default: the last 12
 * months) and department, in five views (SPEC §2): success rate, offer times, KTB evaluation, talk
 * results, received via. Each view is a chart and a table, and can be exported as CSV or XLSX.
 */
export function OfferEvaluationPage() {
  const { t } = useTranslation();
  const { currentTenant } = useSession();
  const [params, update] = useUrlParams();
  const fallback = useMemo(() => lastTwelveMonths(), []);
  const view = viewOf(params.get('view'));
  const rawFrom = params.get('from');
  const rawTo = params.get('to');
  const range = { from: rawFrom ?? fallback.from, to: rawTo ?? fallback.to };
  const problem = rangeProblem(range);
  const department = departmentOf(params.get('department'));
  const query: EvaluationParams | null =
    currentTenant && !problem ? { tenantId: currentTenant, ...range, department } : null;

  const exporter = useExportEvaluation();
  const download = (format: ExportFormat) => {
    if (!query) return;
    exporter.mutate(
      { view, params: query, format },
      { onError: (error) => notifyError(errorText(t, error), t('ui.export.failed')) },
    );
  };
  const exporting = exporter.isPending ? exporter.variables?.format : undefined;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('offerevaluation.title')}
        description={t('offerevaluation.description')}
        actions={
          <ExportButtons disabled={!query} exporting={exporting} onExport={download} testIdPrefix="evaluation-export" />
        }
      />
      <EvaluationFilters
        from={range.from}
        to={range.to}
        department={department}
        isDefault={!rawFrom && !rawTo}
        onChange={(changes) => update(rangeChange(fallback, changes))}
        onReset={() => update({ from: null, to: null })}
      />
      {problem ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
          {problem === 'tooLong'
            ? t('offerevaluation.rangeTooLong', { years: EVALUATION_MAX_YEARS })
            : t('offerevaluation.invalidRange')}
        </Alert>
      ) : null}

      <Tabs
        value={view}
        onChange={(value) => update({ view: value && value !== 'erfolgsquote' ? value : null })}
        keepMounted={false}
      >
        {/* Five tabs do not fit a phone: they scroll sideways. */}
        <ScrollingTabList value={view}>
          {EVALUATION_VIEWS.map((v) => (
            <Tabs.Tab key={v} value={v} style={{ whiteSpace: 'nowrap' }} data-testid={`evaluation-tab-${v}`}>
              {t(`offerevaluation.views.${v}`)}
            </Tabs.Tab>
          ))}
        </ScrollingTabList>
        {currentTenant ? null : (
          <Text c="dimmed" pt="md">
            {t('offerevaluation.noTenant')}
          </Text>
        )}
        {EVALUATION_VIEWS.map((v) => (
          <Tabs.Panel key={v} value={v} pt="md">
            {query ? <ViewPanel view={v} params={query} /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function ViewPanel({ view, params }: { view: EvaluationView; params: EvaluationParams }) {
  return view === 'angebotszeiten' ? <TimesPanel params={params} /> : <GroupPanel view={view} params={params} />;
}

function GroupPanel({ view, params }: { view: Exclude<EvaluationView, 'angebotszeiten'>; params: EvaluationParams }) {
  const result = useEvaluation(view, params);
  return (
    <PanelShell view={view} result={result}>
      {(reply) => (
        <>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
            {view === 'erfolgsquote' ? (
              <SuccessChart rows={reply.rows} />
            ) : (
              <GroupChart view={view} rows={reply.rows} />
            )}
          </Paper>
          <GroupTable view={view} rows={reply.rows} total={reply.total} />
        </>
      )}
    </PanelShell>
  );
}

function TimesPanel({ params }: { params: EvaluationParams }) {
  const result = useEvaluation('angebotszeiten', params);
  return (
    <PanelShell view="angebotszeiten" result={result}>
      {(reply) => (
        <>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
            <TimesChart rows={reply.rows} />
          </Paper>
          <TimesTable rows={reply.rows} total={reply.total} />
        </>
      )}
    </PanelShell>
  );
}

/** What every view shares: its hint, loading, a failed read with a retry, and the empty state. */
function PanelShell<R extends { total: { offerCnt: number } }>({
  view,
  result,
  children,
}: {
  view: EvaluationView;
  result: UseQueryResult<R>;
  children: (reply: R) => ReactNode;
}) {
  const { t } = useTranslation();
  if (result.isPending) return <PageLoader />;
  if (result.isError) return <LoadError error={result.error} onRetry={() => void result.refetch()} />;
  return (
    <Stack gap="md" style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }} aria-busy={result.isFetching}>
      <Text size="sm" c="dimmed">
        {t(`offerevaluation.hints.${view}`)}
      </Text>
      {isEmpty(result.data) ? <Empty /> : children(result.data)}
    </Stack>
  );
}

function Empty() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" py="xl" px="md" data-testid="evaluation-empty">
      <Stack align="center" gap="xs">
        <ThemeIcon variant="light" color="gray" size={44} radius="xl">
          <IconChartBar size={22} />
        </ThemeIcon>
        <Text fw={500} ta="center">
          {t('offerevaluation.empty')}
        </Text>
        <Text c="dimmed" ta="center" size="sm">
          {t('offerevaluation.emptyHint')}
        </Text>
      </Stack>
    </Paper>
  );
}
