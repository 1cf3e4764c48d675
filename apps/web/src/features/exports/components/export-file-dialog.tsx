import { Alert, Anchor, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { API_BASE } from '@pruefbuch/domain/constants';
import type { ExportJob } from '@pruefbuch/domain/schemas/export';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errors';
import { formatBytes, formatDateTime } from '@/lib/format';
import { useExportJob } from '../api/get-export-job';
import { useStartExport } from '../api/start-export';

export interface ExportFileDialogProps {
  tenantId: string;
  path: string;
  fallbackName: string;
  onClose: () => void;
}

/**
 * The inspection file on its way (decision 058): a small one is downloaded at once; a large one is built in
 * the background, its progress shown here, and its link offered (and mailed) once it is ready.
 */
export function ExportFileDialog({ tenantId, path, fallbackName, onClose }: ExportFileDialogProps) {
  const { t } = useTranslation();
  const start = useStartExport();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    start.mutate({ tenantId, path, fallbackName });
  }, [start, tenantId, path, fallbackName]);
  const started = start.data;
  const job = useExportJob(tenantId, started?.job?._id ?? null);
  const current = job.data ?? started?.job ?? null;

  return (
    <Stack gap="sm" data-testid="export-dialog">
      {start.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('exports.dialog.preparing')}</Text>
        </Group>
      ) : null}
      {start.isError ? (
        <Alert color="red" data-testid="export-error">
          {errorText(t, start.error)}
        </Alert>
      ) : null}
      {started?.mode === 'direct' ? (
        <Text size="sm" data-testid="export-direct">
          {t('exports.dialog.direct', { books: started.books, records: started.records })}
        </Text>
      ) : null}
      {started?.mode === 'background' ? (
        <Text size="sm">{t('exports.dialog.background', { books: started.books, records: started.records })}</Text>
      ) : null}
      {current ? <JobState job={current} /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="export-close">
          {t('exports.dialog.close')}
        </Button>
      </Group>
    </Stack>
  );
}

function JobState({ job }: { job: ExportJob }) {
  const { t } = useTranslation();
  if (job.status === 'failed') return <Alert color="red">{t('exports.dialog.failed')}</Alert>;
  if (job.status === 'expired') return <Alert color="yellow">{t('exports.dialog.expired')}</Alert>;
  if (job.status === 'done' && job.downloadPath) {
    return (
      <Stack gap="xs" data-testid="export-done">
        <Text size="sm">{t('exports.dialog.done', { size: formatBytes(job.size ?? 0) })}</Text>
        <Button
          component="a"
          href={`${API_BASE}/${job.downloadPath}`}
          download={job.fileName}
          leftSection={<IconDownload size={16} />}
          data-testid="export-download"
        >
          {t('exports.dialog.download')}
        </Button>
        {job.expiresAt ? (
          <Text size="xs" c="dimmed">
            {t('exports.dialog.expires', { date: formatDateTime(job.expiresAt) })}
          </Text>
        ) : null}
        <Anchor href={`${API_BASE}/${job.downloadPath}`} size="xs" c="dimmed">
          {job.fileName}
        </Anchor>
      </Stack>
    );
  }
  const total = Math.max(job.booksTotal, 1);
  return (
    <Stack gap={4} data-testid="export-progress">
      <Progress value={(100 * job.booksDone) / total} animated />
      <Text size="xs" c="dimmed">
        {job.status === 'queued'
          ? t('exports.dialog.queued')
          : t('exports.dialog.progress', { done: job.booksDone, total: job.booksTotal })}
      </Text>
    </Stack>
  );
}
