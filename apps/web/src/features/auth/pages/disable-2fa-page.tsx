import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { emailBody } from '@pruefbuch/domain/schemas/auth';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '@/components/ui/centered-card';
import { errorText } from '@/lib/errors';
import { applyServerErrors, useZodForm } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { useDeactivate2faByToken } from '../api/deactivate-2fa-by-token';
import { useSend2faDeactivationEmail } from '../api/send-2fa-deactivation-email';

/** Without a token: ask for the deactivation mail. With ?token= from that mail: deactivate, then sign in. */
export function Disable2faPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <CenteredCard
      title={t('auth.disable2fa.title')}
      intro={token ? t('auth.disable2fa.confirmIntro') : t('auth.disable2fa.requestIntro')}
    >
      {token ? <ConfirmDeactivation token={token} /> : <RequestDeactivationMail />}
      <Text size="sm" ta="center" mt="md">
        <Anchor component={Link} to={screenPath('login')}>
          {t('auth.passwordReset.backToLogin')}
        </Anchor>
      </Text>
    </CenteredCard>
  );
}

function RequestDeactivationMail() {
  const { t } = useTranslation();
  const send = useSend2faDeactivationEmail();
  const form = useZodForm(emailBody, { initialValues: { email: '' } });
  const submit = form.onSubmit((values) =>
    send.mutate(emailBody.parse(values), { onError: (error) => applyServerErrors(form, error) }),
  );
  if (send.isSuccess) {
    return (
      <Alert color="teal" icon={<IconCheck size={18} />} role="status">
        {t('auth.disable2fa.requestSent')}
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {send.isError ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={t('auth.disable2fa.requestFailed')}
            role="alert"
          >
            {errorText(t, send.error)}
          </Alert>
        ) : null}
        <TextInput
          {...form.getInputProps('email')}
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          withAsterisk
        />
        <Button type="submit" loading={send.isPending} fullWidth>
          {t('auth.disable2fa.requestSubmit')}
        </Button>
      </Stack>
    </form>
  );
}

function ConfirmDeactivation({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deactivate = useDeactivate2faByToken();
  const run = () =>
    deactivate.mutate(token, {
      onSuccess: () => {
        notifySuccess({ text: t('auth.disable2fa.done') });
        navigate(screenPath('login'), { replace: true });
      },
    });
  return (
    <Stack gap="md">
      {deactivate.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('auth.disable2fa.failed')} role="alert">
          {errorText(t, deactivate.error)}
        </Alert>
      ) : null}
      <Button color="red" onClick={run} loading={deactivate.isPending} fullWidth>
        {t('auth.disable2fa.confirmSubmit')}
      </Button>
    </Stack>
  );
}
