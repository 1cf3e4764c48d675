import { Checkbox, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { mayCall } from '@pruefbuch/domain/access';
import { Department } from '@pruefbuch/domain/roles';
import { DIVISIONS } from '@pruefbuch/domain/schemas/offer';
import { CONTACT_BLOCKS, SERVICE_KINDS } from '@pruefbuch/domain/schemas/order';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { MoneyField } from '@/components/ui/money-field';
import { NumberField } from '@/components/ui/number-field';
import { useFieldLock } from '@/lib/field-lock';
import { toPrincipal, useSession } from '@/lib/session';
import { userOptions } from '@/lib/user-options';
import { useDoorCatalogue } from '../api/get-door-catalogue';
import { useOrderUsers } from '../api/get-order-users';
import type { OrderValues } from '../order-form';
import { weekLabel, weekOptions } from '../order-weeks';
import { DoorCodeSelect, DoorComponentsSelect, useCatalogueLookup } from './door-code-fields';

export type OrderForm = UseFormReturnType<OrderValues>;

const GRID = { base: 1, sm: 2, md: 3 } as const;

/** A number field whose empty value is null (never 0). */
function nullableNumber(form: OrderForm, path: string) {
  const { value, onChange: _onChange, ...rest } = form.getInputProps(path);
  return {
    ...rest,
    value: (value as number | null) ?? '',
    onChange: (next: number | string) =>
      form.setFieldValue(path as never, (next === '' || next === null ? null : Number(next)) as never),
  };
}

function money(form: OrderForm, path: 'vkid.betrag' | 'vkid.vergabepreis' | 'vkid.verrechneteMaw') {
  const { value, onChange: _onChange, ...rest } = form.getInputProps(path);
  return { ...rest, value: value as number | null, onChange: (next: number | null) => form.setFieldValue(path, next) };
}

/** A calendar week select ('YYYY-Www'); empty is ''. */
export function WeekField({
  form,
  path,
  label,
  testId,
}: {
  form: OrderForm;
  path: 'vkid.akt_kw' | 'el.akt_kw';
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { value, onChange: _onChange, ...rest } = form.getInputProps(path);
  return (
    <Select
      {...rest}
      label={label}
      value={(value as string) || null}
      onChange={(next) => form.setFieldValue(path, next ?? '')}
      data={weekOptions(value as string).map((w) => ({ value: w, label: weekLabel(w, t('orders.list.kw')) }))}
      clearable
      searchable
      data-testid={testId}
    />
  );
}

/** The order's OPM, chosen from the tenant's users (OPM department first); one who left still shows as such. */
function OpmField({ form, label }: { form: OrderForm; label: string }) {
  const { t } = useTranslation();
  const query = useOrderUsers();
  const users = query.data ?? [];
  const value = form.values.opmUser;
  // Only once the tenant's users are there can a user be missing from them: while they load, nothing is claimed.
  const gone = query.isSuccess && value && !users.some((u) => u._id === value);
  const data = [
    ...(gone ? [{ value, label: t('orders.editor.opmUnknown') }] : []),
    ...userOptions(t, users, Department.OPM),
  ];
  return (
    <Select
      {...form.getInputProps('opmUser')}
      label={label}
      data={data}
      searchable
      clearable
      placeholder={t('orders.editor.noOpm')}
      data-testid="order-opmUser"
    />
  );
}

export function ObjektFields({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`orders.fields.${k}`);
  return (
    <Stack gap="md">
      <SimpleGrid cols={GRID} spacing="md">
        <TextInput {...form.getInputProps('objekt')} label={f('objekt')} data-testid="order-objekt" />
        <TextInput {...form.getInputProps('kunde')} label={f('kunde')} data-testid="order-kunde" />
        <OpmField form={form} label={f('opmUser')} />
        <TextInput {...form.getInputProps('abnr')} label={f('abnr')} data-testid="order-abnr" />
        <TextInput {...form.getInputProps('csnr')} label={f('csnr')} data-testid="order-csnr" />
        <TextInput {...form.getInputProps('tp')} label={f('tp')} />
        <TextInput {...form.getInputProps('objektnummer')} label={f('objektnummer')} />
      </SimpleGrid>
      <Textarea {...form.getInputProps('objektdaten')} label={f('objektdaten')} autosize minRows={2} maxRows={8} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Textarea {...form.getInputProps('antriebe')} label={f('antriebe')} autosize minRows={2} maxRows={6} />
        <Textarea
          {...form.getInputProps('antriebeOther')}
          label={f('antriebeOther')}
          autosize
          minRows={2}
          maxRows={6}
        />
      </SimpleGrid>
      <Textarea {...form.getInputProps('bemerkungen')} label={f('bemerkungen')} autosize minRows={2} maxRows={10} />
      <Group gap="lg" align="flex-end">
        <NumberField
          {...nullableNumber(form, 'anzahl_bemerkungen_bei_uebergabe')}
          label={f('anzahl_bemerkungen_bei_uebergabe')}
          min={0}
          allowDecimal={false}
          w={260}
        />
        <Switch {...form.getInputProps('active', { type: 'checkbox' })} label={f('active')} mb={8} />
      </Group>
    </Stack>
  );
}

export function LeistungFields({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t('orders.fields.leistungsart')}
        </Text>
        {SERVICE_KINDS.map((k) => (
          <Checkbox
            key={k}
            {...form.getInputProps(`leistungsart.${k}`, { type: 'checkbox' })}
            label={t(`orders.leistungsart.${k}`)}
            data-testid={`order-leistungsart-${k}`}
          />
        ))}
      </Stack>
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t('orders.fields.abteilung')}
        </Text>
        {DIVISIONS.map((d) => (
          <Checkbox
            key={d}
            {...form.getInputProps(`abteilung.${d}`, { type: 'checkbox' })}
            label={t(`offers.divisions.${d}`)}
          />
        ))}
      </Stack>
    </SimpleGrid>
  );
}

export function ContactFields({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {CONTACT_BLOCKS.map((b) => (
        <Stack key={b} gap="xs" data-testid={`order-contact-${b}`}>
          <Text fw={600} size="sm">
            {t(`orders.fields.${b}`)}
          </Text>
          <TextInput {...form.getInputProps(`${b}.bezeichnung`)} label={t('orders.fields.contact.bezeichnung')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <TextInput {...form.getInputProps(`${b}.email`)} type="email" label={t('orders.fields.contact.email')} />
            <TextInput {...form.getInputProps(`${b}.tel`)} type="tel" label={t('orders.fields.contact.tel')} />
          </SimpleGrid>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export function VkidFields({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`orders.fields.vkid.${k}`);
  // The billing fields are the billing roles' (decision 043): read-only, with a hint, for the others.
  const lock = useFieldLock('order');
  return (
    <Stack gap="md">
      <SimpleGrid cols={GRID} spacing="md">
        <WeekField form={form} path="vkid.akt_kw" label={f('akt_kw')} testId="order-vkid-akt_kw" />
        <DateField
          {...form.getInputProps('vkid.geplante_montage_date')}
          label={f('geplante_montage_date')}
          data-testid="order-vkid-geplante_montage_date"
        />
        <DateField {...form.getInputProps('vkid.warenbtermin_date')} label={f('warenbtermin_date')} />
        <DateField {...form.getInputProps('vkid.belegdatum')} label={f('belegdatum')} />
        <MoneyField
          {...money(form, 'vkid.betrag')}
          {...lock('vkid.betrag')}
          label={f('betrag')}
          data-testid="order-vkid-betrag"
        />
        <MoneyField
          {...money(form, 'vkid.vergabepreis')}
          {...lock('vkid.vergabepreis')}
          label={f('vergabepreis')}
          data-testid="order-vkid-vergabepreis"
        />
        <TextInput {...form.getInputProps('vkid.innendienst')} label={f('innendienst')} />
        <TextInput {...form.getInputProps('vkid.ad')} label={f('ad')} />
        <TextInput {...form.getInputProps('vkid.bestellnummer')} label={f('bestellnummer')} />
        <NumberField
          {...nullableNumber(form, 'vkid.montage_tage')}
          label={f('montage_tage')}
          min={0}
          allowDecimal={false}
        />
        <NumberField
          {...nullableNumber(form, 'vkid.kalkulierte_std')}
          label={f('kalkulierte_std')}
          min={0}
          allowDecimal={false}
        />
        <NumberField
          {...nullableNumber(form, 'vkid.kalkulierte_min')}
          label={f('kalkulierte_min')}
          min={0}
          allowDecimal={false}
        />
        <MoneyField
          {...money(form, 'vkid.verrechneteMaw')}
          {...lock('vkid.verrechneteMaw')}
          label={f('verrechneteMaw')}
          data-testid="order-vkid-verrechneteMaw"
        />
      </SimpleGrid>
      <Group gap="lg">
        <Switch {...form.getInputProps('vkid.fixtermin', { type: 'checkbox' })} label={f('fixtermin')} />
        <Switch
          {...form.getInputProps('vkid.zivi', { type: 'checkbox' })}
          label={f('zivi')}
          data-testid="order-vkid-zivi"
        />
        <Switch
          {...form.getInputProps('vkid.vorverrechnet', { type: 'checkbox' })}
          {...lock('vkid.vorverrechnet')}
          label={f('vorverrechnet')}
          data-testid="order-vkid-vorverrechnet"
        />
        <Switch
          {...form.getInputProps('vkid.verrechnet', { type: 'checkbox' })}
          {...lock('vkid.verrechnet')}
          label={f('verrechnet')}
          data-testid="order-vkid-verrechnet"
        />
      </Group>
      <Textarea {...form.getInputProps('vkid.bemerkungen')} label={f('bemerkungen')} autosize minRows={2} maxRows={8} />
    </Stack>
  );
}

export function ElFields({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`orders.fields.el.${k}`);
  return (
    <Stack gap="md">
      <SimpleGrid cols={GRID} spacing="md">
        <WeekField form={form} path="el.akt_kw" label={f('akt_kw')} testId="order-el-akt_kw" />
        <DateField
          {...form.getInputProps('el.montagedatum')}
          label={f('montagedatum')}
          data-testid="order-el-montagedatum"
        />
        <TextInput {...form.getInputProps('el.montage')} label={f('montage')} />
        <TextInput {...form.getInputProps('el.service_id')} label={f('service_id')} />
        <NumberField
          {...nullableNumber(form, 'el.benoetigte_min')}
          label={f('benoetigte_min')}
          min={0}
          allowDecimal={false}
        />
      </SimpleGrid>
      <Textarea {...form.getInputProps('el.bemerkungen')} label={f('bemerkungen')} autosize minRows={2} maxRows={8} />
    </Stack>
  );
}

/**
 * The door configuration: the door type, and the codes picked from the component catalogue with the text the
 * book gets beside each (decision 052); who keeps the catalogue may also take a code outside it.
 */
export function TuerFields({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`orders.editor.tuer.${k}`);
  const { value, onChange: _onChange, ...rest } = form.getInputProps('tuer.tuertyp');
  const { session } = useSession();
  const user = toPrincipal(session);
  const mayConfirm = !!user && mayCall('components:manage', user);
  const query = useDoorCatalogue();
  const catalogue = useCatalogueLookup(query.data, query.isPending);
  const picker = { form, catalogue, mayConfirm };
  return (
    <Stack gap="md">
      {query.isError ? (
        <Text size="sm" c="red" role="alert">
          {f('catalogueFailed')}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        <Select
          {...rest}
          value={(value as string | null) ?? null}
          onChange={(next) => form.setFieldValue('tuer.tuertyp', (next as 'dreher' | 'schieber' | null) ?? null)}
          label={f('tuertyp')}
          placeholder={f('none')}
          clearable
          data={[
            { value: 'dreher', label: f('dreher') },
            { value: 'schieber', label: f('schieber') },
          ]}
          data-testid="order-tuer-tuertyp"
        />
        <DoorCodeSelect field="antrieb" {...picker} />
        <DoorCodeSelect field="fluegel" {...picker} />
        <DoorCodeSelect field="stromart" {...picker} />
      </SimpleGrid>
      <DoorComponentsSelect {...picker} />
    </Stack>
  );
}
