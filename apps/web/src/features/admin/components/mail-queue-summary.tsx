import { Badge, Group, Text } from '@mantine/core';
import type { MailQueue } from '@pruefbuch/domain/schemas/admin';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

/** The mail queue in one line: waiting (and of those retrying), dead letters, the oldest waiting mail. */
export function MailQueueSummary({ queue }: { queue: MailQueue }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mb="sm" data-testid="mail-queue">
      <Badge variant="light" color={queue.waiting ? 'blue' : 'gray'} tt="none">
        {t('admin.dashboard.queue.waiting', { count: queue.waiting })}
      </Badge>
      {queue.retrying ? (
        <Badge variant="light" color="orange" tt="none">
          {t('admin.dashboard.queue.retrying', { count: queue.retrying })}
        </Badge>
      ) : null}
      <Badge variant="light" color={queue.dead ? 'red' : 'gray'} tt="none">
        {t('admin.dashboard.queue.dead', { count: queue.dead })}
      </Badge>
      {queue.oldestWaitingAt ? (
        <Text size="xs" c="dimmed">
          {t('admin.dashboard.queue.oldest', { date: formatDateTime(queue.oldestWaitingAt) })}
        </Text>
      ) : null}
    </Group>
  );
}
