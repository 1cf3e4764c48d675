import { Alert, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { EVALUATION_MAX_YEARS } from '@pruefbuch/domain/schemas/offer';
import { IconAlertTriangle, IconChartBar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EvaluationFilters } from '@/components/ui/evaluation-filters';
import { ExportButtons } from '@/components/ui/export-buttons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { lastTwelveMonths } from '@/lib/date-range';
import { errorText } from '@/lib/errors';
import { departmentOf, rangeChange, rangeProblem } from '@/lib/evaluation-filters';
import { notifyError } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { type ExportFormat, useExportOpEvaluation } from '../api/export-opevaluation';
import { type OpEvaluationParams, useOpEvaluation } from '../api/get-opevaluation';
import { CountsChart, MinutesChart } from '../components/opevaluation-chart';
import { OpEvaluationTable } from '../components/opevaluation-table';
import { isEmpty } from '../opevaluation-state';

/**
 * opevaluation (/opevaluation): the orders of the current tenant in a range (default: the last 12
 * months, kept in the address with the department) per month: received, installed, accepted, billed,
 * the sums, the calculated against the booked minutes, late and not billed (decision 026). A chart
 * and a table, exported as CSV or XLSX.
 */
export function OpEvaluationPage() {
  const { t } = useTranslation();
  const { currentTenant } = useSession();
  const [params, update] = useUrlParams();
  const fallback = useMemo(() => lastTwelveMonths(), []);
  const rawFrom = params.get('from');
  const rawTo = params.get('to');
  const range = { from: rawFrom ?? fallback.from, to: rawTo ?? fallback.to };
  const problem = rangeProblem(range);
  const department = departmentOf(params.get('department'));
  const query: OpEvaluationParams | null =
    currentTenant && !problem ? { tenantId: currentTenant, ...range, department } : null;

  const exporter = useExportOpEvaluation();
  const download = (format: ExportFormat) => {
    if (!query) return;
    exporter.mutate(
      { params: query, format },
      { onError: (error) => notifyError(errorText(t, error), t('ui.export.failed')) },
    );
  };
  const exporting = exporter.isPending ? exporter.variables?.format : undefined;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('opevaluation.title')}
        description={t('opevaluation.description')}
        actions={
          <ExportButtons
            disabled={!query}
            exporting={exporting}
            onExport={download}
            testIdPrefix="opevaluation-export"
          />
        }
      />
      <EvaluationFilters
        ns="opevaluation"
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
            ? t('opevaluation.rangeTooLong', { years: EVALUATION_MAX_YEARS })
            : t('opevaluation.invalidRange')}
        </Alert>
      ) : null}
      {currentTenant ? null : <Text c="dimmed">{t('opevaluation.noTenant')}</Text>}
      {query ? <Figures params={query} /> : null}
    </Stack>
  );
}

function Figures({ params }: { params: OpEvaluationParams }) {
  const { t } = useTranslation();
  const result = useOpEvaluation(params);
  if (result.isPending) return <PageLoader />;
  if (result.isError) return <LoadError error={result.error} onRetry={() => void result.refetch()} />;
  const reply = result.data;
  return (
    <Stack gap="md" style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }} aria-busy={result.isFetching}>
      <Text size="sm" c="dimmed">
        {t('opevaluation.hint')}
      </Text>
      {isEmpty(reply) ? (
        <Empty />
      ) : (
        <>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
            <CountsChart rows={reply.rows} />
          </Paper>
          {reply.total.minutesCnt > 0 ? (
            <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
              <MinutesChart rows={reply.rows} />
            </Paper>
          ) : null}
          <OpEvaluationTable rows={reply.rows} total={reply.total} />
        </>
      )}
    </Stack>
  );
}

function Empty() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" py="xl" px="md" data-testid="opevaluation-empty">
      <Stack align="center" gap="xs">
        <ThemeIcon variant="light" color="gray" size={44} radius="xl">
          <IconChartBar size={22} />
        </ThemeIcon>
        <Text fw={500} ta="center">
          {t('opevaluation.empty')}
        </Text>
        <Text c="dimmed" ta="center" size="sm">
          {t('opevaluation.emptyHint')}
        </Text>
      </Stack>
    </Paper>
  );
}
