import { Select } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  fullWidth: boolean;
  value: string | null;
  onChange: (id: string | null) => void;
  data: { value: string; label: string }[];
}

/** The tenant picker's select (loaded only for users with more than one tenant). */
export function TenantSelect({ fullWidth, value, onChange, data }: Props) {
  const { t } = useTranslation();
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
      w={fullWidth ? '100%' : 220}
      comboboxProps={{ width: fullWidth ? undefined : 280, position: 'bottom-end' }}
      data-testid="tenant-picker"
    />
  );
}
