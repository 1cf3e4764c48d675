import { BarChart, CompositeChart, LineChart } from '@mantine/charts';
import type { EvaluationRow, EvaluationView, TimesRow } from '@pruefbuch/domain/schemas/offer';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useWide } from '@/lib/use-wide';
import { formatDays, rowLabel } from '../evaluation-labels';
import { shorten } from '../evaluation-state';

/** Status colours: commissioned green, cancelled red, waiting grey (as the ampel reads them). */
const STATUS_SERIES = [
  { name: 'commissioned', key: 'offerevaluation.chart.commissioned', color: 'teal.6' },
  { name: 'cancelled', key: 'offerevaluation.chart.cancelled', color: 'red.5' },
  { name: 'waiting', key: 'offerevaluation.chart.waiting', color: 'gray.5' },
] as const;

/**
 * Legend and tooltip in the order of the series (recharts sorts them by name otherwise: 'Abgesagt'
 * before 'Beauftragt').
 */
function inSeriesOrder(names: readonly string[]) {
  const rank = (item: { dataKey?: unknown }) => names.indexOf(String(item.dataKey));
  return {
    legendProps: { verticalAlign: 'bottom' as const, itemSorter: rank },
    tooltipProps: { itemSorter: rank },
  };
}

/**
 * Success rate: per month the offers, stacked by their status, and the share commissioned as a line
 * on the right axis (0–100 %).
 */
export function SuccessChart({ rows }: { rows: readonly EvaluationRow[] }) {
  const { t } = useTranslation();
  const data = rows.map((r) => ({
    month: rowLabel(t, 'erfolgsquote', r, 'short'),
    commissioned: r.commissionedCnt,
    cancelled: r.cancelledCnt,
    waiting: r.waitingCnt,
    // A month without offers has no rate: the line skips it rather than dropping to 0 %.
    rate: r.offerCnt === 0 ? null : r.commissionedPct,
  }));
  return (
    <CompositeChart
      h={320}
      data={data}
      dataKey="month"
      series={[
        ...STATUS_SERIES.map((s) => ({ name: s.name, label: t(s.key), color: s.color, type: 'bar' as const })),
        {
          name: 'rate',
          label: t('offerevaluation.chart.commissionedPct'),
          color: 'blue.7',
          type: 'line' as const,
          yAxisId: 'right',
        },
      ]}
      barProps={{ stackId: 'status' }}
      // The tooltip adds a series' unit to its value: '42,9 %'.
      lineProps={{ unit: '\u00a0%' }}
      withRightYAxis
      rightYAxisProps={{ domain: [0, 100], width: 48, tickFormatter: (v: number) => `${v}\u00a0%` }}
      yAxisProps={{ allowDecimals: false, width: 32 }}
      withLegend
      {...inSeriesOrder(['commissioned', 'cancelled', 'waiting', 'rate'])}
      tickLine="y"
      connectNulls={false}
      curveType="linear"
      maxBarWidth={40}
      valueFormatter={formatNumber}
      tooltipAnimationDuration={150}
      role="img"
      aria-label={t('offerevaluation.chart.label', { view: t('offerevaluation.views.erfolgsquote') })}
      data-testid="evaluation-chart"
    />
  );
}

/**
 * KTB users, talk results, received-via: a horizontal bar per group (so long names fit), its offers
 * stacked by status.
 */
export function GroupChart({ view, rows }: { view: EvaluationView; rows: readonly EvaluationRow[] }) {
  const { t } = useTranslation();
  const wide = useWide();
  const data = rows.map((r) => ({
    group: rowLabel(t, view, r),
    commissioned: r.commissionedCnt,
    cancelled: r.cancelledCnt,
    waiting: r.waitingCnt,
  }));
  return (
    <BarChart
      h={Math.max(200, data.length * 40 + 90)}
      data={data}
      dataKey="group"
      orientation="vertical"
      type="stacked"
      series={STATUS_SERIES.map((s) => ({ name: s.name, label: t(s.key), color: s.color }))}
      yAxisProps={{
        width: wide ? 220 : 120,
        interval: 0,
        tickFormatter: (v: string) => shorten(v, wide ? 32 : 16),
      }}
      xAxisProps={{ allowDecimals: false }}
      withLegend
      {...inSeriesOrder(['commissioned', 'cancelled', 'waiting'])}
      tickLine="x"
      gridAxis="x"
      maxBarWidth={28}
      valueFormatter={formatNumber}
      tooltipAnimationDuration={150}
      role="img"
      aria-label={t('offerevaluation.chart.label', { view: t(`offerevaluation.views.${view}`) })}
      data-testid="evaluation-chart"
    />
  );
}

/** Offer times: the median days from receipt to offer and from offer to talk result, per month of receipt. */
export function TimesChart({ rows }: { rows: readonly TimesRow[] }) {
  const { t } = useTranslation();
  const data = rows.map((r) => ({
    month: rowLabel(t, 'angebotszeiten', { month: r.month, label: '' }, 'short'),
    toOffer: r.toOfferMedian,
    toResult: r.toResultMedian,
  }));
  return (
    <LineChart
      h={300}
      data={data}
      dataKey="month"
      series={[
        { name: 'toOffer', label: t('offerevaluation.chart.toOfferMedian'), color: 'blue.6' },
        { name: 'toResult', label: t('offerevaluation.chart.toResultMedian'), color: 'orange.6' },
      ]}
      connectNulls={false}
      curveType="linear"
      withLegend
      {...inSeriesOrder(['toOffer', 'toResult'])}
      tickLine="y"
      yAxisProps={{ width: 36, tickFormatter: (v: number) => formatDays(v) }}
      valueFormatter={(v: number) => t('offerevaluation.chart.days', { value: formatDays(v) })}
      tooltipAnimationDuration={150}
      role="img"
      aria-label={t('offerevaluation.chart.label', { view: t('offerevaluation.views.angebotszeiten') })}
      data-testid="evaluation-chart"
    />
  );
}
