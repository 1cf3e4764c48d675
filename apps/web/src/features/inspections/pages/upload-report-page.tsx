import { Alert, Button, Checkbox, Grid, Group, Paper, Progress, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { mayCall, screenPath } from '@pruefbuch/domain/access';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { IconArrowLeft, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { DateField } from '@/components/ui/date-field';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { principalOf, useSession, useSyncCurrentTenant } from '@/lib/session';
import { useRecordBook } from '../api/get-record-book';
import { useUploadExistingReport } from '../api/upload-existing-report';
import { PdfDropZone } from '../components/pdf-drop-zone';
import { type ReportValues, reportFormSchema } from '../inspection-form';
import { NEW_SLUG, recordPath } from '../record-paths';

/**
 * inspection_pruefgutachten_upload_existing (/book/{tenant}/{book}/inspection_pruefgutachten_upload_existing/new):
 * an expert report that exists as a PDF becomes a finalized record of the book. A saved one is shown on
 * the expert report screen.
 */
export function UploadReportPage() {
  const { t } = useTranslation();
  const { tenant: tenantId = '', book: bookId = '', slug = NEW_SLUG } = useParams();
  const dto = useRecordBook(tenantId, bookId);
  useSyncCurrentTenant(dto.data ? tenantId : undefined);
  const bookPath = screenPath('book_list', { tenant: tenantId, slug: bookId });

  if (slug !== NEW_SLUG) {
    return <Navigate to={recordPath('gutachten', { tenant: tenantId, book: bookId, slug })} replace />;
  }
  return (
    <Stack gap="md" maw={900}>
      <PageHeader
        title={t('inspections.upload.title')}
        description={dto.data ? [dto.data.book.title, dto.data.book.site].filter(Boolean).join(' · ') : undefined}
        actions={
          <Button component={Link} to={bookPath} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {t('inspections.page.toBook')}
          </Button>
        }
      />
      {dto.isPending ? <PageLoader /> : null}
      {dto.isError ? <LoadError error={dto.error} onRetry={() => void dto.refetch()} /> : null}
      {dto.data ? <UploadForm tenantId={tenantId} bookId={bookId} /> : null}
    </Stack>
  );
}

function UploadForm({ tenantId, bookId }: { tenantId: string; bookId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();
  const upload = useUploadExistingReport();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useZodForm<ReportValues>(reportFormSchema, {
    initialValues: {
      when: berlinToday(),
      who: '',
      where: '',
      text: '',
      isAbnahmeGutachten: false,
      file: null,
    },
  });
  const canWrite = !!session && mayCall('inspections:write', principalOf(session));

  if (!canWrite) {
    return (
      <Alert color="orange" icon={<IconInfoCircle size={18} />}>
        {t('errors.FORBIDDEN')}
      </Alert>
    );
  }

  const submit = form.onSubmit(async (values) => {
    if (!values.file || !values.when) return;
    setProgress(0);
    try {
      const record = await upload.mutateAsync({
        tenantId,
        book: bookId,
        when: values.when,
        who: values.who,
        where: values.where,
        text: values.text,
        isAbnahmeGutachten: values.isAbnahmeGutachten,
        file: values.file,
        onProgress: setProgress,
      });
      notifySuccess({ text: t('inspections.upload.done') });
      navigate(
        record?._id
          ? recordPath('gutachten', { tenant: tenantId, book: bookId, slug: record._id })
          : screenPath('book_list', { tenant: tenantId, slug: bookId }),
        { replace: true },
      );
    } catch (error) {
      applyServerErrors(form, error);
      notifySaveFailed(error);
    } finally {
      setProgress(null);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('inspections.upload.hint')}
        </Text>
        <PdfDropZone
          file={form.values.file}
          onChange={(file) => {
            form.setFieldValue('file', file);
            form.clearFieldError('file');
          }}
          error={form.errors.file as string | undefined}
          label={t('inspections.upload.file')}
          disabled={upload.isPending}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <DateField
              {...form.getInputProps('when')}
              label={t('inspections.fields.when')}
              withAsterisk
              clearable={false}
              size="md"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput {...form.getInputProps('who')} label={t('inspections.fields.expert')} size="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput {...form.getInputProps('where')} label={t('inspections.fields.where')} size="md" />
          </Grid.Col>
        </Grid>
        <Checkbox
          {...form.getInputProps('isAbnahmeGutachten', { type: 'checkbox' })}
          label={t('inspections.fields.isAbnahmeGutachten')}
          description={t('inspections.fields.isAbnahmeGutachtenHint')}
          size="md"
        />
        <Textarea {...form.getInputProps('text')} label={t('inspections.fields.text')} autosize minRows={3} size="md" />
        {progress !== null ? (
          <Progress value={Math.round(progress * 100)} animated striped aria-label={t('inspections.upload.file')} />
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconUpload size={18} />}
            loading={upload.isPending}
            data-testid="upload-submit"
          >
            {t('inspections.upload.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
