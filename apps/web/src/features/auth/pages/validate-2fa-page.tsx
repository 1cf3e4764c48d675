import { Alert, Anchor, Button, Center, PinInput, Stack } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '@/components/ui/centered-card';
import { isApiError } from '@/lib/api-client';
import { acceptLoginReply } from '@/lib/auth';
import { errorText } from '@/lib/errors';
import { safeRedirect } from '@/lib/redirect';
import { getPending2faUser, useSession } from '@/lib/session';
import { useValidate2fa } from '../api/validate-2fa';

const CODE = /^\d{6}$/;

export function Validate2faPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const { isLoggedIn } = useSession();
  const userId = getPending2faUser();
  const validate = useValidate2fa();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  if (isLoggedIn && !validate.isSuccess) return <Navigate to={redirect} replace />;
  if (!userId && !validate.isSuccess) return <Navigate to={screenPath('login')} replace />;

  const submit = (value: string) => {
    if (!userId) return;
    if (!CODE.test(value)) {
      setMessage(t('validation.code.format'));
      return;
    }
    setMessage(null);
    validate.mutate(
      { validationCode: value, userId },
      {
        onSuccess: (reply) => {
          acceptLoginReply(reply);
          navigate(redirect, { replace: true });
        },
        onError: (error) => {
          setCode('');
          const wrongCode = isApiError(error) && (error.code === 'TWO_FA_INVALID' || error.code === 'VALIDATION');
          setMessage(wrongCode ? t('auth.validate2fa.wrongCode') : errorText(t, error));
        },
      },
    );
  };

  return (
    <CenteredCard title={t('auth.validate2fa.title')} intro={t('auth.validate2fa.intro')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <Stack gap="md">
          <Center>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              autoFocus
              size="md"
              value={code}
              onChange={setCode}
              onComplete={submit}
              error={!!message}
              aria-label={t('auth.validate2fa.code')}
              data-testid="totp-code"
              gap={6}
            />
          </Center>
          {message ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="validate2fa-error">
              {message}
            </Alert>
          ) : null}
          <Button type="submit" loading={validate.isPending} fullWidth>
            {t('auth.validate2fa.submit')}
          </Button>
          <Stack gap={4} align="center">
            <Anchor component={Link} to={screenPath('disable2fa')} size="sm">
              {t('auth.validate2fa.noAccess')}
            </Anchor>
            <Anchor component={Link} to={screenPath('login')} size="sm" c="dimmed">
              {t('auth.passwordReset.backToLogin')}
            </Anchor>
          </Stack>
        </Stack>
      </form>
    </CenteredCard>
  );
}
