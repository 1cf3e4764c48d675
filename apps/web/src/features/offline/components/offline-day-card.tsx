import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { OFFLINE_DAY } from '@pruefbuch/domain/rules/offline-day';
import { IconCloudDownload, IconWifiOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { loadOfflineDay } from '../api/load-offline-day';
import { dayMeta } from '../offline-store';

const metaKey = (tenantId: string) => ['offline', 'day', tenantId] as const;

/**
 * 'Für unterwegs' on the technician's start (decision 061): how many books are kept offline and since
 * when, and the action that loads the day. Shown while online with a day kept, it loads the day again.
 */
export function OfflineDayCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const client = useQueryClient();
  // The store is local: the query runs without a network.
  const meta = useQuery({ queryKey: metaKey(tenantId), queryFn: () => dayMeta(tenantId), networkMode: 'always' });
  const load = useMutation({
    mutationFn: () => loadOfflineDay(tenantId),
    onSuccess: (m) => client.setQueryData(metaKey(tenantId), m),
  });

  const refreshed = useRef(false);
  useEffect(() => {
    if (!online || refreshed.current || !meta.data) return;
    refreshed.current = true;
    load.mutate();
  }, [online, meta.data, load]);

  const loadNow = () => {
    // A day loaded by hand needs no second load when the card sees it.
    refreshed.current = true;
    load.mutate(undefined, {
      onSuccess: () => notifySuccess({ text: t('tenants.start.offline.loaded') }),
      onError: (error) => notifyError(errorText(t, error), t('tenants.start.offline.failed')),
    });
  };

  const m = meta.data;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="offline-day">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 16rem' }}>
          <Text fw={600} size="sm">
            {t('tenants.start.offline.title')}
          </Text>
          {m ? (
            <Text size="sm" data-testid="offline-day-status">
              {t('tenants.start.offline.available', { count: m.count, at: formatDateTime(m.preparedAt) })}
            </Text>
          ) : meta.isSuccess ? (
            <Text size="sm" c="dimmed">
              {t('tenants.start.offline.none', { days: OFFLINE_DAY.daysAhead })}
            </Text>
          ) : null}
          {m && m.overCap > 0 ? (
            <Text size="sm" c="orange.8">
              {t('tenants.start.offline.overCap', { count: m.overCap, max: m.maxBooks })}
            </Text>
          ) : null}
          {!online ? (
            <Group gap={4}>
              <IconWifiOff size={14} />
              <Text size="xs" c="dimmed">
                {t('tenants.start.offline.offlineNote')}
              </Text>
            </Group>
          ) : null}
        </Stack>
        <Button
          variant={m ? 'default' : 'filled'}
          leftSection={<IconCloudDownload size={16} />}
          onClick={loadNow}
          loading={load.isPending}
          disabled={!online}
          data-testid="offline-day-load"
        >
          {m ? t('tenants.start.offline.reload') : t('tenants.start.offline.load')}
        </Button>
      </Group>
    </Paper>
  );
}
