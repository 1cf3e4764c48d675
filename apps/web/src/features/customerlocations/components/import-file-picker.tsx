import { Button, FileButton, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FileDropArea } from '@/components/ui/file-drop-area';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file of an import: dropped onto the area or chosen with the button (a file input underneath, so keyboards and phones work). */
export function ImportFilePicker({
  file,
  onChange,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FileDropArea p="md" onDrop={onChange} disabled={disabled}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
          <ThemeIcon variant="light" color={file ? 'teal' : 'gray'} size="lg">
            {file ? <IconFileSpreadsheet size={20} /> : <IconUpload size={20} />}
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {t('customerlocations.import.file')}
            </Text>
            <Text
              size="sm"
              c={file ? undefined : 'dimmed'}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="import-file-name"
            >
              {file ? file.name : t('customerlocations.import.noFile')}
            </Text>
          </Stack>
        </Group>
        <FileButton
          onChange={onChange}
          accept={ACCEPT}
          disabled={disabled}
          inputProps={{ 'aria-label': t('customerlocations.import.file') }}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} />}
              data-testid="import-pick"
            >
              {file ? t('customerlocations.import.change') : t('customerlocations.import.pick')}
            </Button>
          )}
        </FileButton>
      </Group>
    </FileDropArea>
  );
}
