import { ActionIcon, Box, Button, Group, Menu, Paper } from '@mantine/core';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import {
  IconDeviceFloppy,
  IconDots,
  IconDownload,
  IconEye,
  IconLock,
  IconPencilPlus,
  IconTrash,
} from '@tabler/icons-react';
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
  /** The PDF preview, or null where there is none (self-inspections). */
  onPreview: (() => void) | null;
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
      p={{ base: 8, sm: 'sm' }}
      pos="sticky"
      bottom={8}
      style={{ zIndex: 20 }}
      data-testid="editor-actions"
    >
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Group gap="xs" visibleFrom="sm" wrap="nowrap">
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
          {onPreview ? (
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
          ) : null}
        </Group>
        {onPreview || record ? (
          <Menu position="top-start" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="default"
                size={36}
                hiddenFrom="sm"
                aria-label={t('inspections.actions.more')}
                loading={pdfBusy}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {onPreview ? (
                <Menu.Item leftSection={<IconEye size={16} />} onClick={onPreview} disabled={busy}>
                  {t('inspections.actions.preview')}
                </Menu.Item>
              ) : null}
              {record ? (
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete} disabled={busy}>
                  {t('inspections.actions.delete')}
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null}
        <Group gap="xs" wrap="nowrap" justify="flex-end" ml="auto">
          <Button
            type="submit"
            variant="default"
            leftSection={<IconDeviceFloppy size={18} />}
            loading={saving && !finalizing}
            disabled={busy}
            px={{ base: 'sm', sm: 'md' }}
            data-testid="record-save"
          >
            <Box component="span" visibleFrom="sm">
              {t('inspections.actions.saveDraft')}
            </Box>
            <Box component="span" hiddenFrom="sm">
              {t('inspections.actions.saveShort')}
            </Box>
          </Button>
          <Button
            color="teal"
            leftSection={<IconLock size={18} />}
            onClick={onFinalize}
            loading={finalizing}
            disabled={busy}
            px={{ base: 'sm', sm: 'md' }}
            data-testid="record-finalize"
          >
            {t('inspections.actions.finalize')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
