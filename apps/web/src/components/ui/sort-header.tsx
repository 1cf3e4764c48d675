import { Center, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A table header cell that sorts by its column: ascending, then descending on the next click. */
export function SortHeader({
  label,
  active,
  descending,
  onSort,
}: {
  label: string;
  active: boolean;
  descending: boolean;
  onSort: () => void;
}) {
  const { t } = useTranslation();
  const Icon = active ? (descending ? IconChevronDown : IconChevronUp) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'} p={0}>
      <UnstyledButton
        onClick={onSort}
        w="100%"
        px="sm"
        py="xs"
        aria-label={t('common.table.sortBy', { column: label })}
      >
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Center>
            <Icon size={14} stroke={1.6} />
          </Center>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
