import { ActionIcon, Button, FileButton, Group, Input, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropArea } from '@/components/ui/file-drop-area';
import { translateMessage } from '@/lib/i18n';

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/**
 * One PDF, dropped onto the area or picked with the button (the area is a plain file input underneath,
 * so it works by keyboard and on phones). Anything that is not a PDF is refused with a message.
 */
export function PdfDropZone({
  file,
  onChange,
  error,
  label,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<string | null>(null);

  const take = (picked: File | null | undefined) => {
    if (!picked) return;
    if (!isPdf(picked)) {
      setRefused(t('inspections.upload.notPdf', { name: picked.name }));
      return;
    }
    setRefused(null);
    onChange(picked);
  };

  const shownError = refused ?? (error ? translateMessage(t, error) : null);
  return (
    <Input.Wrapper label={label} withAsterisk error={shownError}>
      <FileDropArea mt={4} p="lg" onDrop={take} disabled={disabled} invalid={!!shownError} data-testid="pdf-drop-zone">
        {file ? (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ThemeIcon variant="light" color="red" size="lg">
                <IconFileTypePdf size={20} />
              </ThemeIcon>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {file.name}
              </Text>
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => onChange(null)}
              disabled={disabled}
              aria-label={t('inspections.upload.removeFile', { name: file.name })}
            >
              <IconX size={18} />
            </ActionIcon>
          </Group>
        ) : (
          <Stack align="center" gap="xs">
            <IconUpload size={32} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text size="sm" c="dimmed" ta="center">
              {t('inspections.upload.dropHint')}
            </Text>
            <FileButton
              onChange={take}
              accept="application/pdf,.pdf"
              disabled={disabled}
              inputProps={{ 'aria-label': label }}
            >
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconFileTypePdf size={18} />} data-testid="pdf-pick">
                  {t('inspections.upload.pick')}
                </Button>
              )}
            </FileButton>
          </Stack>
        )}
      </FileDropArea>
    </Input.Wrapper>
  );
}
