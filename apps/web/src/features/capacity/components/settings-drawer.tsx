import { Button, Drawer, Group, Select, SimpleGrid, Stack, Switch, Tabs, Text, TextInput, Title } from '@mantine/core';
import {
  type CapacitySettings,
  capacitySettingsUpdateSchema,
  type Employee,
  WEEKDAYS,
  WORK_AREAS,
} from '@pruefbuch/domain/schemas/capacity';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { confirmDiscard } from '@/components/ui/entity-editor/use-unsaved-guard';
import { ListRow } from '@/components/ui/list-row';
import { NumberField } from '@/components/ui/number-field';
import { ProtocolTable } from '@/components/ui/protocol-table';
import { weekdayShort } from '@/lib/format';
import { getSessionState } from '@/lib/session';
import { useCapacityProtocol } from '../api/get-capacity-protocol';
import { capacitySettingsQueryOptions, useCapacitySettings } from '../api/get-capacity-settings';
import { useUpdateCapacitySettings } from '../api/update-capacity-settings';
import { hoursToMinutes, minutesToHours } from '../capacity-format';
import { Ranges } from './date-ranges';
import type { SettingsForm, SettingsValues } from './settings-form';
import { HolidaysTab } from './settings-holidays';

const toValues = (s: CapacitySettings): SettingsValues => ({
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

/**
 * The settings of capacity planning (admin, production lead): employees and their absences, holidays, the state.
 * Closing it with unsaved input asks first, as leaving an editor screen does; Escape then closes only what is
 * open inside it (a calendar, a list), not the drawer with the input.
 */
export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useCapacitySettings(opened);
  const [dirty, setDirty] = useState(false);
  const close = () => {
    if (!dirty) return onClose();
    confirmDiscard(t, {
      onConfirm: () => {
        setDirty(false);
        onClose();
      },
    });
  };
  return (
    <Drawer
      opened={opened}
      onClose={close}
      closeOnEscape={!dirty}
      position="right"
      size="xl"
      title={
        <Title order={2} size="h4">
          {t('capacity.settings.title')}
        </Title>
      }
      data-testid="capacity-settings"
    >
      {opened ? (
        <EntityLoad query={settings}>
          {(s) => <SettingsEditor key={s._id} settings={s} onDirtyChange={setDirty} />}
        </EntityLoad>
      ) : null}
    </Drawer>
  );
}

function SettingsEditor({
  settings,
  onDirtyChange,
}: {
  settings: CapacitySettings;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateCapacitySettings();
  const editor = useEntityEditor<SettingsValues, CapacitySettings>({
    schema: capacitySettingsUpdateSchema,
    initialValues: toValues(settings),
    toValues,
    save: (values) => update.mutateAsync({ id: settings._id, data: capacitySettingsUpdateSchema.parse(values) }),
    fetchLatest: () =>
      queryClient.fetchQuery({ ...capacitySettingsQueryOptions(getSessionState().currentTenant), staleTime: 0 }),
    toastInvalid: true,
  });
  useEffect(() => onDirtyChange(editor.dirty), [editor.dirty, onDirtyChange]);
  return (
    <EditorForm editor={editor} framed={false} testId="capacity-settings">
      <Tabs defaultValue="employees" keepMounted={false}>
        <Tabs.List aria-label={t('capacity.settings.tabs')} mb="md">
          <Tabs.Tab value="employees">{t('capacity.settings.employees')}</Tabs.Tab>
          <Tabs.Tab value="holidays" data-testid="capacity-settings-holidays-tab">
            {t('capacity.settings.holidays')}
          </Tabs.Tab>
          <Tabs.Tab value="protocol" data-testid="capacity-settings-protocol-tab">
            {t('protocol.title')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="employees">
          <Employees form={editor.form} />
        </Tabs.Panel>
        <Tabs.Panel value="holidays">
          <HolidaysTab form={editor.form} />
        </Tabs.Panel>
        <Tabs.Panel value="protocol">
          <SettingsProtocol id={settings._id} />
        </Tabs.Panel>
      </Tabs>
    </EditorForm>
  );
}

function Employees({ form }: { form: SettingsForm }) {
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
        <ListRow
          key={e._id ?? `new-${i}`}
          header={
            <TextInput
              {...form.getInputProps(`mitarbeiter.${i}.name`)}
              label={s('name')}
              data-testid="settings-employee-name"
            />
          }
          onRemove={() => remove(i)}
          removeLabel={s('removeEmployee')}
          testId="settings-employee"
        >
          <Group gap="sm" align="flex-end">
            <Select
              {...form.getInputProps(`mitarbeiter.${i}.bereich`)}
              label={s('bereich')}
              allowDeselect={false}
              data={WORK_AREAS.map((a) => ({ value: a, label: t(`capacity.areas.${a}`) }))}
              style={{ flex: 1, minWidth: 160 }}
            />
            <Switch {...form.getInputProps(`mitarbeiter.${i}.aktiv`, { type: 'checkbox' })} label={s('aktiv')} mb={8} />
          </Group>
          <Text size="sm" fw={500}>
            {s('arbeitszeit')}
          </Text>
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {WEEKDAYS.map((d, day) => (
              <NumberField
                key={d}
                {...form.getInputProps(`mitarbeiter.${i}.arbeitszeit.${d}`)}
                value={minutesToHours(e.arbeitszeit[d])}
                onChange={(v) =>
                  form.setFieldValue(`mitarbeiter.${i}.arbeitszeit.${d}`, hoursToMinutes(Number(v) || 0))
                }
                label={weekdayShort(day + 1)}
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
        </ListRow>
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

/** The settings' protocol: who changed what, employee by employee (read-only, beside the form). */
function SettingsProtocol({ id }: { id: string }) {
  const protocol = useCapacityProtocol(id);
  return <ProtocolTable entity="capacity" query={protocol} />;
}
