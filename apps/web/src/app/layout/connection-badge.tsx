import { Badge, Box, Group } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCloudUp, IconWifiOff } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
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
  const waitingText = t('common.outbox.waiting', { count: waiting });
  return (
    <Group gap={4} wrap="nowrap">
      {!online ? (
        <HeaderBadge
          color="orange"
          icon={<IconWifiOff size={12} />}
          label={t('common.connection.offline')}
          hint={t('common.connection.offlineHint')}
          testId="connection-offline"
        />
      ) : null}
      {waiting > 0 ? (
        <HeaderBadge
          color="yellow"
          icon={<IconCloudUp size={12} />}
          label={waitingText}
          hint={`${waitingText}: ${t('common.outbox.waitingHint')}`}
          testId="connection-waiting"
          count={waiting}
        />
      ) : null}
    </Group>
  );
}

/** A status in the header: the icon alone on a phone, with its words from the xs breakpoint; named for screen readers. */
function HeaderBadge(props: {
  color: string;
  icon: ReactNode;
  label: string;
  hint: string;
  testId: string;
  count?: number;
}) {
  return (
    <Badge
      color={props.color}
      c={props.color === 'yellow' ? 'dark' : undefined}
      variant="filled"
      tt="none"
      px={6}
      leftSection={props.icon}
      styles={{ section: { marginInlineEnd: 0 } }}
      role="status"
      title={props.hint}
      aria-label={props.count === undefined ? props.hint : props.label}
      data-testid={props.testId}
      data-count={props.count}
    >
      <Box component="span" visibleFrom="xs" ml={4}>
        {props.label}
      </Box>
    </Badge>
  );
}
