import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { DefectReport } from '@pruefbuch/domain/schemas/qr';
import { defectReportUpdateSchema } from '@pruefbuch/domain/schemas/qr';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openModalWhenReady } from '@/components/ui/dialogs';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { i18n } from '@/lib/i18n';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { useSetDefectReportStatus } from '../api/close-defect-report';

const MODAL = 'close-defect-report';
const schema = defectReportUpdateSchema.pick({ note: true });

/** 'Erledigt': closes a report with a note of what was done; who and when are the server's. */
function CloseReportForm({ tenantId, report, onDone }: { tenantId: string; report: DefectReport; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const close = useSetDefectReportStatus();
  const form = useZodForm<{ note: string }>(schema, { initialValues: { note: '' } });

  const submit = form.onSubmit(async ({ note }) => {
    setBusy(true);
    try {
      await close.mutateAsync({ tenantId, id: report._id, data: { status: 'done', note: note.trim() } });
      notifySuccess({ text: t('defectreports.closed') });
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error)) notifySaveFailed(error);
      // Somebody else closed it meanwhile: the lists show their note now.
      if (isApiError(error) && error.code === 'DEFECT_REPORT_CLOSED') onDone();
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {report.text}
        </Text>
        <Textarea
          {...form.getInputProps('note')}
          label={t('defectreports.fields.note')}
          description={t('defectreports.noteHint')}
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
          data-testid="defect-close-note"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" color="teal" loading={busy} data-testid="defect-close-confirm">
            {t('defectreports.confirmClose')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Opens the 'Erledigt' dialog of a report. */
export function openCloseReport(tenantId: string, report: DefectReport) {
  openModalWhenReady({
    modalId: MODAL,
    title: i18n.t('defectreports.closeTitle', { title: report.bookTitle }),
    children: <CloseReportForm tenantId={tenantId} report={report} onDone={() => modals.close(MODAL)} />,
  });
}
