import {
  Box,
  Divider,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Role } from '@pruefbuch/domain/roles';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthInput } from '@/components/ui/password-strength-input';
import { useUserTenants } from '../api/get-user-tenants';
import { useLookupOptions } from '../lookup-options';
import type { UserAdminValues, UserFormMode } from '../user-admin-form';

type NumberPath = 'role' | 'customerRole' | 'department' | 'customer';

/** Every field an admin may set on an account (userAdminWriteSchema), plus the password where it belongs. */
export function UserAdminFields({ form, mode }: { form: UseFormReturnType<UserAdminValues>; mode: UserFormMode }) {
  const { t } = useTranslation();
  const roles = useLookupOptions('roles');
  const customerRoles = useLookupOptions('customerRoles');
  const departments = useLookupOptions('departments');
  const customers = useLookupOptions('customers');
  const tenants = useUserTenants();
  const tenantOptions = (tenants.data ?? []).map((tenant) => ({ value: tenant._id, label: tenant.name }));
  // Keep tenants the user already has visible even when the list of assignable ones does not name them.
  for (const id of form.values.tenants) {
    if (!tenantOptions.some((o) => o.value === id)) tenantOptions.push({ value: id, label: id });
  }

  const numberSelect = (path: NumberPath) => {
    const props = form.getInputProps(path);
    return {
      ...props,
      value: props.value === null || props.value === undefined ? null : String(props.value),
      onChange: (value: string | null) => form.setFieldValue(path, value === null ? null : Number(value)),
    };
  };
  const isBranch = form.values.role === Role.ROLE_FILIALE;

  return (
    <Stack gap="md">
      <Title order={4}>{t('users.profile.personal')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput {...form.getInputProps('firstName')} label={t('users.fields.firstName')} withAsterisk />
        <TextInput {...form.getInputProps('lastName')} label={t('users.fields.lastName')} withAsterisk />
        <TextInput
          {...form.getInputProps('email')}
          label={t('users.fields.email')}
          type="email"
          autoComplete="off"
          withAsterisk
        />
        <TextInput {...form.getInputProps('tel')} label={t('users.fields.tel')} type="tel" />
        <TextInput {...form.getInputProps('abbreviation')} label={t('users.fields.abbreviation')} maxLength={10} />
      </SimpleGrid>

      <Divider my="xs" />
      <Title order={4}>{t('users.admin.access')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          {...numberSelect('role')}
          label={t('users.fields.role')}
          data={roles}
          allowDeselect={false}
          withAsterisk
          data-testid="user-role"
        />
        {isBranch ? (
          <Select
            {...numberSelect('customerRole')}
            value={form.values.customerRole === null ? '1' : String(form.values.customerRole)}
            label={t('users.fields.customerRole')}
            data={customerRoles}
            allowDeselect={false}
            data-testid="user-customer-role"
          />
        ) : null}
        <Select
          {...numberSelect('department')}
          label={t('users.fields.department')}
          data={departments}
          allowDeselect={false}
        />
        <Select
          {...numberSelect('customer')}
          label={t('users.fields.customer')}
          data={customers}
          allowDeselect={false}
        />
        <MultiSelect
          {...form.getInputProps('tenants')}
          label={t('users.fields.tenants')}
          placeholder={form.values.tenants.length ? undefined : t('users.fields.tenantsPlaceholder')}
          nothingFoundMessage={t('users.fields.tenantsEmpty')}
          data={tenantOptions}
          searchable
          clearable
          style={{ gridColumn: '1 / -1' }}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Switch
          {...form.getInputProps('auswertung', { type: 'checkbox' })}
          label={t('users.fields.auswertung')}
          description={t('users.fields.auswertungHint')}
        />
        <Switch
          {...form.getInputProps('forecast', { type: 'checkbox' })}
          label={t('users.fields.forecast')}
          description={t('users.fields.forecastHint')}
        />
      </SimpleGrid>

      {mode !== 'register' ? (
        <>
          <Divider my="xs" />
          <Title order={4}>{t('users.admin.account')}</Title>
          <Switch
            {...form.getInputProps('isResigned', { type: 'checkbox' })}
            label={t('users.fields.isResigned')}
            description={t('users.fields.isResignedHint')}
            color="red"
            data-testid="user-resigned"
          />
        </>
      ) : null}
      {mode === 'create' ? (
        <PasswordInput
          {...form.getInputProps('password')}
          label={t('users.fields.passwordOptional')}
          description={t('users.fields.passwordOptionalHint')}
          autoComplete="new-password"
          maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
        />
      ) : null}
      {mode === 'register' ? (
        <>
          <Divider my="xs" />
          <Title order={4}>{t('users.admin.account')}</Title>
          <Box maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}>
            <PasswordStrengthInput
              {...form.getInputProps('password')}
              value={form.values.password}
              label={t('users.fields.password')}
              autoComplete="new-password"
              withAsterisk
            />
          </Box>
        </>
      ) : null}
    </Stack>
  );
}
