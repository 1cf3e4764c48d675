import { Alert, Button, Paper, PasswordInput, Stack } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { changePasswordBody } from '@pruefbuch/domain/schemas/auth';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { PageHeader } from '@/components/ui/page-header';
import { signOut } from '@/lib/auth';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySaveFailed, notifySuccess } from '@/lib/notify';
import { type ChangePasswordInput, useChangePassword } from '../api/change-password';

/** SPEC §5 password change. The server ends every session afterwards, so the user signs in again. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useZodForm<ChangePasswordInput>(changePasswordBody, {
    initialValues: { currentPassword: '', password: '', passwordConfirm: '' },
  });

  const submit = form.onSubmit((values) =>
    change.mutate(changePasswordBody.parse(values), {
      onSuccess: async () => {
        // The same user signs in again with the new password: their offline work stays (decision 062).
        await signOut({ callServer: false, keepOfflineWork: true });
        navigate(screenPath('login'), { replace: true });
        notifySuccess({ text: t('users.changePassword.success') });
      },
      onError: (error) => {
        if (!applyServerErrors(form, error)) notifySaveFailed(error);
      },
    }),
  );

  return (
    <Stack gap="lg" maw={560}>
      <PageHeader title={t('users.changePassword.title')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
              {t('users.changePassword.intro')}
            </Alert>
            <PasswordInput
              {...form.getInputProps('currentPassword')}
              label={t('users.changePassword.currentPassword')}
              autoComplete="current-password"
              withAsterisk
              data-testid="current-password"
            />
            <NewPasswordFields
              password={form.getInputProps('password')}
              confirm={form.getInputProps('passwordConfirm')}
              value={form.values.password}
              labels={{
                password: t('users.changePassword.newPassword'),
                confirm: t('users.changePassword.passwordConfirm'),
              }}
            />
            <Button
              type="submit"
              loading={change.isPending}
              disabled={!form.isValid()}
              data-testid="change-password-submit"
            >
              {t('users.changePassword.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
