import { Anchor, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { screenPath } from '@pruefbuch/domain/access';
import { OFFLINE_DAY } from '@pruefbuch/domain/rules/offline-day';
import { IconChevronDown, IconChevronUp, IconCloudDownload, IconFolderDown, IconWifiOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { loadOfflineDay, type OfflineChoice } from '../api/load-offline-day';
import { dayBooks, dayMeta } from '../offline-store';
import { useDrafts } from '../use-offline';
import { DraftStateBadge } from './draft-state-badge';

const metaKey = (tenantId: string) => ['offline', 'day', tenantId] as const;

/**
 * 'Für unterwegs' on the technician's start (decision 061): how many books are kept offline and since
 * when, and the action that loads the day. Shown while online with a day kept, it loads the day again.
 */
export function OfflineDayCard({
  tenantId,
  folder,
}: {
  tenantId: string;
  folder?: { id: string; name: string } | null;
}) {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const client = useQueryClient();
  // The store is local: the query runs without a network.
  const meta = useQuery({ queryKey: metaKey(tenantId), queryFn: () => dayMeta(tenantId), networkMode: 'always' });
  const load = useMutation({
    mutationFn: (choice: OfflineChoice = null) => loadOfflineDay(tenantId, choice),
    onSuccess: (m) => client.setQueryData(metaKey(tenantId), m),
  });

  const refreshed = useRef(false);
  useEffect(() => {
    if (!online || refreshed.current || !meta.data) return;
    refreshed.current = true;
    // The same choice as the day kept: a folder's day stays the folder's.
    const chosen = meta.data.chosen;
    load.mutate(chosen ? { kind: chosen.kind, id: chosen.id } : null);
  }, [online, meta.data, load]);

  // Which button started the load under way: it shows the spinner, the others wait for it.
  const [pressed, setPressed] = useState<'folder' | 'bookings' | 'reload' | null>(null);
  const loadNow = (button: 'folder' | 'bookings' | 'reload', choice: OfflineChoice = null) => {
    // A day loaded by hand needs no second load when the card sees it.
    refreshed.current = true;
    setPressed(button);
    load.mutate(choice, {
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
          ) : null}
          {m?.chosen ? (
            <Text size="sm" c="dimmed" data-testid="offline-day-chosen">
              {t(`tenants.start.offline.chosen.${m.chosen.kind}`, { name: m.chosen.name })}
            </Text>
          ) : null}
          {!m && meta.isSuccess ? (
            <Text size="sm" c="dimmed">
              {t('tenants.start.offline.none', { days: OFFLINE_DAY.daysAhead })}
            </Text>
          ) : null}
          {m && m.count === 0 ? (
            // Nothing came along: say why, and what else can be taken (a folder, a branch).
            <Text size="sm" c="dimmed" data-testid="offline-day-empty">
              {m.chosen
                ? t('tenants.start.offline.emptyChosen')
                : t('tenants.start.offline.empty', { days: OFFLINE_DAY.daysAhead })}
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
        <Group gap="xs" wrap="wrap">
          {folder && m?.chosen?.id !== folder.id ? (
            <Button
              variant="default"
              leftSection={<IconFolderDown size={16} />}
              onClick={() => loadNow('folder', { kind: 'folder', id: folder.id })}
              loading={load.isPending && pressed === 'folder'}
              disabled={!online || load.isPending}
              data-testid="offline-day-load-folder"
            >
              {t('tenants.start.offline.loadFolder', { name: folder.name })}
            </Button>
          ) : null}
          {m?.chosen ? (
            <Button
              variant="default"
              onClick={() => loadNow('bookings', null)}
              loading={load.isPending && pressed === 'bookings'}
              disabled={!online || load.isPending}
              data-testid="offline-day-load-bookings"
            >
              {t('tenants.start.offline.loadBookings')}
            </Button>
          ) : null}
          <Button
            variant={m ? 'default' : 'filled'}
            leftSection={<IconCloudDownload size={16} />}
            onClick={() => loadNow('reload', m?.chosen ? { kind: m.chosen.kind, id: m.chosen.id } : null)}
            loading={load.isPending && (pressed === 'reload' || pressed === null)}
            disabled={!online || load.isPending}
            data-testid="offline-day-load"
          >
            {m ? t('tenants.start.offline.reload') : t('tenants.start.offline.load')}
          </Button>
        </Group>
      </Group>
      {m && m.count > 0 ? <PreparedBooks tenantId={tenantId} preparedAt={m.preparedAt} online={online} /> : null}
    </Paper>
  );
}

/**
 * The prepared books, each opening its offline page, and what was recorded on this device with where it stands.
 * Offline the list is open: it is the way in without a network.
 */
function PreparedBooks({ tenantId, preparedAt, online }: { tenantId: string; preparedAt: string; online: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(!online);
  useEffect(() => {
    if (!online) setOpen(true);
  }, [online]);
  const books = useQuery({
    queryKey: ['offline', 'books', tenantId, preparedAt],
    queryFn: () => dayBooks(tenantId),
    networkMode: 'always',
  });
  const drafts = useDrafts(tenantId);
  const list = books.data ?? [];
  return (
    <Stack gap={6} mt="xs">
      {(drafts.data ?? []).length > 0 ? (
        <Stack gap={4} data-testid="offline-day-drafts">
          {(drafts.data ?? []).map((d) => (
            <Group key={d.localId} gap="xs" wrap="wrap">
              <Anchor
                component={Link}
                to={screenPath('offline_record', { tenant: tenantId, slug: d.localId })}
                size="sm"
              >
                {t(`inspections.kind.${d.kind}`)} · {d.bookTitle}
              </Anchor>
              <DraftStateBadge state={d.state} />
            </Group>
          ))}
        </Stack>
      ) : null}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setOpen((o) => !o)}
          rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          aria-expanded={open}
          data-testid="offline-day-toggle"
        >
          {open ? t('offline.book.hideBooks') : t('offline.book.showBooks')}
        </Button>
      </Group>
      <Collapse expanded={open}>
        <Stack gap={4} data-testid="offline-day-books">
          {list.map((b) => (
            <Anchor
              key={b._id}
              component={Link}
              to={screenPath('offline_book', { tenant: tenantId, slug: b._id })}
              size="sm"
              data-testid="offline-day-book"
            >
              {b.title}
              {b.location ? ` · ${b.location}` : ''}
            </Anchor>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
