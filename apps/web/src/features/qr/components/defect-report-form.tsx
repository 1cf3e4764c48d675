import { Alert, Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { defectReportCreateSchema } from '@pruefbuch/domain/schemas/qr';
import { IconAlertTriangle, IconCheck, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { useReportDefect } from '../api/report-defect';

/** The server's schema, with texts that ask for a description rather than call it too short. */
const formSchema = defectReportCreateSchema.extend({
  text: z
    .string()
    .trim()
    .min(1, { error: 'qr.defect.textRequired' })
    .min(3, { error: 'qr.defect.textShort' })
    .max(2000, { error: 'validation.max' }),
});

/** 'Mangel melden': a description (required), name and contact (optional); a thank-you once it is sent. */
export function DefectReportForm({ code, tenantName }: { code: string; tenantName: string }) {
  const { t } = useTranslation();
  const report = useReportDefect();
  const form = useZodForm(formSchema, { initialValues: { text: '', name: '', contact: '' } });
  const submit = form.onSubmit((values) =>
    report.mutate({ code, report: formSchema.parse(values) }, { onError: (error) => applyServerErrors(form, error) }),
  );

  if (report.isSuccess) {
    return (
      <Stack gap="sm">
        <Alert
          color="teal"
          icon={<IconCheck size={18} />}
          title={t('qr.defect.thanksTitle')}
          role="status"
          data-testid="defect-thanks"
        >
          {t('qr.defect.thanks', { tenant: tenantName })}
        </Alert>
        <Button
          variant="default"
          onClick={() => {
            form.reset();
            report.reset();
          }}
        >
          {t('qr.defect.another')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="defect-title" data-testid="defect-form">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id="defect-title">
            {t('qr.defect.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('qr.defect.intro', { tenant: tenantName })}
          </Text>
        </div>
        {report.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="defect-error">
            {isApiError(report.error) && report.error.status === 429
              ? t('qr.defect.rateLimited', {
                  minutes: Math.max(1, Math.ceil((report.error.retryAfterSeconds ?? 60) / 60)),
                  tenant: tenantName,
                })
              : errorText(t, report.error)}
          </Alert>
        ) : null}
        <Textarea
          {...form.getInputProps('text')}
          label={t('qr.defect.text')}
          placeholder={t('qr.defect.textPlaceholder')}
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          maxLength={2000}
        />
        <TextInput {...form.getInputProps('name')} label={t('qr.defect.name')} autoComplete="name" maxLength={100} />
        <TextInput
          {...form.getInputProps('contact')}
          label={t('qr.defect.contact')}
          description={t('qr.defect.contactHint')}
          autoComplete="email"
          maxLength={200}
        />
        <Button
          type="submit"
          leftSection={<IconSend size={16} />}
          loading={report.isPending}
          size="md"
          data-testid="defect-submit"
        >
          {t('qr.defect.submit')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('qr.defect.privacy')}
        </Text>
      </Stack>
    </form>
  );
}
