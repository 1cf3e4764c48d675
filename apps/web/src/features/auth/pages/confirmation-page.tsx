import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CenteredCard } from '@/components/ui/centered-card';
import { SuccessPanel } from '@/components/ui/success-panel';
import { errorText } from '@/lib/errors';
import { useConfirmAccount } from '../api/confirm-account';

/** Opened from the activation mail: ?token= is sent once, then a success panel leads to the login. */
export function ConfirmationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = useConfirmAccount();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  let body: React.ReactNode;
  if (!token) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
        {t('auth.confirmation.keyMissing')}
      </Alert>
    );
  } else if (confirm.isSuccess) {
    body = <SuccessPanel message={t('auth.confirmation.success')} />;
  } else if (confirm.isError) {
    body = (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('auth.confirmation.failed')} role="alert">
          {errorText(t, confirm.error)}
        </Alert>
        <Button component={Link} to={screenPath('login')} variant="light" fullWidth>
          {t('common.actions.toLogin')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Group justify="center" gap="sm" py="md">
        <Loader size="sm" />
        <Text>{t('auth.confirmation.running')}</Text>
      </Group>
    );
  }
  return <CenteredCard title={t('auth.confirmation.title')}>{body}</CenteredCard>;
}
