import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CenteredCard } from '@/components/ui/centered-card';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { SuccessPanel } from '@/components/ui/success-panel';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { type NewPasswordValues, newPasswordForm } from '@/lib/password-form';
import { useFinishPasswordReset } from '../api/finish-password-reset';

/** Opened from the reset mail with ?key=: a new password twice, then a success panel leading to the login. */
export function PasswordResetFinishPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('key');
  const finish = useFinishPasswordReset();
  const form = useZodForm<NewPasswordValues>(newPasswordForm, { initialValues: { password: '', passwordConfirm: '' } });

  const submit = form.onSubmit((values) => {
    if (!key) return;
    const { password } = newPasswordForm.parse(values);
    finish.mutate({ key, password }, { onError: (error) => applyServerErrors(form, error) });
  });

  if (!key) {
    return (
      <CenteredCard title={t('auth.passwordResetFinish.title')}>
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {t('auth.passwordResetFinish.keyMissing')}
        </Alert>
      </CenteredCard>
    );
  }
  if (finish.isSuccess) {
    return (
      <CenteredCard title={t('auth.passwordResetFinish.title')}>
        <SuccessPanel message={t('auth.passwordResetFinish.success')} />
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title={t('auth.passwordResetFinish.title')} intro={t('auth.passwordResetFinish.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {finish.isError && !(isApiError(finish.error) && finish.error.details.length > 0) ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {errorText(t, finish.error)}
            </Alert>
          ) : null}
          <NewPasswordFields
            password={form.getInputProps('password')}
            confirm={form.getInputProps('passwordConfirm')}
            value={form.values.password}
            labels={{ password: t('auth.newPassword'), confirm: t('auth.passwordConfirm') }}
          />
          <Button type="submit" loading={finish.isPending} disabled={!form.isValid()} fullWidth>
            {t('auth.passwordResetFinish.submit')}
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
