import { Paper, Table } from '@mantine/core';
import type { OpEvaluationRow } from '@pruefbuch/domain/schemas/op-evaluation';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { monthLabel } from '@/lib/month-label';
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
      <Cell ta="right">{formatNumber(Math.round(row.betragSum))}</Cell>
      <Cell ta="right">{formatNumber(Math.round(row.vergabepreisSum))}</Cell>
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

/** The columns under their group's heading (the month stands before them, over both header rows). */
const GROUPS: { key: string; columns: readonly string[] }[] = [
  { key: 'orders', columns: COUNTS },
  { key: 'sums', columns: ['betragSum', 'vergabepreisSum'] },
  { key: 'minutes', columns: ['calculatedMin', 'bookedMin', 'minutesDiff'] },
  { key: 'open', columns: ['late', 'installedNotBilled'] },
];

/** A heading may wrap (the figures never do), so that the table fits beside the navigation at 1280 px. */
const HEAD: CSSProperties = { whiteSpace: 'normal', verticalAlign: 'bottom', fontSize: 'var(--mantine-font-size-xs)' };
/** A group's heading: centred over its columns, with a line under it. */
const GROUP_HEAD: CSSProperties = {
  ...HEAD,
  fontSize: 'var(--mantine-font-size-sm)',
  textAlign: 'center',
  borderBottom: '1px solid var(--mantine-color-default-border)',
};

/** The months and the total: counts, sums in whole euros (the exports have the cents), minutes with the deviation, late and not billed. */
export function OpEvaluationTable({ rows, total }: { rows: readonly OpEvaluationRow[]; total: OpEvaluationRow }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={900}>
        <Table
          highlightOnHover
          horizontalSpacing={5}
          verticalSpacing={6}
          fz="sm"
          style={{ whiteSpace: 'nowrap' }}
          data-testid="opevaluation-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th rowSpan={2} scope="col" style={{ ...STICKY, ...HEAD }}>
                {t('opevaluation.columns.month')}
              </Table.Th>
              {GROUPS.map((g) => (
                <Table.Th key={g.key} colSpan={g.columns.length} scope="colgroup" style={GROUP_HEAD}>
                  {t(`opevaluation.groups.${g.key}`)}
                </Table.Th>
              ))}
            </Table.Tr>
            <Table.Tr>
              {GROUPS.flatMap((g) => g.columns).map((c) => (
                <Table.Th key={c} ta="right" scope="col" style={HEAD}>
                  {t(`opevaluation.tableColumns.${c}`)}
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
