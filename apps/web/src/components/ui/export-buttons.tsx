import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@/lib/download';

/**
 * 'CSV' and 'Excel (XLSX)' beside an evaluation's title: each downloads the server's file; the one in
 * progress spins. Test ids: `${testIdPrefix}-csv`, `${testIdPrefix}-xlsx`.
 */
export function ExportButtons({
  disabled,
  exporting,
  onExport,
  testIdPrefix,
}: {
  disabled: boolean;
  exporting: ExportFormat | undefined;
  onExport: (format: ExportFormat) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" aria-label={t('ui.export.label')} role="group">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} />}
          disabled={disabled}
          loading={exporting === format}
          onClick={() => onExport(format)}
          data-testid={`${testIdPrefix}-${format}`}
        >
          {t(`ui.export.${format}`)}
        </Button>
      ))}
    </Group>
  );
}
