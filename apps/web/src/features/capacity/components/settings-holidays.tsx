import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { FEDERAL_STATES } from '@pruefbuch/domain/schemas/capacity';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { Segments } from '@/components/ui/segments';
import { formatDate } from '@/lib/format';
import { useHolidays } from '../api/get-holidays';
import { Ranges } from './date-ranges';
import { LoadFailed } from './load-failed';
import type { SettingsForm } from './settings-form';

/**
 * The settings' holidays: the federal state, company holidays, local days, and the state's public holidays (read
 * only) of this year or the next: in December the plan already reaches into January.
 */
export function HolidaysTab({ form }: { form: SettingsForm }) {
  const { t } = useTranslation();
  const s = (k: string, o?: Record<string, unknown>) => t(`capacity.settings.${k}`, o);
  const today = berlinToday();
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const holidays = useHolidays(year, form.values.bundesland);
  return (
    <Stack gap="md">
      <Select
        {...form.getInputProps('bundesland')}
        label={s('bundesland')}
        allowDeselect={false}
        data={FEDERAL_STATES.map((st) => ({ value: st, label: t(`capacity.states.${st}`) }))}
        maw={320}
        data-testid="settings-bundesland"
      />
      <Paper withBorder radius="sm" p="sm">
        <Ranges
          form={form}
          path="betriebsurlaub"
          title={s('operatingHolidays')}
          add={s('addOperatingHoliday')}
          removeLabel={s('removeOperatingHoliday')}
        />
      </Paper>
      <Paper withBorder radius="sm" p="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {s('localHolidays')}
          </Text>
          {form.values.lokaleFeiertage.length === 0 ? (
            <Text size="xs" c="dimmed">
              {s('none')}
            </Text>
          ) : null}
          {form.values.lokaleFeiertage.map((_, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a form list have no id; their inputs go by index
            <Group key={j} gap="xs" align="flex-end" wrap="wrap">
              <DateField
                {...form.getInputProps(`lokaleFeiertage.${j}.date`)}
                label={s('date')}
                clearable={false}
                w={140}
              />
              <TextInput
                {...form.getInputProps(`lokaleFeiertage.${j}.name`)}
                label={s('holidayName')}
                style={{ flex: 1, minWidth: 140 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={6}
                onClick={() => form.removeListItem('lokaleFeiertage', j)}
                aria-label={s('removeLocalHoliday')}
                title={s('removeLocalHoliday')}
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
              onClick={() => form.insertListItem('lokaleFeiertage', { date: today, name: '' })}
            >
              {s('addLocalHoliday')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500}>
            {s('publicHolidays', { year })}
          </Text>
          <Segments
            size="xs"
            value={String(year)}
            onChange={(value) => setYear(Number(value))}
            data={[thisYear, thisYear + 1].map((y) => String(y))}
            aria-label={s('holidaysYear')}
            data-testid="settings-holidays-year"
          />
        </Group>
        {holidays.isError ? <LoadFailed error={holidays.error} onRetry={() => void holidays.refetch()} /> : null}
        {holidays.data && holidays.data.length === 0 ? (
          <Text size="xs" c="dimmed">
            {s('noHolidays')}
          </Text>
        ) : null}
        {holidays.data && holidays.data.length > 0 ? (
          <Table fz="sm" verticalSpacing={2} data-testid="settings-public-holidays">
            <Table.Tbody>
              {holidays.data.map((h) => (
                <Table.Tr key={`${h.date}-${h.name}`}>
                  <Table.Td w={110}>{formatDate(h.date)}</Table.Td>
                  <Table.Td>
                    {h.name}{' '}
                    {h.local ? (
                      <Badge size="xs" variant="light">
                        {s('local')}
                      </Badge>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Stack>
  );
}
