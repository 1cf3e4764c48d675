import { Badge, Box, Group } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCloudUp, IconWifiOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useWaitingChanges } from '@/lib/waiting-changes';

/** The outbox's sender, loaded only when something waits to be sent (decision 062). */
const startOutboxSync = () => import('@/features/offline/sync-runner').then((m) => m.startOutboxSync());

/**
 * The header says when there is no connection and how many changes recorded offline wait (issue 33 item 3): a
 * technician in a basement sees why nothing saves instead of a spinner, and what is still only on the phone.
 * Online with nothing waiting, nothing is shown: that is the normal case. On a phone the header has no room for the
 * words beside the language switch and the user menu: the icons alone, their names read out and on hover.
 */
export function ConnectionBadge() {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const waiting = useWaitingChanges();
  useEffect(() => {
    if (waiting > 0) void startOutboxSync().catch(() => undefined);
  }, [waiting]);
  if (online && waiting === 0) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {!online ? (
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
      ) : null}
      {waiting > 0 ? (
        <Badge
          color="yellow"
          c="dark"
          variant="filled"
          tt="none"
          px={6}
          leftSection={<IconCloudUp size={12} />}
          styles={{ section: { marginInlineEnd: 0 } }}
          role="status"
          title={`${t('common.outbox.waiting', { count: waiting })}: ${t('common.outbox.waitingHint')}`}
          aria-label={t('common.outbox.waiting', { count: waiting })}
          data-testid="connection-waiting"
          data-count={waiting}
        >
          <Box component="span" visibleFrom="xs" ml={4}>
            {t('common.outbox.waiting', { count: waiting })}
          </Box>
        </Badge>
      ) : null}
    </Group>
  );
}
