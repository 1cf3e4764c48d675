import {
  ActionIcon,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type CapacitySettings,
  type CapacitySettingsFields,
  capacitySettingsUpdateSchema,
  type Employee,
  FEDERAL_STATES,
  WEEKDAYS,
  WORK_AREAS,
} from '@pruefbuch/domain/schemas/capacity';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { DateField } from '@/components/ui/date-field';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { type EntityEditor, useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { NumberField } from '@/components/ui/number-field';
import { formatDate } from '@/lib/format';
import { getSessionState } from '@/lib/session';
import {
  capacitySettingsQueryOptions,
  useCapacitySettings,
  useHolidays,
  useUpdateCapacitySettings,
} from '../api/capacity';
import { hoursToMinutes, minutesToHours } from '../capacity-format';
import { LoadFailed } from './load-failed';

type Values = CapacitySettingsFields & { __v: number };
type Form = EntityEditor<Values, CapacitySettings>['form'];

const toValues = (s: CapacitySettings): Values => ({
  bundesland: s.bundesland,
  mitarbeiter: s.mitarbeiter.map((e) => ({
    ...e,
    arbeitszeit: { ...e.arbeitszeit },
    abwesenheiten: e.abwesenheiten.map((a) => ({ ...a })),
  })),
  betriebsurlaub: s.betriebsurlaub.map((r) => ({ ...r })),
  lokaleFeiertage: s.lokaleFeiertage.map((h) => ({ ...h })),
  __v: s.__v,
});

const newEmployee = (name: string): Employee => ({
  name,
  bereich: 'profilbearbeitung',
  arbeitszeit: { montag: 480, dienstag: 480, mittwoch: 480, donnerstag: 480, freitag: 360 },
  abwesenheiten: [],
  aktiv: true,
});

/** The settings of capacity planning (admin, production lead): employees and their absences, holidays, the state. */
export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useCapacitySettings(opened);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Title order={2} size="h4">
          {t('capacity.settings.title')}
        </Title>
      }
      data-testid="capacity-settings"
    >
      {opened ? <EntityLoad query={settings}>{(s) => <SettingsEditor key={s._id} settings={s} />}</EntityLoad> : null}
    </Drawer>
  );
}

function SettingsEditor({ settings }: { settings: CapacitySettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateCapacitySettings();
  const editor = useEntityEditor<Values, CapacitySettings>({
    schema: capacitySettingsUpdateSchema,
    initialValues: toValues(settings),
    toValues,
    save: (values) => update.mutateAsync({ id: settings._id, data: capacitySettingsUpdateSchema.parse(values) }),
    fetchLatest: () =>
      queryClient.fetchQuery({ ...capacitySettingsQueryOptions(getSessionState().currentTenant), staleTime: 0 }),
    toastInvalid: true,
  });
  return (
    <EditorForm editor={editor} framed={false} testId="capacity-settings">
      <Tabs defaultValue="employees" keepMounted={false}>
        <Tabs.List aria-label={t('capacity.settings.tabs')} mb="md">
          <Tabs.Tab value="employees">{t('capacity.settings.employees')}</Tabs.Tab>
          <Tabs.Tab value="holidays" data-testid="capacity-settings-holidays-tab">
            {t('capacity.settings.holidays')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="employees">
          <Employees form={editor.form} />
        </Tabs.Panel>
        <Tabs.Panel value="holidays">
          <Holidays form={editor.form} />
        </Tabs.Panel>
      </Tabs>
    </EditorForm>
  );
}

function Employees({ form }: { form: Form }) {
  const { t, i18n } = useTranslation();
  const decimal = i18n.language === 'en' ? '.' : ',';
  const s = (k: string, o?: Record<string, unknown>) => t(`capacity.settings.${k}`, o);
  const remove = (i: number) =>
    confirmDelete({
      title: s('removeEmployee'),
      message: s('removeEmployeeConfirm', { name: form.values.mitarbeiter[i]?.name ?? '' }),
      confirmLabel: t('common.actions.remove'),
      onConfirm: () => form.removeListItem('mitarbeiter', i),
    });
  return (
    <Stack gap="sm">
      {form.values.mitarbeiter.length === 0 ? (
        <Text size="sm" c="dimmed">
          {s('noEmployees')}
        </Text>
      ) : null}
      {form.values.mitarbeiter.map((e, i) => (
        <Paper key={e._id ?? `new-${i}`} withBorder radius="sm" p="sm" data-testid="settings-employee">
          <Stack gap="xs">
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                {...form.getInputProps(`mitarbeiter.${i}.name`)}
                label={s('name')}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="settings-employee-name"
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={6}
                onClick={() => remove(i)}
                aria-label={s('removeEmployee')}
                title={s('removeEmployee')}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <Group gap="sm" align="flex-end">
              <Select
                {...form.getInputProps(`mitarbeiter.${i}.bereich`)}
                label={s('bereich')}
                allowDeselect={false}
                data={WORK_AREAS.map((a) => ({ value: a, label: t(`capacity.areas.${a}`) }))}
                style={{ flex: 1, minWidth: 160 }}
              />
              <Switch
                {...form.getInputProps(`mitarbeiter.${i}.aktiv`, { type: 'checkbox' })}
                label={s('aktiv')}
                mb={8}
              />
            </Group>
            <Text size="sm" fw={500}>
              {s('arbeitszeit')}
            </Text>
            <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
              {WEEKDAYS.map((d) => (
                <NumberField
                  key={d}
                  {...form.getInputProps(`mitarbeiter.${i}.arbeitszeit.${d}`)}
                  value={minutesToHours(e.arbeitszeit[d])}
                  onChange={(v) =>
                    form.setFieldValue(`mitarbeiter.${i}.arbeitszeit.${d}`, hoursToMinutes(Number(v) || 0))
                  }
                  label={t(`capacity.weekdays.${d}`).slice(0, 2)}
                  aria-label={t(`capacity.weekdays.${d}`)}
                  min={0}
                  max={24}
                  step={0.5}
                  decimalScale={2}
                  decimalSeparator={decimal}
                  allowedDecimalSeparators={[decimal]}
                  inputMode="decimal"
                  allowNegative={false}
                  hideControls
                  rightSection="h"
                  rightSectionPointerEvents="none"
                />
              ))}
            </SimpleGrid>
            <Ranges
              form={form}
              path={`mitarbeiter.${i}.abwesenheiten`}
              title={s('absences')}
              add={s('addAbsence')}
              removeLabel={s('removeAbsence')}
            />
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('mitarbeiter', newEmployee(''))}
          data-testid="settings-employee-add"
        >
          {s('addEmployee')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A list of date ranges (absences, operating holidays): from, to, note; add and remove. */
function Ranges({
  form,
  path,
  title,
  add,
  removeLabel,
}: {
  form: Form;
  path: string;
  title: string;
  add: string;
  removeLabel: string;
}) {
  const { t } = useTranslation();
  const rows = (path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], form.values) ??
    []) as { start: string; ende: string; bemerkung: string }[];
  const today = dayjs().format('YYYY-MM-DD');
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

function Holidays({ form }: { form: Form }) {
  const { t } = useTranslation();
  const s = (k: string, o?: Record<string, unknown>) => t(`capacity.settings.${k}`, o);
  const year = dayjs().year();
  const holidays = useHolidays(year);
  const today = dayjs().format('YYYY-MM-DD');
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
        <Text size="sm" fw={500}>
          {s('publicHolidays', { year })}
        </Text>
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
