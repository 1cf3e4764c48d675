import { BarChart } from '@mantine/charts';
import type { OpEvaluationRow } from '@pruefbuch/domain/schemas/op-evaluation';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { monthLabel } from '@/lib/month-label';
import { useWide } from '@/lib/use-wide';

const COUNT_SERIES = [
  { name: 'received', color: 'blue.6' },
  { name: 'installed', color: 'teal.6' },
  { name: 'accepted', color: 'grape.5' },
  { name: 'billed', color: 'green.8' },
  { name: 'late', color: 'red.5' },
] as const;

/** Legend and tooltip in the order of the series (recharts sorts them by name otherwise). */
function inSeriesOrder(names: readonly string[]) {
  const rank = (item: { dataKey?: unknown }) => names.indexOf(String(item.dataKey));
  return {
    legendProps: { verticalAlign: 'bottom' as const, itemSorter: rank },
    tooltipProps: { itemSorter: rank },
  };
}

/**
 * Per month: orders received, installed, accepted, billed, and late against their planned week, side by
 * side. Below 48em the months (up to 24) stand one under the other with their bars across: twelve months
 * of five upright bars were hairlines on a phone.
 */
export function CountsChart({ rows }: { rows: readonly OpEvaluationRow[] }) {
  const { t } = useTranslation();
  // Across only up to two years: five years of months across would be a chart 4,000 px tall.
  const upright = useWide() || rows.length > 24;
  const axisLabel = t('opevaluation.chart.countsAxis');
  const data = rows.map((r) => ({
    month: monthLabel(r.month, 'short'),
    received: r.received,
    installed: r.installed,
    accepted: r.accepted,
    billed: r.billed,
    late: r.late,
  }));
  return (
    <BarChart
      h={upright ? 320 : Math.max(320, data.length * 64 + 90)}
      data={data}
      dataKey="month"
      series={COUNT_SERIES.map((s) => ({ ...s, label: t(`opevaluation.columns.${s.name}`) }))}
      {...(upright
        ? { yAxisProps: { allowDecimals: false, width: 52 }, yAxisLabel: axisLabel, tickLine: 'y' as const }
        : {
            orientation: 'vertical' as const,
            yAxisProps: { width: 72 },
            xAxisProps: { allowDecimals: false },
            xAxisLabel: axisLabel,
            tickLine: 'x' as const,
          })}
      withLegend
      {...inSeriesOrder(COUNT_SERIES.map((s) => s.name))}
      maxBarWidth={upright ? 14 : 10}
      valueFormatter={formatNumber}
      tooltipAnimationDuration={150}
      role="img"
      aria-label={t('opevaluation.chart.label')}
      data-testid="opevaluation-chart"
    />
  );
}

/** Per month of installation: the calculated against the booked installation minutes. */
export function MinutesChart({ rows }: { rows: readonly OpEvaluationRow[] }) {
  const { t } = useTranslation();
  const data = rows.map((r) => ({
    month: monthLabel(r.month, 'short'),
    calculatedMin: r.calculatedMin,
    bookedMin: r.bookedMin,
  }));
  return (
    <BarChart
      h={240}
      data={data}
      dataKey="month"
      series={[
        { name: 'calculatedMin', label: t('opevaluation.columns.calculatedMin'), color: 'blue.4' },
        { name: 'bookedMin', label: t('opevaluation.columns.bookedMin'), color: 'orange.6' },
      ]}
      yAxisProps={{ allowDecimals: false, width: 72 }}
      yAxisLabel={t('opevaluation.chart.minutesAxis')}
      withLegend
      {...inSeriesOrder(['calculatedMin', 'bookedMin'])}
      tickLine="y"
      maxBarWidth={20}
      valueFormatter={formatNumber}
      tooltipAnimationDuration={150}
      role="img"
      aria-label={t('opevaluation.chart.minutesLabel')}
      data-testid="opevaluation-minutes-chart"
    />
  );
}
