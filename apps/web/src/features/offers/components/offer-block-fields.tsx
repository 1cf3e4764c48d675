import { Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { OPM_STATUSES, TALK_RESULTS } from '@pruefbuch/domain/rules/offer-ampel';
import { ACCEPTANCE_STATES, type Offer } from '@pruefbuch/domain/schemas/offer';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { MoneyField } from '@/components/ui/money-field';
import { useFieldLock } from '@/lib/field-lock';
import { formatDateTime } from '@/lib/format';
import type { OfferValues } from '../offer-form';

type Form = UseFormReturnType<OfferValues>;

const money = (form: Form, path: 'angebot.offerSum' | 'ersatzteile.orderSum' | 'ersatzteile.invoiceValue') => {
  const { value, onChange: _onChange, ...rest } = form.getInputProps(path);
  return {
    ...rest,
    value: value as number | null,
    onChange: (next: number | null) => form.setFieldValue(path, next),
  };
};

/** The offer block (SPEC §3 angebot): number, date, sum, follow-up, how the talk ended and its notes. */
export function AngebotFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const other = form.values.angebot.talkResult === 'sonstiges_talk_result';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        <TextInput
          {...form.getInputProps('angebot.offerNr')}
          label={t('offers.fields.offerNr')}
          data-testid="offer-offerNr"
        />
        <DateField
          {...form.getInputProps('angebot.offerDate')}
          label={t('offers.fields.offerDate')}
          data-testid="offer-offerDate"
        />
        <MoneyField
          {...money(form, 'angebot.offerSum')}
          label={t('offers.fields.offerSum')}
          data-testid="offer-offerSum"
        />
        <DateField
          {...form.getInputProps('angebot.offerFollowUpDate')}
          label={t('offers.fields.offerFollowUpDate')}
          data-testid="offer-offerFollowUpDate"
        />
      </SimpleGrid>
      <Select
        {...form.getInputProps('angebot.talkResult')}
        label={t('offers.fields.talkResult')}
        data={TALK_RESULTS.map((r) => ({ value: r, label: t(`offers.talkResults.${r}`) }))}
        placeholder={t('offers.editor.noTalkResult')}
        clearable
        maw={{ sm: 480 }}
        data-testid="offer-talkResult"
      />
      <Textarea
        {...form.getInputProps('angebot.notes')}
        label={t('offers.fields.talkNotes')}
        description={other ? t('offers.editor.reasonHint') : undefined}
        withAsterisk={other}
        autosize
        minRows={2}
        maxRows={8}
        data-testid="offer-talkNotes"
      />
    </Stack>
  );
}

/** The order-process-management block (SPEC §3 opm): follow-up of the order, its state and notes. */
export function OpmFields({ form, offer }: { form: Form; offer?: Offer }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {offer?.opm.orderId ? (
        <Text size="sm" data-testid="offer-order-id">
          {t('offers.editor.orderId', { id: offer.opm.orderId })}
        </Text>
      ) : null}
      {offer?.takeOverRequestedAt ? (
        <Text size="sm" c="teal.8" data-testid="offer-takeover-requested">
          {t('offers.editor.takeOverRequested', { date: formatDateTime(offer.takeOverRequestedAt) })}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DateField
          {...form.getInputProps('opm.orderFollowUpDate')}
          label={t('offers.fields.orderFollowUpDate')}
          data-testid="offer-orderFollowUpDate"
        />
        <Select
          {...form.getInputProps('opm.status')}
          label={t('offers.fields.opmStatus')}
          data={OPM_STATUSES.map((s) => ({ value: s, label: t(`offers.opmStatus.${s}`) }))}
          clearable
          data-testid="offer-opmStatus"
        />
      </SimpleGrid>
      <Textarea
        {...form.getInputProps('opm.notes')}
        label={t('offers.fields.opmNotes')}
        autosize
        minRows={2}
        maxRows={8}
      />
    </Stack>
  );
}

/** The spare-parts and order data block (SPEC §3 ersatzteile). */
export function ErsatzteileFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  // Invoice value and release for billing are the billing roles' (decision 043).
  const lock = useFieldLock('offer');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          {...form.getInputProps('ersatzteile.orderNumber')}
          label={t('offers.fields.orderNumber')}
          data-testid="offer-orderNumber"
        />
        <DateField
          {...form.getInputProps('ersatzteile.orderDate')}
          label={t('offers.fields.orderDate')}
          data-testid="offer-orderDate"
        />
        <MoneyField
          {...money(form, 'ersatzteile.orderSum')}
          label={t('offers.fields.orderSum')}
          data-testid="offer-orderSum"
        />
        <Select
          {...form.getInputProps('ersatzteile.civilAcceptance')}
          label={t('offers.fields.civilAcceptance')}
          data={ACCEPTANCE_STATES.map((s) => ({ value: s, label: t(`offers.acceptance.${s}`) }))}
          clearable
        />
        <DateField
          {...form.getInputProps('ersatzteile.implementationDate')}
          label={t('offers.fields.implementationDate')}
        />
        <MoneyField
          {...money(form, 'ersatzteile.invoiceValue')}
          {...lock('ersatzteile.invoiceValue')}
          label={t('offers.fields.invoiceValue')}
          data-testid="offer-invoiceValue"
        />
      </SimpleGrid>
      <Switch
        {...form.getInputProps('ersatzteile.freigabeZurVerrechnung', { type: 'checkbox' })}
        {...lock('ersatzteile.freigabeZurVerrechnung')}
        label={t('offers.fields.freigabeZurVerrechnung')}
        data-testid="offer-freigabeZurVerrechnung"
      />
      <Textarea
        {...form.getInputProps('ersatzteile.notes')}
        label={t('offers.fields.sparePartsNotes')}
        autosize
        minRows={2}
        maxRows={8}
      />
    </Stack>
  );
}
