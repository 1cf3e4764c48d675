import { Select } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUserTenants } from '@/features/tenants';

/** Switches a per-tenant list to another of the user's tenants; hidden when the user has only one. */
export function TenantSwitch({ value, onChange }: { value: string; onChange: (tenantId: string) => void }) {
  const { t } = useTranslation();
  const tenants = useUserTenants();
  if (!tenants.data || tenants.data.length < 2) return null;
  return (
    <Select
      value={value}
      onChange={(id) => id && id !== value && onChange(id)}
      data={tenants.data.map((tenant) => ({ value: tenant._id, label: tenant.name }))}
      searchable
      allowDeselect={false}
      label={t('lists.tenantSwitch')}
      leftSection={<IconBuildingWarehouse size={16} />}
      w={{ base: '100%', xs: 260 }}
      comboboxProps={{ withinPortal: true }}
      data-testid="list-tenant"
    />
  );
}
