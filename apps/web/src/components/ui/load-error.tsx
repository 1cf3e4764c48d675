import { Alert, Button } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';

/**
 * A read that failed: the reason and a retry button. Without a connection (the browser says so and the call
 * never reached the server) it is no error to alarm about: a calm note that the data comes with the connection
 * (queries load again on reconnect), so what the device holds, e.g. the books kept for the road, reads first.
 */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const offline = !online && isApiError(error) && error.code === 'NETWORK';
  const color = offline ? 'gray' : 'red';
  return (
    <Alert
      color={color}
      icon={offline ? <IconWifiOff size={18} /> : <IconAlertTriangle size={18} />}
      title={offline ? t('common.connection.offlineTitle') : t('common.loadFailed')}
      role={offline ? 'status' : 'alert'}
      data-testid={offline ? 'load-offline' : undefined}
    >
      {offline ? t('common.connection.offlineLoad') : errorText(t, error)}
      {onRetry ? (
        <div>
          <Button variant={offline ? 'default' : 'light'} color={color} size="xs" mt="sm" onClick={onRetry}>
            {t('common.actions.retry')}
          </Button>
        </div>
      ) : null}
    </Alert>
  );
}
