import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A table header cell that sorts by its column: a real button (Tab, Enter and Space work), the column's state
 * in aria-sort for screen readers; ascending on the first click, descending on the next.
 */
export function SortHeader({
  label,
  direction,
  onSort,
  width,
  align,
}: {
  label: string;
  direction: 'ascending' | 'descending' | 'none';
  onSort: () => void;
  width?: CSSProperties['width'];
  align?: 'left' | 'right' | 'center';
}) {
  const { t } = useTranslation();
  const Icon = direction === 'ascending' ? IconChevronUp : direction === 'descending' ? IconChevronDown : IconSelector;
  const active = direction !== 'none';
  return (
    <Table.Th aria-sort={direction} p={0} w={width}>
      <UnstyledButton
        onClick={onSort}
        w="100%"
        px="sm"
        py={8}
        title={t('ui.list.sortBy', { column: label })}
        data-sort-header
      >
        <Group justify={align === 'right' ? 'flex-end' : 'flex-start'} wrap="nowrap" gap={6}>
          <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {label}
          </Text>
          <Icon
            size={15}
            stroke={1.7}
            aria-hidden
            color={active ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-dimmed)'}
          />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
