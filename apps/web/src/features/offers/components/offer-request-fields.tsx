import { Checkbox, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Department, Role } from '@pruefbuch/domain/roles';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { DIVISIONS, type Offer, RECEIVED_VIA } from '@pruefbuch/domain/schemas/offer';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { useFieldLock } from '@/lib/field-lock';
import { toPrincipal, useSession } from '@/lib/session';
import { departmentOptions } from '@/lib/user-options';
import type { OfferUser } from '../api/get-offer-users';
import type { OfferValues } from '../offer-form';
import { UserSelect } from './user-select';

function SubTitle({ children }: { children: string }) {
  return (
    <Text size="sm" fw={600} c="dimmed" mt="xs">
      {children}
    </Text>
  );
}

/**
 * The request (SPEC §3 Offer main fields): how and when it came in, customer and object, the contact, the
 * divisions it concerns and the department that has it now, who is responsible, and the dates.
 */
export function OfferRequestFields({
  form,
  users,
  usersLoading,
  usersFailed,
  offer,
}: {
  form: UseFormReturnType<OfferValues>;
  users: readonly OfferUser[];
  usersLoading: boolean;
  usersFailed: boolean;
  offer?: Offer;
}) {
  const { t } = useTranslation();
  const field = (name: keyof OfferValues & string) => ({
    ...form.getInputProps(name),
    label: t(`offers.fields.${name}`),
    'data-testid': `offer-${name}`,
  });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          {...form.getInputProps('receivedVia')}
          label={t('offers.fields.receivedVia')}
          data={RECEIVED_VIA.map((v) => ({ value: v, label: t(`offers.receivedVia.${v}`) }))}
          clearable
          data-testid="offer-receivedVia"
        />
        <DateField
          {...form.getInputProps('receivedDate')}
          label={t('offers.fields.receivedDate')}
          data-testid="offer-receivedDate"
        />
        <TextInput {...field('receivedFrom')} />
      </SimpleGrid>

      <SubTitle>{t('offers.sections.customer')}</SubTitle>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput {...field('debitor')} />
        <TextInput {...field('csnr')} />
        <TextInput {...field('tp')} />
        <TextInput {...field('objekt')} />
        <TextInput {...field('bauObjektNr')} />
        <TextInput {...field('plz')} inputMode="numeric" />
      </SimpleGrid>
      <Textarea {...field('objektdaten')} autosize minRows={2} maxRows={8} />

      <SubTitle>{t('offers.sections.contact')}</SubTitle>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput {...field('contactPerson')} />
        <TextInput {...field('contactPersonTelNr')} type="tel" />
        <TextInput {...field('customerEmail')} type="email" />
      </SimpleGrid>

      <SubTitle>{t('offers.sections.responsible')}</SubTitle>
      {/* The group holds the ticks: a checkbox in a Checkbox.Group shows the group's value, not its own. */}
      <Checkbox.Group
        label={t('offers.fields.abteilung')}
        value={DIVISIONS.filter((d) => form.values.abteilung[d])}
        onChange={(ticked) =>
          form.setFieldValue(
            'abteilung',
            Object.fromEntries(DIVISIONS.map((d) => [d, ticked.includes(d)])) as OfferValues['abteilung'],
          )
        }
      >
        <Group gap="md" mt={6}>
          {DIVISIONS.map((d) => (
            <Checkbox key={d} value={d} label={t(`offers.divisions.${d}`)} data-testid={`offer-division-${d}`} />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          value={String(form.values.aktuelle_abteilung)}
          onChange={(value) => form.setFieldValue('aktuelle_abteilung', Number(value ?? Department.OFM))}
          error={form.getInputProps('aktuelle_abteilung').error}
          label={t('offers.fields.aktuelle_abteilung')}
          data={departmentOptions(t)}
          allowDeselect={false}
          data-testid="offer-aktuelle_abteilung"
        />
        <UserSelect
          form={form}
          path="ofmUser"
          label={t('offers.fields.ofmUser')}
          users={users}
          known={offer?.users.ofm}
          department={Department.OFM}
          loading={usersLoading}
          loadFailed={usersFailed}
          testId="offer-ofmUser"
        />
        <UserSelect
          form={form}
          path="opmUser"
          label={t('offers.fields.opmUser')}
          users={users}
          known={offer?.users.opm}
          department={Department.OPM}
          loading={usersLoading}
          loadFailed={usersFailed}
          testId="offer-opmUser"
        />
        <UserSelect
          form={form}
          path="ktb"
          label={t('offers.fields.ktb')}
          users={users}
          known={offer?.users.ktb}
          department={Department.KTB}
          loading={usersLoading}
          loadFailed={usersFailed}
          testId="offer-ktb"
        />
        <DateField
          {...form.getInputProps('deliveryDate')}
          label={t('offers.fields.deliveryDate')}
          data-testid="offer-deliveryDate"
        />
        <DeleteFilesDateField form={form} />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The attachments' deletion date (decision 043): the office's to set, from tomorrow on (Berlin); an admin
 * may set any day. The other roles see it read-only with the reason.
 */
function DeleteFilesDateField({ form }: { form: UseFormReturnType<OfferValues> }) {
  const { t } = useTranslation();
  const lock = useFieldLock('offer')('deleteFilesDate');
  const { session } = useSession();
  const admin = toPrincipal(session)?.role === Role.ADMIN_ROLE;
  const tomorrow = dayjs(berlinToday()).add(1, 'day').format('YYYY-MM-DD');
  return (
    <DateField
      {...form.getInputProps('deleteFilesDate')}
      {...(admin ? {} : { minDate: tomorrow })}
      description={lock.description ?? (admin ? undefined : t('offers.fields.deleteFilesDateHint'))}
      disabled={lock.disabled}
      label={t('offers.fields.deleteFilesDate')}
      data-testid="offer-deleteFilesDate"
    />
  );
}
