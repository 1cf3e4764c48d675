import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { mawAmountOf, mawTotalsOf } from '@pruefbuch/domain/rules/maw';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { MawRates } from '@pruefbuch/domain/schemas/capacity';
import { DELIVERY_DEFAULTS, MAW_ENTRY_DEFAULTS, type MawEntry } from '@pruefbuch/domain/schemas/order';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { ListRow } from '@/components/ui/list-row';
import { NumberField } from '@/components/ui/number-field';
import { Segments } from '@/components/ui/segments';
import { useFieldLock } from '@/lib/field-lock';
import { formatMoney } from '@/lib/format';
import type { OrderForm } from './order-fields';

/** A new extra effort is dated today (Berlin): it is mostly entered on the day or soon after. */
const emptyMaw = (): MawEntry => ({ ...MAW_ENTRY_DEFAULTS, datum: berlinToday() });

/** The deliveries (SPEC §3 logistik): add and remove rows; an overdue delivery turns the overall ampel red. */
export function DeliveriesTable({ form, readOnly }: { form: OrderForm; readOnly: boolean }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`orders.editor.deliveries.${k}`);
  const rows = form.values.logistik;
  return (
    <Stack gap="sm" data-testid="order-deliveries">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {f('empty')}
        </Text>
      ) : null}
      {rows.map((row, i) => (
        <ListRow
          key={row._id ?? `new-${i}`}
          header={t('orders.editor.deliveries.row', { n: i + 1 })}
          removeLabel={f('remove')}
          onRemove={readOnly ? undefined : () => form.removeListItem('logistik', i)}
          testId="order-delivery-row"
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
            <TextInput
              {...form.getInputProps(`logistik.${i}.bezeichnung`)}
              label={f('bezeichnung')}
              withAsterisk
              data-testid="order-delivery-bezeichnung"
            />
            <TextInput {...form.getInputProps(`logistik.${i}.lieferant`)} label={f('lieferant')} />
            <NumberField
              {...form.getInputProps(`logistik.${i}.menge`)}
              value={row.menge ?? ''}
              onChange={(v) => form.setFieldValue(`logistik.${i}.menge`, v === '' ? null : Number(v))}
              label={f('menge')}
              min={0}
              allowDecimal={false}
            />
            <DateField {...form.getInputProps(`logistik.${i}.bestelltAm`)} label={f('bestelltAm')} />
            <DateField
              {...form.getInputProps(`logistik.${i}.geplantAm`)}
              label={f('geplantAm')}
              data-testid="order-delivery-geplantAm"
            />
            <DateField {...form.getInputProps(`logistik.${i}.geliefertAm`)} label={f('geliefertAm')} />
            <TextInput {...form.getInputProps(`logistik.${i}.bemerkung`)} label={f('bemerkung')} />
          </SimpleGrid>
        </ListRow>
      ))}
      {readOnly ? null : (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('logistik', { ...DELIVERY_DEFAULTS })}
            data-testid="order-delivery-add"
          >
            {f('add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The extra effort (SPEC §3 maw): hours at the internal or external rate, travel, shipping, billed; with the cost
 * list's rates each row shows its amount, and the list its sum.
 */
export function MawTable({ form, readOnly, rates }: { form: OrderForm; readOnly: boolean; rates?: MawRates }) {
  const { t } = useTranslation();
  const lock = useFieldLock('order');
  const f = (k: string) => t(`orders.editor.maw.${k}`);
  const rows = form.values.maw;
  const totals = rates ? mawTotalsOf(rows, rates) : null;
  return (
    <Stack gap="sm" data-testid="order-maw">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {f('empty')}
        </Text>
      ) : null}
      {rows.map((row, i) => {
        // Billing an entry is the billing roles' (decision 043); for the others a billed entry stays as it is.
        const billing = lock(`maw.${i}.verrechnet`);
        const frozen = readOnly || (billing.disabled === true && row.verrechnet);
        const off = frozen ? { disabled: true } : {};
        return (
          <ListRow
            key={row._id ?? `new-${i}`}
            header={t('orders.editor.maw.row', { n: i + 1 })}
            removeLabel={f('remove')}
            onRemove={frozen ? undefined : () => form.removeListItem('maw', i)}
            testId="order-maw-row"
          >
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
              <DateField {...form.getInputProps(`maw.${i}.datum`)} {...off} label={f('datum')} withAsterisk />
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {f('art')}
                </Text>
                <Segments
                  aria-label={t('orders.editor.maw.rowArt', { n: i + 1 })}
                  value={row.art}
                  onChange={(v) => form.setFieldValue(`maw.${i}.art`, v)}
                  data={[
                    { value: 'int', label: f('int') },
                    { value: 'ext', label: f('ext') },
                  ]}
                  disabled={frozen}
                />
              </Stack>
              <NumberField
                {...form.getInputProps(`maw.${i}.stunden`)}
                {...off}
                label={f('stunden')}
                min={0}
                max={1000}
                decimalScale={2}
                data-testid="order-maw-stunden"
              />
              <TextInput {...form.getInputProps(`maw.${i}.bemerkung`)} {...off} label={f('bemerkung')} />
            </SimpleGrid>
            <Group gap="lg" justify="space-between">
              <Group gap="lg">
                <Checkbox
                  {...form.getInputProps(`maw.${i}.anfahrt`, { type: 'checkbox' })}
                  {...off}
                  label={f('anfahrt')}
                />
                <Checkbox
                  {...form.getInputProps(`maw.${i}.versand`, { type: 'checkbox' })}
                  {...off}
                  label={f('versand')}
                />
                <Checkbox
                  {...form.getInputProps(`maw.${i}.verrechnet`, { type: 'checkbox' })}
                  {...billing}
                  label={f('verrechnet')}
                  data-testid="order-maw-verrechnet"
                />
              </Group>
              {rates ? (
                <Text size="sm" fw={600} data-testid="order-maw-amount">
                  {t('capacity.maw.amount')}: {formatMoney(mawAmountOf(row, rates))}
                </Text>
              ) : null}
            </Group>
          </ListRow>
        );
      })}
      {totals && rates && rows.length > 0 ? (
        <Stack gap={0} align="flex-end" data-testid="order-maw-totals">
          <Text size="sm" fw={700} data-testid="order-maw-total">
            {t('capacity.maw.total')}: {formatMoney(totals.total)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('capacity.maw.open')}: {formatMoney(totals.open)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('capacity.maw.rates', {
              int: formatMoney(rates.intMaw),
              ext: formatMoney(rates.extMaw),
              travel: formatMoney(rates.travelFlatRate),
              versand: formatMoney(rates.versandCost),
            })}
          </Text>
        </Stack>
      ) : null}
      {readOnly ? null : (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('maw', emptyMaw())}
            data-testid="order-maw-add"
          >
            {f('add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
