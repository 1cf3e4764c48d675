import { Alert, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { requiredTimeOf, sumAreas } from '@pruefbuch/domain/rules/capacity-time';
import { type CostList, WORK_AREAS } from '@pruefbuch/domain/schemas/capacity';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { NumberField } from '@/components/ui/number-field';
import { formatMinutes } from '@/lib/format';
import type { OrderForm } from './order-fields';

const COUNTS = [
  'antriebe',
  'sonderfunktionen',
  'verriegelungen',
  'standardglaeser',
  'sonderglaeser',
  'schutzfluegel',
  'seitenteile',
] as const;
const FLAGS = ['bodenfuehrung', 'freitraeger', 'kommissionierung'] as const;

/**
 * The order's production block: the template of the cost list, the counted items and further minutes, and the
 * time each work area needs for it, computed as it is typed (the rule table of required time).
 */
export function ProductionFields({
  form,
  costList,
  costListError,
  onRetry,
}: {
  form: OrderForm;
  costList: CostList | undefined;
  costListError: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const p = (k: string) => t(`capacity.production.${k}`);
  const values = form.values.fertigung;
  const required = costList ? requiredTimeOf({ tuer: form.values.tuer, fertigung: values }, costList) : null;
  const templates = costList?.vorlagen ?? [];
  const known = values.vorlage === null || templates.some((v) => v._id === values.vorlage);
  return (
    <Stack gap="md" data-testid="order-production">
      <Select
        label={p('vorlage')}
        value={values.vorlage ?? ''}
        onChange={(v) => form.setFieldValue('fertigung.vorlage', v ? v : null)}
        data={[
          { value: '', label: p('noVorlage') },
          ...templates.map((v) => ({
            value: v._id,
            label: v.proFluegel ? `${v.name} (${t('costlist.templates.proFluegel')})` : v.name,
          })),
          ...(known ? [] : [{ value: values.vorlage ?? '', label: values.vorlage ?? '' }]),
        ]}
        allowDeselect={false}
        error={form.errors['fertigung.vorlage'] as string | undefined}
        maw={420}
        data-testid="order-production-vorlage"
      />
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        {COUNTS.map((k) => (
          <NumberField
            key={k}
            {...form.getInputProps(`fertigung.${k}`)}
            label={p(k)}
            min={0}
            max={99}
            allowDecimal={false}
            allowNegative={false}
            data-testid={`order-production-${k}`}
          />
        ))}
        <NumberField
          {...form.getInputProps('fertigung.sonstigeMinuten')}
          label={p('sonstigeMinuten')}
          min={0}
          max={6000}
          allowDecimal={false}
          allowNegative={false}
          rightSection="min"
          rightSectionWidth={40}
          rightSectionPointerEvents="none"
          data-testid="order-production-sonstigeMinuten"
        />
      </SimpleGrid>
      <Group gap="lg">
        {FLAGS.map((k) => (
          <Checkbox key={k} {...form.getInputProps(`fertigung.${k}`, { type: 'checkbox' })} label={p(k)} />
        ))}
      </Group>
      {costListError ? <LoadError error={costListError} onRetry={onRetry} /> : null}
      {!costList && !costListError ? (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      ) : null}
      {required ? (
        <Paper withBorder radius="sm" p="sm" data-testid="order-production-required">
          <Text size="sm" fw={600} mb={4}>
            {p('required')}
          </Text>
          <Table fz="sm" verticalSpacing={2} maw={420}>
            <Table.Tbody>
              {WORK_AREAS.map((a) => (
                <Table.Tr key={a} data-testid="order-production-area" data-area={a}>
                  <Table.Td>{t(`capacity.areas.${a}`)}</Table.Td>
                  <Table.Td ta="right" data-minutes={required.required[a]}>
                    {formatMinutes(required.required[a])}
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr fw={700}>
                <Table.Td>{p('total')}</Table.Td>
                <Table.Td ta="right" data-testid="order-production-total" data-minutes={sumAreas(required.required)}>
                  {formatMinutes(sumAreas(required.required))}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {!form.values.tuer.tuertyp && values.antriebe > 0 ? (
            <Alert color="gray" variant="transparent" p={0} mt={4} icon={<IconInfoCircle size={16} />}>
              <Text size="xs">{p('noDoorType')}</Text>
            </Alert>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}
