import { Button, Group, Paper } from '@mantine/core';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import { IconDeviceFloppy, IconDownload, IconEye, IconLock, IconPencilPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The editor's buttons, kept in view at the bottom of the screen while a draft is edited: save, finalize,
 * preview and delete; for a finalized record the correction and the archived PDF.
 */
export function EditorActions({
  record,
  readOnly,
  canWrite,
  busy,
  saving,
  finalizing,
  pdfBusy,
  archivedPdf,
  onFinalize,
  onPreview,
  onDelete,
  onDownloadArchived,
  correctionPath,
}: {
  record: Inspection | null;
  readOnly: boolean;
  canWrite: boolean;
  busy: boolean;
  saving: boolean;
  finalizing: boolean;
  pdfBusy: boolean;
  archivedPdf: boolean;
  onFinalize: () => void;
  onPreview: () => void;
  onDelete: () => void;
  onDownloadArchived: () => void;
  /** Where a correction of this finalized record starts, or null when none may be made. */
  correctionPath: string | null;
}) {
  const { t } = useTranslation();

  if (readOnly) {
    if (!archivedPdf && !(canWrite && correctionPath)) return null;
    return (
      <Group gap="sm" justify="flex-end">
        {archivedPdf ? (
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={onDownloadArchived}
            loading={pdfBusy}
            data-testid="record-pdf"
          >
            {t('inspections.actions.downloadPdf')}
          </Button>
        ) : null}
        {canWrite && correctionPath ? (
          <Button
            component={Link}
            to={correctionPath}
            leftSection={<IconPencilPlus size={18} />}
            data-testid="record-correct"
          >
            {t('inspections.actions.correct')}
          </Button>
        ) : null}
      </Group>
    );
  }

  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      pos="sticky"
      bottom={8}
      style={{ zIndex: 20 }}
      data-testid="editor-actions"
    >
      <Group gap="sm" justify="space-between">
        <Group gap="xs">
          {record ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} />}
              onClick={onDelete}
              disabled={busy}
              data-testid="record-delete"
            >
              {t('inspections.actions.delete')}
            </Button>
          ) : null}
          <Button
            variant="subtle"
            leftSection={<IconEye size={18} />}
            onClick={onPreview}
            loading={pdfBusy}
            disabled={busy}
            data-testid="record-preview"
          >
            {t('inspections.actions.preview')}
          </Button>
        </Group>
        <Group gap="xs" style={{ flex: '1 1 auto' }} justify="flex-end">
          <Button
            type="submit"
            variant="default"
            leftSection={<IconDeviceFloppy size={18} />}
            loading={saving && !finalizing}
            disabled={busy}
            data-testid="record-save"
          >
            {t('inspections.actions.saveDraft')}
          </Button>
          <Button
            color="teal"
            leftSection={<IconLock size={18} />}
            onClick={onFinalize}
            loading={finalizing}
            disabled={busy}
            data-testid="record-finalize"
          >
            {t('inspections.actions.finalize')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
