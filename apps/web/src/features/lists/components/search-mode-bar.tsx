import { Group, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Segments } from '@/components/ui/segments';
import { useWide } from '@/lib/use-wide';
import { SEARCH_MODES, type SearchMode } from '../open-inspections-query';

/** What the list shows: everything due, or a search by serial number, ZIP or order number. */
export function SearchModeBar({
  mode,
  onMode,
  value,
  onValue,
  total,
  allLabel,
}: {
  mode: SearchMode;
  onMode: (mode: SearchMode) => void;
  value: string;
  onValue: (value: string) => void;
  total?: number;
  allLabel: string;
}) {
  const { t } = useTranslation();
  // Four segments do not fit a phone: there the choice is a select.
  const wide = useWide();
  const options = SEARCH_MODES.map((m) => ({ value: m, label: m === 'all' ? allLabel : t(`lists.mode.${m}`) }));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {wide ? (
        <Segments
          value={mode}
          onChange={onMode}
          data={options}
          aria-label={t('lists.mode.label')}
          data-testid="list-mode"
        />
      ) : (
        <Select
          value={mode}
          onChange={(next) => next && onMode(next as SearchMode)}
          data={options}
          allowDeselect={false}
          label={t('lists.mode.label')}
          w="100%"
          data-testid="list-mode"
        />
      )}
      {mode !== 'all' ? (
        <TextInput
          value={value}
          onChange={(event) => onValue(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          label={t(`lists.mode.${mode}Label`)}
          placeholder={t(`lists.mode.${mode}Placeholder`)}
          autoFocus
          style={{ flex: '1 1 220px' }}
          maw={{ sm: 360 }}
          data-testid="list-search"
        />
      ) : null}
      {total === undefined ? null : (
        <Text size="sm" c="dimmed" ml="auto" data-testid="list-total">
          {t('lists.table.total', { count: total })}
        </Text>
      )}
    </Group>
  );
}
