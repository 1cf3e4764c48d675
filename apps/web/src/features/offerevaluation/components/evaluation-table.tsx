import { Paper, Table, Text } from '@mantine/core';
import type { EvaluationRow, EvaluationView, TimesRow } from '@pruefbuch/domain/schemas/offer';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { formatDays, GROUP_COLUMN, rowLabel } from '../evaluation-labels';

/**
 * The first column stays in view while a narrow screen scrolls the figures sideways. A long group's name
 * ('Angebot war nicht verständlich (Erinnerung nötig)') wraps, so the figures fit beside it at 1280 px.
 */
const STICKY: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-default-border)',
  whiteSpace: 'normal',
  minWidth: '8rem',
  maxWidth: '14rem',
};

function Frame({ children, minWidth, testId }: { children: ReactNode; minWidth: number; testId: string }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          highlightOnHover
          // A little under 'xs' (10 px): eight columns of money and shares then fit beside the menu at 1280 px.
          horizontalSpacing={8}
          verticalSpacing={6}
          fz="sm"
          style={{ whiteSpace: 'nowrap' }}
          data-testid={testId}
        >
          {children}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** A count and its share under it: '2' over '(50,0 %)', so three of them fit beside the money at 1280 px. */
function Share({ count, pct }: { count: number; pct: number }) {
  return (
    <>
      {/* The space keeps '2 (50,0 %)' one phrase for a screen reader and a copy. */}
      {formatNumber(count)}{' '}
      <Text span display="block" size="xs" c="dimmed" lh={1.2}>
        ({formatPercent(pct)})
      </Text>
    </>
  );
}

function GroupCells({ row, head }: { row: EvaluationRow; head: ReactNode }) {
  const Cell = row.month === 'total' ? Table.Th : Table.Td;
  return (
    <>
      <Cell style={STICKY}>{head}</Cell>
      <Cell ta="right">{formatNumber(row.offerCnt)}</Cell>
      <Cell ta="right">{formatMoney(row.offerSum)}</Cell>
      <Cell ta="right">{formatMoney(row.averageValue)}</Cell>
      <Cell ta="right">{formatMoney(row.orderSum)}</Cell>
      <Cell ta="right">
        <Share count={row.commissionedCnt} pct={row.commissionedPct} />
      </Cell>
      <Cell ta="right">
        <Share count={row.cancelledCnt} pct={row.cancelledPct} />
      </Cell>
      <Cell ta="right">
        <Share count={row.waitingCnt} pct={row.waitingPct} />
      </Cell>
    </>
  );
}

/**
 * The figures of SPEC §3 per month or group, and the total: money in EUR, shares with one decimal. The
 * orders are the commissioned offers, so their count is the 'commissioned' column (the export has both).
 */
export function GroupTable({
  view,
  rows,
  total,
}: {
  view: EvaluationView;
  rows: readonly EvaluationRow[];
  total: EvaluationRow;
}) {
  const { t } = useTranslation();
  const h = (k: string) => t(`offerevaluation.columns.${k}`);
  return (
    <Frame minWidth={820} testId="evaluation-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th style={STICKY}>{h(GROUP_COLUMN[view])}</Table.Th>
          <Table.Th ta="right">{h('offerCnt')}</Table.Th>
          <Table.Th ta="right">{h('offerSum')}</Table.Th>
          <Table.Th ta="right">{t('offerevaluation.short.averageValue')}</Table.Th>
          <Table.Th ta="right">{h('orderSum')}</Table.Th>
          <Table.Th ta="right">{h('commissionedCnt')}</Table.Th>
          <Table.Th ta="right">{h('cancelledCnt')}</Table.Th>
          <Table.Th ta="right">{h('waitingCnt')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.month} data-testid="evaluation-row" c={r.offerCnt === 0 ? 'dimmed' : undefined}>
            <GroupCells row={r} head={rowLabel(t, view, r, 'medium')} />
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr data-testid="evaluation-total">
          <GroupCells row={total} head={t('offerevaluation.total')} />
        </Table.Tr>
      </Table.Tfoot>
    </Frame>
  );
}

/** 8,8–11 (the middle half of the spans); a dash without data. */
const spread = (p25: number | null, p75: number | null) =>
  p25 === null || p75 === null ? '–' : `${formatDays(p25)}–${formatDays(p75)}`;

function TimesCells({ row, head }: { row: TimesRow; head: ReactNode }) {
  const Cell = row.month === 'total' ? Table.Th : Table.Td;
  return (
    <>
      <Cell style={STICKY}>{head}</Cell>
      <Cell ta="right">{formatNumber(row.offerCnt)}</Cell>
      <Cell ta="right">{formatDays(row.toOfferMedian)}</Cell>
      <Cell ta="right">{spread(row.toOfferP25, row.toOfferP75)}</Cell>
      <Cell ta="right">{formatDays(row.toResultMedian)}</Cell>
      <Cell ta="right">{spread(row.toResultP25, row.toResultP75)}</Cell>
    </>
  );
}

/** Offer times per month of receipt: median and middle half of the days, in both spans. */
export function TimesTable({ rows, total }: { rows: readonly TimesRow[]; total: TimesRow }) {
  const { t } = useTranslation();
  const s = (k: string) => t(`offerevaluation.short.${k}`);
  return (
    <Frame minWidth={620} testId="evaluation-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th rowSpan={2} style={STICKY}>
            {t('offerevaluation.columns.month')}
          </Table.Th>
          <Table.Th rowSpan={2} ta="right">
            {t('offerevaluation.columns.receivedCnt')}
          </Table.Th>
          <Table.Th colSpan={2} ta="center">
            {s('toOffer')}
          </Table.Th>
          <Table.Th colSpan={2} ta="center">
            {s('toResult')}
          </Table.Th>
        </Table.Tr>
        <Table.Tr>
          <Table.Th ta="right">{s('median')}</Table.Th>
          <Table.Th ta="right">{s('spread')}</Table.Th>
          <Table.Th ta="right">{s('median')}</Table.Th>
          <Table.Th ta="right">{s('spread')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.month} data-testid="evaluation-row" c={r.offerCnt === 0 ? 'dimmed' : undefined}>
            <TimesCells row={r} head={rowLabel(t, 'angebotszeiten', { month: r.month, label: '' }, 'medium')} />
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr data-testid="evaluation-total">
          <TimesCells row={total} head={t('offerevaluation.total')} />
        </Table.Tr>
      </Table.Tfoot>
    </Frame>
  );
}
