import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { monthLabel } from '../month-label';
import type { StatsMonth } from '../stats-range';

/** Expert reports per month, acceptance reports stacked on periodic ones. */
export function StatsChart({ months }: { months: readonly StatsMonth[] }) {
  const { t } = useTranslation();
  const data = months.map((m) => ({
    month: monthLabel(m.month, 'short'),
    acceptance: m.acceptance,
    periodic: m.periodic,
  }));
  return (
    <BarChart
      h={300}
      data={data}
      dataKey="month"
      type="stacked"
      series={[
        { name: 'periodic', label: t('lists.stats.periodic'), color: 'blue.6' },
        { name: 'acceptance', label: t('lists.stats.acceptance'), color: 'teal.5' },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
      yAxisProps={{ allowDecimals: false, width: 32 }}
      valueFormatter={formatNumber}
      tooltipAnimationDuration={150}
      maxBarWidth={48}
      role="img"
      aria-label={t('lists.stats.chartLabel')}
      data-testid="stats-chart"
    />
  );
}
