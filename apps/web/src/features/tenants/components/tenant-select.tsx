import { Select } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { selectWidth } from '@/lib/select-width';

interface Props {
  fullWidth: boolean;
  value: string | null;
  onChange: (id: string | null) => void;
  data: { value: string; label: string }[];
}

/** The tenant picker's select (loaded only for users with more than one tenant). */
export function TenantSelect({ fullWidth, value, onChange, data }: Props) {
  const { t } = useTranslation();
  // As wide as the longest tenant name needs (at most 360 px): the current tenant's name is never cut off.
  const width = selectWidth(data.map((d) => d.label));
  return (
    <Select
      size={fullWidth ? 'sm' : 'xs'}
      value={value}
      onChange={onChange}
      data={data}
      searchable
      allowDeselect={false}
      aria-label={t('tenants.picker.label')}
      placeholder={t('tenants.picker.placeholder')}
      nothingFoundMessage={t('tenants.picker.empty')}
      leftSection={<IconBuildingWarehouse size={16} />}
      w={fullWidth ? '100%' : width}
      comboboxProps={{ width: fullWidth ? undefined : Math.max(width, 280), position: 'bottom-end' }}
      title={data.find((d) => d.value === value)?.label}
      data-testid="tenant-picker"
    />
  );
}
