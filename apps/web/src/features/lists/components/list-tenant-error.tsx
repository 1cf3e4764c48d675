import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-client';

/** The tenant of the address does not exist or is not the user's: nothing to show. */
export function ListTenantError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (isApiError(error) && [400, 403, 404].includes(error.status)) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('errors.NOT_FOUND')} data-testid="no-access">
        {t('lists.tenantNotFound')}
      </Alert>
    );
  }
  return <LoadError error={error} onRetry={onRetry} />;
}
