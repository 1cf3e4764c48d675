import { Anchor, Badge, Button, Center, Group, NativeSelect, Stack, Text, Tooltip } from '@mantine/core';
import { mayCall, screenPath } from '@pruefbuch/domain/access';
import { followUpDueShown } from '@pruefbuch/domain/rules/offer-ampel';
import { OFFER_SEARCH_TYPES, type OfferListItem, type OfferSortField } from '@pruefbuch/domain/schemas/offer';
import { IconAlarm, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '@/components/ui/list-page/list-page';
import type { ListColumn } from '@/components/ui/list-page/list-types';
import { useListState } from '@/components/ui/list-page/use-list-state';
import { useRefreshOnChange } from '@/components/ui/list-page/use-refresh-on-change';
import { OfferAmpelBadge } from '@/components/ui/offer-ampel-badge';
import { Segments } from '@/components/ui/segments';
import { formatDate, formatMoney, formatNumber, formatTime } from '@/lib/format';
import { toPrincipal, useSession } from '@/lib/session';
import { useLastSearch } from '../api/get-last-search';
import { useOfferUsers } from '../api/get-offer-users';
import { useMyFollowUpCount, useOffers } from '../api/get-offers';
import { useOffersUpdatedAt } from '../api/get-offers-updated-at';
import { offerKeys } from '../api/keys';
import { useSaveLastSearch } from '../api/save-last-search';
import { OfferFilterControls } from '../components/offer-filters';
import { OfferStatusBadge } from '../components/offer-parts';
import { activeFilterCount, clearedFilters, offerListApiParams, offerListViewOf } from '../offer-list-filters';

const SORT_FIELDS = [
  'ampel',
  'offerNr',
  'receivedDate',
  'objekt',
  'debitor',
  'csnr',
  'plz',
  'offerFollowUpDate',
  'offerSum',
] as const satisfies readonly OfferSortField[];
type SortField = (typeof SORT_FIELDS)[number];

/** How long the hint 'updated, there were changes' stays. */

/**
 * offer_list (/offerlist): the tenant's offers, red first; search in a chosen field (the last search comes
 * back), filters in the address, 'Meine Nachfassungen', and a list that refreshes itself when an offer changes.
 */
export function OfferListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { session, currentTenant } = useSession();
  const user = toPrincipal(session);
  const mayWrite = !!user && mayCall('offers:write', user);
  const list = useListState<SortField>({ sortFields: SORT_FIELDS, defaultSort: 'ampel' });
  const view = offerListViewOf(list.params);
  const offers = useOffers({ ...list.apiParams, ...offerListApiParams(view, list.query) });
  const mineCount = useMyFollowUpCount();
  const users = useOfferUsers();
  const filterCount = activeFilterCount(view.filters);

  useLastSearchMemory(list, view.searchType);
  const refreshedAt = useAutoRefresh(() => queryClient.invalidateQueries({ queryKey: offerKeys.lists(currentTenant) }));

  const offerPath = (o: OfferListItem) => screenPath('offer', { slug: o._id });
  const columns: ListColumn<OfferListItem, SortField>[] = [
    {
      key: 'ampel',
      header: t('offers.fields.ampel'),
      sort: 'ampel',
      sortLabels: { ascending: t('offers.list.sort.ampelWorst'), descending: t('offers.list.sort.ampelBest') },
      phone: 'aside',
      // A long label wraps onto two lines instead of widening the table.
      cell: (o) => (
        <OfferAmpelBadge
          label={o.ampel}
          colour={o.ampelColour}
          maw={150}
          styles={{ root: { height: 'auto', paddingBlock: 3 }, label: { whiteSpace: 'normal', lineHeight: 1.25 } }}
        />
      ),
    },
    {
      key: 'offerNr',
      header: t('offers.list.columns.offerNr'),
      sort: 'offerNr',
      phone: 'title',
      nowrap: true,
      cell: (o) => (
        <Anchor component={Link} to={offerPath(o)} fw={600} size="sm" c="inherit" data-testid="offer-link">
          {o.angebot.offerNr || (
            <Text span size="sm" c="dimmed" fs="italic">
              {t('offers.list.noNumber')}
            </Text>
          )}
        </Anchor>
      ),
    },
    {
      key: 'receivedDate',
      header: t('offers.list.columns.received'),
      sort: 'receivedDate',
      // The plain sort is newest first: 'aufsteigend' would say the opposite.
      sortLabels: { ascending: t('offers.list.sort.receivedNewest'), descending: t('offers.list.sort.receivedOldest') },
      nowrap: true,
      cell: (o) => formatDate(o.receivedDate),
    },
    {
      key: 'objekt',
      header: t('offers.list.columns.objekt'),
      sort: 'objekt',
      // Debitor, ZIP and CS-Nr under the object: the table fits a laptop, and all stay searchable.
      cell: (o) => (
        <div>
          <Text span size="sm" display="block">
            {o.objekt}
          </Text>
          {o.debitor ? (
            <Text span size="xs" display="block">
              {o.debitor}
            </Text>
          ) : null}
          {o.plz || o.csnr ? (
            <Text span size="xs" c="dimmed" display="block">
              {[o.plz, o.csnr].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'ofm',
      header: t('offers.list.columns.ofm'),
      nowrap: true,
      cell: (o) =>
        o.users.ofm ? (
          <Tooltip label={o.users.ofm.name} openDelay={300}>
            <Text span size="sm">
              {o.users.ofm.abbreviation || o.users.ofm.name}
            </Text>
          </Tooltip>
        ) : null,
    },
    {
      key: 'followUp',
      header: t('offers.list.columns.followUp'),
      sort: 'offerFollowUpDate',
      width: 110,
      cell: (o) =>
        o.angebot.offerFollowUpDate ? (
          <div>
            <Text
              span
              size="sm"
              display="block"
              c={o.followUpDue ? 'red.8' : undefined}
              fw={o.followUpDue ? 600 : undefined}
            >
              {formatDate(o.angebot.offerFollowUpDate)}
            </Text>
            {followUpDueShown(o.followUpDue, o.ampel) ? (
              <Group gap={4} wrap="nowrap" c="red.8" data-testid="offer-follow-up-due">
                <IconAlarm size={12} aria-hidden />
                <Text span size="xs" fw={600}>
                  {t('offers.followUpDue')}
                </Text>
              </Group>
            ) : null}
          </div>
        ) : null,
    },
    {
      key: 'sum',
      header: t('offers.list.columns.sum'),
      sort: 'offerSum',
      align: 'right',
      nowrap: true,
      cell: (o) => (
        <Stack gap={4} align="flex-end">
          <Text span size="sm">
            {formatMoney(o.angebot.offerSum)}
          </Text>
          <OfferStatusBadge status={o.status} size="sm" />
        </Stack>
      ),
    },
  ];

  const emptyText = view.mine
    ? t('offers.list.emptyMine')
    : filterCount > 0
      ? t('offers.list.emptyFiltered')
      : t('offers.list.empty');

  return (
    <ListPage
      title={t('offers.list.title')}
      description={t('offers.list.description')}
      newItem={
        mayWrite ? { to: screenPath('offer', { slug: 'new' }), label: t('offers.list.new'), testId: 'offer-new' } : null
      }
      summary={
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Segments
            value={view.mine ? 'mine' : 'all'}
            onChange={(value) => list.update({ followUp: value === 'mine' ? 'mine' : null, page: null })}
            aria-label={t('offers.list.views')}
            data={[
              { value: 'all', label: t('offers.list.all') },
              {
                value: 'mine',
                label: (
                  <Center style={{ gap: 6, flexWrap: 'nowrap' }}>
                    <span>{t('offers.list.mine')}</span>
                    {mineCount.data ? (
                      <Badge
                        size="sm"
                        color="red"
                        variant="filled"
                        aria-label={t('offers.list.mineCount', { count: mineCount.data })}
                        data-testid="offer-mine-count"
                      >
                        {formatNumber(mineCount.data)}
                      </Badge>
                    ) : null}
                  </Center>
                ),
              },
            ]}
            data-testid="offer-view"
          />
          {refreshedAt ? (
            <Group gap={4} wrap="nowrap" c="dimmed" role="status" data-testid="offer-refreshed">
              <IconRefresh size={14} aria-hidden />
              <Text size="xs" c="dimmed">
                {t('offers.list.refreshed', {
                  time: formatTime(refreshedAt),
                })}
              </Text>
            </Group>
          ) : null}
        </Group>
      }
      filters={
        <>
          <NativeSelect
            value={view.searchType}
            onChange={(event) =>
              list.update({
                searchType: event.currentTarget.value === 'all' ? null : event.currentTarget.value,
                page: null,
              })
            }
            data={OFFER_SEARCH_TYPES.map((type) => ({ value: type, label: t(`offers.searchTypes.${type}`) }))}
            aria-label={t('offers.list.searchType')}
            data-testid="offer-search-type"
          />
          <OfferFilterControls filters={view.filters} users={users.data ?? []} update={list.update} />
        </>
      }
      searchPlaceholder={t('offers.list.searchPlaceholder')}
      totalLabel={(count, more) =>
        t(more ? 'offers.list.totalMore' : 'offers.list.total', { count, formatted: formatNumber(count) })
      }
      list={list}
      query={offers}
      columns={columns}
      rowKey={(o) => o._id}
      rowTo={offerPath}
      emptyText={emptyText}
      emptyAction={
        view.mine || filterCount > 0 ? (
          <Button variant="subtle" size="xs" onClick={() => list.update({ ...clearedFilters(), followUp: null })}>
            {t('offers.list.showAll')}
          </Button>
        ) : null
      }
      testId="offer"
      minWidth={960}
    />
  );
}

/**
 * The user's last search comes back when the list opens without one in the address, and every settled search
 * (value and field) is remembered on the server.
 */
function useLastSearchMemory(list: ReturnType<typeof useListState<SortField>>, searchType: string) {
  const lastSearch = useLastSearch();
  const save = useSaveLastSearch();
  const restored = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the saved search has been read
  useEffect(() => {
    if (restored.current || !(lastSearch.isSuccess || lastSearch.isError)) return;
    restored.current = true;
    const saved = lastSearch.data;
    if (!saved?.value || list.params.has('search') || list.params.has('searchType')) return;
    list.update({ search: saved.value, searchType: saved.type === 'all' ? null : saved.type, page: null });
  }, [lastSearch.isSuccess, lastSearch.isError]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search or a new field is saved
  useEffect(() => {
    if (!restored.current) return;
    const saved = lastSearch.data;
    const current = { type: searchType as (typeof OFFER_SEARCH_TYPES)[number], value: list.search };
    if (saved && saved.type === current.type && saved.value === current.value) return;
    if (!saved && !current.value && current.type === 'all') return;
    save.mutate(current);
  }, [list.search, searchType]);
}

/**
 * Asks every ~30 s (while the tab is visible) whether an offer changed; when it did, the list is read again and
 * the time is shown for a minute.
 */
function useAutoRefresh(refetch: () => unknown): Date | null {
  const updatedAt = useOffersUpdatedAt();
  const stamp = updatedAt.data ? `${updatedAt.data.updatedAt ?? ''}|${updatedAt.data.count}` : null;
  return useRefreshOnChange(stamp, refetch);
}
