import { Badge } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Without a connection the header says so (issue 33 item 3), from the browser's own online state: a technician in a
 * basement sees why nothing saves instead of a spinner. Online, nothing is shown: that is the normal case.
 */
export function ConnectionBadge() {
  const { t } = useTranslation();
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Badge
      color="orange"
      variant="filled"
      tt="none"
      leftSection={<IconWifiOff size={12} />}
      role="status"
      title={t('common.connection.offlineHint')}
      aria-label={t('common.connection.offlineHint')}
      data-testid="connection-offline"
    >
      {t('common.connection.offline')}
    </Badge>
  );
}
