import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { emailBody } from '@pruefbuch/domain/schemas/auth';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredCard } from '@/components/ui/centered-card';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function PasswordResetPage() {
  const { t } = useTranslation();
  const reset = useRequestPasswordReset();
  const form = useZodForm(emailBody, { initialValues: { email: '' } });
  const submit = form.onSubmit((values) =>
    reset.mutate(emailBody.parse(values), { onError: (error) => applyServerErrors(form, error) }),
  );
  const failure = reset.isError
    ? isApiError(reset.error) && reset.error.status === 404
      ? t('errors.couldNotFindUser')
      : errorText(t, reset.error)
    : null;

  return (
    <CenteredCard
      title={t('auth.passwordReset.title')}
      intro={reset.isSuccess ? undefined : t('auth.passwordReset.intro')}
    >
      {reset.isSuccess ? (
        <Alert color="teal" icon={<IconCheck size={18} />} role="status" data-testid="reset-sent">
          {t('auth.passwordReset.sent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {failure ? (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                {failure}
              </Alert>
            ) : null}
            <TextInput
              {...form.getInputProps('email')}
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              withAsterisk
              autoFocus
            />
            <Button type="submit" loading={reset.isPending} fullWidth>
              {t('auth.passwordReset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center" mt="md">
        <Anchor component={Link} to={screenPath('login')}>
          {t('auth.passwordReset.backToLogin')}
        </Anchor>
      </Text>
    </CenteredCard>
  );
}
