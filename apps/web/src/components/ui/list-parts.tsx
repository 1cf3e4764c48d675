/** Pieces every paged list shares: the search bar with the total, the empty row, row actions and the pager. */
import { ActionIcon, Group, Pagination, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ListSearchBar({
  value,
  onChange,
  placeholder,
  total,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Number of matches; hidden until the first answer. */
  total?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm">
      <TextInput
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        leftSection={<IconSearch size={16} />}
        placeholder={placeholder ?? t('common.table.searchPlaceholder')}
        aria-label={t('common.table.search')}
        w={{ base: '100%', sm: 360 }}
        data-testid={testId}
      />
      {total === undefined ? null : (
        <Text size="sm" c="dimmed">
          {t('common.table.total', { count: total })}
        </Text>
      )}
    </Group>
  );
}

export function EmptyTableRow({ colSpan, text }: { colSpan: number; text?: string }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" py="md">
          {text ?? t('common.table.empty')}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** An icon button with a tooltip: a link with `to`, else a button with `onClick`. */
export function RowAction({
  label,
  icon,
  to,
  onClick,
  color,
  testId,
}: {
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  color?: string;
  testId?: string;
}) {
  const common = { variant: 'subtle', color, 'aria-label': label, 'data-testid': testId } as const;
  return (
    <Tooltip label={label}>
      {to ? (
        <ActionIcon component={Link} to={to} {...common}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon onClick={onClick} {...common}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

/** The actions cell of a clickable row: clicks inside it do not open the row. */
export function RowActionsCell({ children }: { children: ReactNode }) {
  return (
    <Table.Td onClick={(event) => event.stopPropagation()}>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {children}
      </Group>
    </Table.Td>
  );
}

/** The pager under a list; nothing when everything fits on one page. */
export function ListPagination({
  pages,
  page,
  onChange,
}: {
  pages?: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const total = Math.max(1, Math.ceil(pages ?? 1));
  if (total <= 1) return null;
  return (
    <Group justify="center">
      <Pagination total={total} value={Math.min(page, total)} onChange={onChange} size="sm" siblings={1} />
    </Group>
  );
}
