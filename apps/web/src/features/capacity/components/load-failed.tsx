import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errors';

/** A read of the plan that failed: 'Fehler beim Laden', the reason, and a retry. */
export function LoadFailed({ error, onRetry, testId }: { error: unknown; onRetry?: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={t('capacity.loadFailed')}
      role="alert"
      data-testid={testId ?? 'capacity-load-error'}
    >
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
