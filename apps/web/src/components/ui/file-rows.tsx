import { ActionIcon, Alert, Group, Progress, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileText, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '@/lib/format';

/** An upload in progress: the file's name and a bar (the book's documents, an offer's attachments). */
export function UploadProgress({
  text,
  name,
  fraction,
  testId,
}: {
  text: string;
  name: string;
  fraction: number;
  testId: string;
}) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" truncate>
        {text}
      </Text>
      <Progress value={Math.round(fraction * 100)} animated striped aria-label={name} />
    </Stack>
  );
}

/** Why an upload failed, until the user closes it. */
export function UploadFailure({ text, onClose, testId }: { text: string; onClose: () => void; testId: string }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} withCloseButton onClose={onClose} data-testid={testId}>
      {text}
    </Alert>
  );
}

export interface FileRowProps {
  name: string;
  contentType: string;
  size: number;
  createdAt: string;
  onDownload: () => void;
  /** Omitted: no delete button (the user may not change the files). */
  onDelete?: () => void;
  labels: { download: string; downloadName: string; deleteName: string };
  testIds: { row: string; download?: string; downloadButton?: string; delete: string };
}

/** One stored file: icon, name, size and date as a download link, a download and a delete button. */
export function FileRow(p: FileRowProps) {
  const { t } = useTranslation();
  const Icon = p.contentType.startsWith('image/') ? IconPhoto : IconFileText;
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between" data-testid={p.testIds.row}>
      <UnstyledButton
        onClick={p.onDownload}
        style={{ display: 'flex', gap: 10, alignItems: 'center', minWidth: 0, flex: 1 }}
        aria-label={p.labels.downloadName}
        data-testid={p.testIds.download}
      >
        <ThemeIcon variant="light" size="lg" color={p.contentType === 'application/pdf' ? 'red' : 'blue'}>
          <Icon size={18} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} c="blue" style={{ overflowWrap: 'anywhere' }}>
            {p.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(p.size)} · {formatDateTime(p.createdAt)}
          </Text>
        </div>
      </UnstyledButton>
      <Group gap={4} wrap="nowrap">
        <Tooltip label={p.labels.download}>
          <ActionIcon
            variant="subtle"
            onClick={p.onDownload}
            aria-label={p.labels.downloadName}
            data-testid={p.testIds.downloadButton}
          >
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
        {p.onDelete ? (
          <Tooltip label={t('common.actions.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={p.onDelete}
              aria-label={p.labels.deleteName}
              data-testid={p.testIds.delete}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Group>
  );
}
