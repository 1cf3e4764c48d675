import { Select } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  fullWidth: boolean;
  value: string | null;
  onChange: (id: string | null) => void;
  data: { value: string; label: string }[];
}

/** Widest the header's select grows to fit a tenant's name; longer names wrap in the list and show in full there. */
const MAX_WIDTH = 360;

/**
 * The header select as wide as the longest tenant name needs (at most MAX_WIDTH), so that the name of the
 * current tenant is not cut off: 12 px text is about 7 px per character, plus the icon and the chevron.
 */
export const selectWidth = (labels: readonly string[]) =>
  Math.min(MAX_WIDTH, Math.max(200, Math.ceil(Math.max(0, ...labels.map((l) => l.length)) * 7.2) + 64));

/** The tenant picker's select (loaded only for users with more than one tenant). */
export function TenantSelect({ fullWidth, value, onChange, data }: Props) {
  const { t } = useTranslation();
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
