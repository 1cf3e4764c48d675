import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import type { SettingsForm } from './settings-form';

/** A list of date ranges (absences, operating holidays): from, to, note; add and remove. */
export function Ranges({
  form,
  path,
  title,
  add,
  removeLabel,
}: {
  form: SettingsForm;
  path: string;
  title: string;
  add: string;
  removeLabel: string;
}) {
  const { t } = useTranslation();
  const rows = (path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], form.values) ??
    []) as { start: string; ende: string; bemerkung: string }[];
  const today = berlinToday();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('capacity.settings.none')}
        </Text>
      ) : null}
      {rows.map((_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows of a form list have no id; their inputs go by index
        <Group key={j} gap="xs" align="flex-end" wrap="wrap" data-testid="settings-range">
          <DateField
            {...form.getInputProps(`${path}.${j}.start`)}
            label={t('capacity.settings.start')}
            clearable={false}
            w={140}
          />
          <DateField
            {...form.getInputProps(`${path}.${j}.ende`)}
            label={t('capacity.settings.ende')}
            clearable={false}
            w={140}
          />
          <TextInput
            {...form.getInputProps(`${path}.${j}.bemerkung`)}
            label={t('capacity.settings.bemerkung')}
            style={{ flex: 1, minWidth: 140 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mb={6}
            onClick={() => form.removeListItem(path as never, j)}
            aria-label={removeLabel}
            title={removeLabel}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem(path as never, { start: today, ende: today, bemerkung: '' } as never)}
        >
          {add}
        </Button>
      </Group>
    </Stack>
  );
}
