import { Badge, Box } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Without a connection the header says so (issue 33 item 3), from the browser's own online state: a technician in a
 * basement sees why nothing saves instead of a spinner. Online, nothing is shown: that is the normal case. On a phone
 * the header has no room for the word beside the language switch and the user menu: the icon alone, its name read
 * out and on hover as before.
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
      px={6}
      leftSection={<IconWifiOff size={12} />}
      styles={{ section: { marginInlineEnd: 0 } }}
      role="status"
      title={t('common.connection.offlineHint')}
      aria-label={t('common.connection.offlineHint')}
      data-testid="connection-offline"
    >
      <Box component="span" visibleFrom="xs" ml={4}>
        {t('common.connection.offline')}
      </Box>
    </Badge>
  );
}
