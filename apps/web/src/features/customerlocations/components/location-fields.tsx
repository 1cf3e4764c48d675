import { Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Customer } from '@pruefbuch/domain/roles';
import { useTranslation } from 'react-i18next';
import { AddressEditor } from '@/components/ui/address-editor';
import type { LocationValues } from '../location-form';

/** The fields of a location: ZNL, Nr, SAP-Nr, the address, remarks, customer and the two switches. */
export function LocationFields({ form }: { form: UseFormReturnType<LocationValues> }) {
  const { t } = useTranslation();
  const customers = Object.entries(Customer).map(([name, value]) => ({
    value: String(value),
    label: t(`lookups.customers.${name}`),
  }));
  return (
    <Stack gap="md">
      <div>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput
            {...form.getInputProps('znl')}
            label={t('customerlocations.fields.znl')}
            data-testid="location-znl"
          />
          <TextInput {...form.getInputProps('nr')} label={t('customerlocations.fields.nr')} data-testid="location-nr" />
          <TextInput
            {...form.getInputProps('sapNr')}
            label={t('customerlocations.fields.sapNr')}
            data-testid="location-sapnr"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={4}>
          {t('customerlocations.edit.identifiers')}
        </Text>
      </div>
      <AddressEditor
        form={form}
        path="address"
        label={t('customerlocations.fields.address')}
        testId="location-address"
      />
      <Textarea
        {...form.getInputProps('bemerkungen')}
        label={t('customerlocations.fields.bemerkungen')}
        autosize
        minRows={2}
        maxRows={8}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
        <Select
          value={form.values.customer == null ? null : String(form.values.customer)}
          onChange={(value) => form.setFieldValue('customer', value == null ? null : (Number(value) as never))}
          error={form.getInputProps('customer').error}
          label={t('customerlocations.fields.customer')}
          placeholder={t('customerlocations.edit.customerPlaceholder')}
          data={customers}
          allowDeselect={false}
          required
          data-testid="location-customer"
        />
        <Switch
          {...form.getInputProps('active', { type: 'checkbox' })}
          label={t('customerlocations.fields.active')}
          description={t('customerlocations.edit.activeHint')}
          mt={{ sm: 'lg' }}
        />
        <Switch
          {...form.getInputProps('ruhend', { type: 'checkbox' })}
          label={t('customerlocations.fields.ruhend')}
          description={t('customerlocations.edit.ruhendHint')}
          mt={{ sm: 'lg' }}
          data-testid="location-ruhend"
        />
      </SimpleGrid>
    </Stack>
  );
}
