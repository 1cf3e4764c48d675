import { Paper, Table } from '@mantine/core';
import type { OpEvaluationRow } from '@pruefbuch/domain/schemas/op-evaluation';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '@/lib/format';
import { monthLabel } from '../../offerevaluation/evaluation-labels';
import { minutesDiff } from '../opevaluation-state';

/** The first column stays in view while a narrow screen scrolls the figures sideways. */
const STICKY: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-default-border)',
};

const COUNTS = ['received', 'installed', 'accepted', 'billed'] as const;

function Cells({ row, head }: { row: OpEvaluationRow; head: ReactNode }) {
  const Cell = row.month === 'total' ? Table.Th : Table.Td;
  const diff = minutesDiff(row);
  return (
    <>
      <Cell style={STICKY}>{head}</Cell>
      {COUNTS.map((k) => (
        <Cell key={k} ta="right">
          {formatNumber(row[k])}
        </Cell>
      ))}
      <Cell ta="right">{formatMoney(row.betragSum)}</Cell>
      <Cell ta="right">{formatMoney(row.vergabepreisSum)}</Cell>
      <Cell ta="right">{formatNumber(row.calculatedMin)}</Cell>
      <Cell ta="right">{formatNumber(row.bookedMin)}</Cell>
      <Cell ta="right" c={diff !== null && diff > 0 ? 'red.7' : undefined}>
        {diff === null ? '–' : `${diff > 0 ? '+' : ''}${formatNumber(diff)}`}
      </Cell>
      <Cell ta="right" c={row.late > 0 ? 'red.7' : undefined}>
        {formatNumber(row.late)}
      </Cell>
      <Cell ta="right">{formatNumber(row.installedNotBilled)}</Cell>
    </>
  );
}

/** The months and the total: counts, sums in EUR, minutes with the deviation, late and not billed. */
export function OpEvaluationTable({ rows, total }: { rows: readonly OpEvaluationRow[]; total: OpEvaluationRow }) {
  const { t } = useTranslation();
  const h = (k: string) => t(`opevaluation.columns.${k}`);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={1100}>
        <Table
          highlightOnHover
          horizontalSpacing="xs"
          verticalSpacing={6}
          fz="sm"
          style={{ whiteSpace: 'nowrap' }}
          data-testid="opevaluation-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={STICKY}>{h('month')}</Table.Th>
              {[
                ...COUNTS,
                'betragSum',
                'vergabepreisSum',
                'calculatedMin',
                'bookedMin',
                'minutesDiff',
                'late',
                'installedNotBilled',
              ].map((k) => (
                <Table.Th key={k} ta="right">
                  {h(k)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.month} data-testid="opevaluation-row">
                <Cells row={r} head={monthLabel(r.month, 'medium')} />
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr data-testid="opevaluation-total">
              <Cells row={total} head={t('opevaluation.total')} />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
