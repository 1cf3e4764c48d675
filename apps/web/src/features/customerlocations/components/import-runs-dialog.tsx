import { Alert, Badge, Button, Group, Loader, Modal, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Customer } from '@pruefbuch/domain/roles';
import type { ImportRun } from '@pruefbuch/domain/schemas/customerlocation';
import { IconAlertTriangle, IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmWhenReady } from '@/components/ui/dialogs';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useImportRuns } from '../api/get-import-runs';
import { useUndoImportRun } from '../api/undo-import-run';

const CUSTOMER_NAMES = Object.fromEntries(Object.entries(Customer).map(([name, value]) => [value, name]));

/**
 * 'Importläufe' on the branch list (admins, decision 041): every import of the branch list, newest first, with who
 * imported which file for which customer and what it did; a run not yet undone can be undone as a whole after a
 * question. A refusal names the branch that changed since.
 */
export function ImportRunsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const [page, setPage] = useState(1);
  const runs = useImportRuns(page, opened);
  const undo = useUndoImportRun();

  const ask = (run: ImportRun) =>
    openConfirmWhenReady({
      title: t('customerlocations.importRuns.undoTitle'),
      children: [
        run.counts.create > 0 ? t('customerlocations.importRuns.undoCreated', { count: run.counts.create }) : '',
        run.counts.update > 0 ? t('customerlocations.importRuns.undoUpdated', { count: run.counts.update }) : '',
        t('customerlocations.importRuns.undoConfirm'),
      ]
        .filter(Boolean)
        .join(' '),
      labels: { confirm: t('customerlocations.importRuns.undo'), cancel: t('common.actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'import-run-undo-confirm' } as never,
      onConfirm: () =>
        undo.mutate(run._id, {
          onSuccess: () => notifySuccess({ text: t('customerlocations.importRuns.undoDone') }),
          onError: (error) => notifyError(errorText(t, error), t('customerlocations.importRuns.undoFailed')),
        }),
    });

  const data = runs.data;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('customerlocations.importRuns.title')}
      size="lg"
      fullScreen={!!phone}
      data-testid="import-runs-dialog"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('customerlocations.importRuns.intro')}
        </Text>
        {runs.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" />
          </Group>
        ) : runs.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {t('customerlocations.importRuns.loadFailed')}
          </Alert>
        ) : data && data.docs.length === 0 ? (
          <Text size="sm" ta="center" py="md" data-testid="import-runs-empty">
            {t('customerlocations.importRuns.empty')}
          </Text>
        ) : (
          data?.docs.map((run) => (
            <Paper key={run._id} withBorder radius="md" p="sm" data-testid="import-run" data-undone={!!run.undoneAt}>
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {run.fileName || '–'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(run.createdAt)} · {run.userName || '–'} ·{' '}
                    {t(`lookups.customers.${CUSTOMER_NAMES[run.customer] ?? 'NO_CUSTOMER'}`)}
                  </Text>
                  <Text size="xs">{t('customerlocations.importRuns.counts', run.counts)}</Text>
                  {run.undoneAt ? (
                    <Badge color="gray" variant="light" tt="none" mt={2}>
                      {t('customerlocations.importRuns.undone', {
                        date: formatDateTime(run.undoneAt),
                        name: run.undoneByName || '–',
                      })}
                    </Badge>
                  ) : null}
                </Stack>
                {!run.undoneAt && run.counts.create + run.counts.update > 0 ? (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconArrowBackUp size={14} />}
                    onClick={() => ask(run)}
                    loading={undo.isPending && undo.variables === run._id}
                    disabled={undo.isPending}
                    style={{ flexShrink: 0 }}
                    data-testid="import-run-undo"
                  >
                    {t('customerlocations.importRuns.undo')}
                  </Button>
                ) : null}
              </Group>
            </Paper>
          ))
        )}
        {data && data.pages > 1 ? (
          <Group justify="center">
            <Pagination value={page} onChange={setPage} total={data.pages} size="sm" />
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}
