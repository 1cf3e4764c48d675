import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errors';

/** A read that failed: the reason and a retry button. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('common.loadFailed')} role="alert">
      {errorText(t, error)}
      {onRetry ? (
        <div>
          <Button variant="light" color="red" size="xs" mt="sm" onClick={onRetry}>
            {t('common.actions.retry')}
          </Button>
        </div>
      ) : null}
    </Alert>
  );
}
