import { Button, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IMPORT_FIELDS, type ImportMapping } from '@pruefbuch/domain/rules/location-import';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { columnOptions, withColumn } from '../import-mapping';

/** One select per field of a location: which column of the file holds it; a change asks for a new preview. */
export function ImportMappingFields({
  headers,
  mapping,
  onChange,
  disabled,
  changed,
  onPreview,
  previewing,
}: {
  headers: readonly string[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  disabled?: boolean;
  /** The selects differ from the preview shown. */
  changed: boolean;
  onPreview: () => void;
  previewing: boolean;
}) {
  const { t } = useTranslation();
  const options = columnOptions(headers, t('customerlocations.import.noColumn'));
  return (
    <Stack gap="xs" component="section" aria-labelledby="import-mapping-title">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div>
          <Title order={4} id="import-mapping-title">
            {t('customerlocations.import.mapping')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('customerlocations.import.mappingHint')}
          </Text>
        </div>
        <Button
          size="xs"
          variant={changed ? 'filled' : 'default'}
          leftSection={<IconRefresh size={14} />}
          onClick={onPreview}
          disabled={!changed || disabled}
          loading={previewing}
          data-testid="import-preview-again"
        >
          {t('customerlocations.import.previewAgain')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" verticalSpacing={6}>
        {IMPORT_FIELDS.map((field) => (
          <Select
            key={field}
            size="xs"
            label={t(`customerlocations.import.fields.${field}`)}
            data={options}
            value={mapping[field] === null ? '' : String(mapping[field])}
            onChange={(value) => onChange(withColumn(mapping, field, value ? Number(value) : null))}
            allowDeselect={false}
            disabled={disabled}
            comboboxProps={{ withinPortal: true }}
            data-testid={`import-map-${field}`}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
