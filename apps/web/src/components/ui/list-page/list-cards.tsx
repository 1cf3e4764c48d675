import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { groupStart } from './list-state';
import type { ListColumn, ListTableProps } from './list-types';
import { RowActions } from './row-actions';
import { isBlank, useRowOpener } from './row-parts';

/** The roles of the columns on a phone's card: one title, the asides beside it, the rest as labelled lines. */
export function cardLayout<T, F extends string>(columns: readonly ListColumn<T, F>[]) {
  const title = columns.find((c) => c.phone === 'title') ?? columns.find((c) => c.phone !== 'hidden');
  return {
    title,
    asides: columns.filter((c) => c !== title && c.phone === 'aside'),
    lines: columns.filter((c) => c !== title && (c.phone === undefined || c.phone === 'line')),
  };
}

/** Phones (ListTable shows them below its breakpoint): one card per row, the title first, its badges and actions beside it, the other columns below. */
export function ListCards<T, F extends string>(props: ListTableProps<T, F> & { rows: readonly T[] }) {
  const layout = cardLayout(props.columns);
  return (
    <Stack gap="xs" data-testid={props.testId && `${props.testId}-cards`}>
      {props.rows.map((row, index) => {
        const group = groupStart(props.groupOf, props.rows, index);
        return (
          <Fragment key={props.rowKey(row)}>
            {group ? (
              <Text size="sm" fw={700} pt={index > 0 ? 'xs' : 0} data-testid="list-group">
                {group}
              </Text>
            ) : null}
            <ListCard row={row} layout={layout} {...props} />
          </Fragment>
        );
      })}
    </Stack>
  );
}

function ListCard<T, F extends string>({
  row,
  layout,
  rowTo,
  rowActions,
  testId,
}: ListTableProps<T, F> & { row: T; layout: ReturnType<typeof cardLayout<T, F>> }) {
  const to = rowTo?.(row);
  const open = useRowOpener(to);
  const lines = layout.lines
    .map((column) => ({ column, value: column.cell(row) }))
    .filter((line) => !isBlank(line.value));
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      onClick={to ? open : undefined}
      style={to ? { cursor: 'pointer' } : undefined}
      data-testid={testId && `${testId}-card`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Box fw={600} style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
          {layout.title?.cell(row)}
        </Box>
        {layout.asides.length > 0 || rowActions ? (
          <Group gap={6} wrap="nowrap" style={{ flex: 'none' }} align="center">
            {layout.asides.map((column) => (
              <Box key={column.key}>{column.cell(row)}</Box>
            ))}
            {rowActions ? <RowActions row={row} config={rowActions} /> : null}
          </Group>
        ) : null}
      </Group>
      {lines.length > 0 ? (
        <Box
          component="dl"
          mt={6}
          mb={0}
          style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 12, rowGap: 4 }}
        >
          {lines.map(({ column, value }) => (
            <CardLine key={column.key} label={column.header} value={value} />
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}

function CardLine({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Text component="dt" size="xs" c="dimmed" lh="20px">
        {label}
      </Text>
      <Box component="dd" m={0} fz="sm" lh="20px" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Box>
    </>
  );
}
