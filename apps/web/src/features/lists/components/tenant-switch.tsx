import { Select } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUserTenants } from '@/features/tenants';
import { selectWidth } from '@/lib/select-width';

/** Switches a per-tenant list to another of the user's tenants; hidden when the user has only one. */
export function TenantSwitch({ value, onChange }: { value: string; onChange: (tenantId: string) => void }) {
  const { t } = useTranslation();
  const tenants = useUserTenants();
  if (!tenants.data || tenants.data.length < 2) return null;
  const data = tenants.data.map((tenant) => ({ value: tenant._id, label: tenant.name }));
  return (
    <Select
      value={value}
      onChange={(id) => id && id !== value && onChange(id)}
      data={data}
      searchable
      allowDeselect={false}
      label={t('lists.tenantSwitch')}
      leftSection={<IconBuildingWarehouse size={16} />}
      // As wide as the longest tenant name needs, so the chosen one is read in full.
      w={{
        base: '100%',
        xs: selectWidth(
          data.map((d) => d.label),
          { size: 'sm', min: 260, max: 400 },
        ),
      }}
      comboboxProps={{ withinPortal: true }}
      data-testid="list-tenant"
    />
  );
}
