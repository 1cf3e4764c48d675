import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { loginBody } from '@pruefbuch/domain/schemas/auth';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '@/components/ui/centered-card';
import { acceptLoginReply } from '@/lib/auth';
import { errorText } from '@/lib/errors';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { safeRedirect } from '@/lib/redirect';
import { forgetSignOut, useSession } from '@/lib/session';
import { useLogin } from '../api/login';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const { isLoggedIn } = useSession();
  const loginMutation = useLogin();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useZodForm(loginBody, { initialValues: { email: '', password: '' }, validateInputOnBlur: false });
  useEffect(forgetSignOut, []);

  if (isLoggedIn && !loginMutation.isSuccess) return <Navigate to={redirect} replace />;

  const submit = form.onSubmit((values) => {
    setFailure(null);
    loginMutation.mutate(loginBody.parse(values), {
      onSuccess: (reply) => {
        if (acceptLoginReply(reply) === 'needs2fa') {
          const query = redirect === '/' ? '' : `?redirect=${encodeURIComponent(redirect)}`;
          navigate(`${screenPath('validate2fa')}${query}`);
        } else {
          navigate(redirect, { replace: true });
        }
      },
      onError: (error) => {
        if (!applyServerErrors(form, error)) setFailure(error);
      },
    });
  });

  return (
    <CenteredCard title={t('auth.login.title')} intro={t('auth.login.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="login-error">
              {errorText(t, failure)}
            </Alert>
          ) : null}
          <TextInput
            {...form.getInputProps('email')}
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            withAsterisk
            autoFocus
          />
          <PasswordInput
            {...form.getInputProps('password')}
            label={t('auth.password')}
            autoComplete="current-password"
            withAsterisk
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={screenPath('passwordreset')} size="sm">
              {t('auth.login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" loading={loginMutation.isPending} fullWidth>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
