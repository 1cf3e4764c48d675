import { Badge, Button, Group, NativeSelect, Stack, Switch, Tabs, Text } from '@mantine/core';
import { mayCall, screenPath } from '@pruefbuch/domain/access';
import { berlinToday } from '@pruefbuch/domain/rules/berlin-clock';
import { ORDER_STATUSES } from '@pruefbuch/domain/rules/order-status';
import { IconHash, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InstallationsLink } from '@/components/ui/installations-link';
import { ListPage } from '@/components/ui/list-page/list-page';
import { useListState } from '@/components/ui/list-page/use-list-state';
import { useRefreshOnChange } from '@/components/ui/list-page/use-refresh-on-change';
import { ScrollingTabList } from '@/components/ui/scrolling-tab-list';
import { formatNumber, formatTime } from '@/lib/format';
import { toPrincipal, useSession } from '@/lib/session';
import { countsThatAnswer, orderWeeksQueryOptions, useOrderWeeks } from '../api/get-order-weeks';
import {
  ORDER_LIST_MODES,
  type OrderListMode,
  type OrderListParams,
  useOrderCount,
  useOrders,
} from '../api/get-orders';
import { useOrdersUpdatedAt } from '../api/get-orders-updated-at';
import { orderKeys } from '../api/keys';
import { AmpelLegend } from '../components/ampel-legend';
import { type OrderRow, orderPath, useOrderColumns } from '../components/order-list-columns';
import { departmentOptions } from '../components/order-parts';
import { ORDER_LIST_OPTIONS, type OrderSortField, orderListModeOf, orderListView } from '../order-list-view';
import { pageOfCurrentWeek, weekHeading, weekSelectData } from '../order-weeks';

/** Admins only, and rarely: loaded when opened, not with the list. */
const NumberingDialog = lazy(() =>
  import('../components/numbering-dialog').then((m) => ({ default: m.NumberingDialog })),
);

type SortField = OrderSortField;

const orderKey = (o: OrderRow) => o._id;

/**
 * list_orderprocessing (/orderprocessinglist): the tenant's orders, red first; tabs for the search modes of
 * SPEC §7 with their counts, KW, department and status filters on 'Alle', grouping by KW, and a list that
 * refreshes itself when an order changes.
 */
export function OrderListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { session, currentTenant } = useSession();
  const user = toPrincipal(session);
  const mayWrite = !!user && mayCall('orders:write', user);
  const mayNumber = !!user && mayCall('orders:numbering', user);
  const [numberingOpen, setNumberingOpen] = useState(false);
  /** The KW switch's clicks, so that one awaiting the week counts does not undo a later one. */
  const kwClicks = useRef(0);
  const list = useListState<SortField>(ORDER_LIST_OPTIONS);
  const { mode, value, filters, params, weeksQuery } = orderListView(list.params);
  const grouped = list.params.get('group') === 'kw';
  const orders = useOrders(mode, value, params);
  // The weeks and their counts for the department and status filters and the search term. A term matching more
  // orders than are counted (decision 073) has none: the week filter then offers the recent weeks and the
  // headings go without totals.
  const weekCounts = useOrderWeeks(weeksQuery);
  // About 40 options, each an interpolated text: built again only when the counts, the chosen week, the day (a list
  // left open overnight) or the language change.
  const today = berlinToday();
  const weekData = useMemo(() => weekSelectData(t, weekCounts, filters.kw, today), [t, weekCounts, filters.kw, today]);
  const refreshedAt = useAutoRefresh(() => queryClient.invalidateQueries({ queryKey: orderKeys.lists(currentTenant) }));
  const filterCount = [filters.kw, filters.department, filters.status].filter(Boolean).length;

  // Kept between renders (useMemo): the rows render again only when the page, the mode or the language changes.
  const columns = useOrderColumns(mode);

  // Grouped by KW (sorted by the sales week): a heading per sales week.
  const sortedByWeek = list.params.get('sort') === 'vkidKw' || list.params.get('sort') === '-vkidKw';
  // The grouping belongs to the week sort: another sort ends it, and takes it out of the address.
  const groupedElsewhere = grouped && !sortedByWeek;
  useEffect(() => {
    if (groupedElsewhere) list.update({ group: null });
  }, [groupedElsewhere, list.update]);
  const byWeek = grouped && sortedByWeek && mode === 'all';
  const headingCounts = filters.kw ? undefined : weekCounts;
  const groupOf = useMemo(
    () =>
      byWeek
        ? (o: OrderRow) => ({ key: o.vkid.akt_kw, label: weekHeading(t, o.vkid.akt_kw, headingCounts) })
        : undefined,
    [byWeek, t, headingCounts],
  );

  const needsValue = (mode === 'search' || mode === 'serial') && !value;
  const emptyText = needsValue
    ? t('orders.list.needsValue')
    : filterCount > 0
      ? t('orders.list.emptyFiltered')
      : mode === 'deliveries' && !value
        ? t('orders.list.emptyDeliveries')
        : t('orders.list.empty');

  return (
    <ListPage
      title={t('orders.list.title')}
      description={t('orders.list.description')}
      actions={
        <>
          <InstallationsLink label={t('orders.list.installations')} testId="order-installations" />
          {mayNumber ? (
            <Button
              variant="default"
              leftSection={<IconHash size={16} />}
              onClick={() => setNumberingOpen(true)}
              data-testid="order-numbering"
            >
              {t('orders.numbering.button')}
            </Button>
          ) : null}
          {mayNumber && numberingOpen ? (
            <Suspense fallback={null}>
              <NumberingDialog opened onClose={() => setNumberingOpen(false)} />
            </Suspense>
          ) : null}
        </>
      }
      newItem={
        mayWrite
          ? { to: screenPath('orderprocessing', { slug: 'new' }), label: t('orders.list.new'), testId: 'order-new' }
          : null
      }
      summary={
        <Stack gap="xs">
          <ModeTabs
            mode={mode}
            value={value}
            filters={filters}
            onChange={(m) => list.update({ mode: m === 'all' ? null : m, page: null })}
          />
          <Group gap="md" wrap="wrap">
            <Text size="xs" c="dimmed" data-testid="order-mode-hint">
              {t(`orders.list.modeHint.${mode}`)}
            </Text>
            <AmpelLegend />
          </Group>
          {refreshedAt ? (
            <Group gap={4} wrap="nowrap" c="dimmed" role="status" data-testid="order-refreshed">
              <IconRefresh size={14} aria-hidden />
              <Text size="xs" c="dimmed">
                {t('orders.list.refreshed', {
                  time: formatTime(refreshedAt),
                })}
              </Text>
            </Group>
          ) : null}
        </Stack>
      }
      filters={
        mode === 'all' ? (
          <>
            <NativeSelect
              value={filters.kw ?? ''}
              onChange={(e) => list.setFilter('kw', e.currentTarget.value || null)}
              data={weekData}
              aria-label={t('orders.list.kw')}
              data-testid="order-filter-kw"
            />
            <NativeSelect
              value={filters.department ? String(filters.department) : ''}
              onChange={(e) => list.setFilter('department', e.currentTarget.value || null)}
              data={[{ value: '', label: t('orders.list.departmentAll') }, ...departmentOptions(t)]}
              aria-label={t('orders.list.department')}
              data-testid="order-filter-department"
            />
            <NativeSelect
              value={filters.status ?? ''}
              onChange={(e) => list.setFilter('status', e.currentTarget.value || null)}
              data={[
                { value: '', label: t('orders.list.statusAll') },
                ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.status.${s}`) })),
              ]}
              aria-label={t('orders.list.status')}
              data-testid="order-filter-status"
            />
            <Switch
              checked={grouped && sortedByWeek}
              // Grouped by KW the list is sorted by the sales week, and the header says so.
              // It opens on the page of this week's group, not on the oldest weeks: counts not yet come are waited
              // for (the request under way, or one), and without them it opens on the first page. A click made
              // while they are awaited wins: switched off meanwhile, the list stays ungrouped.
              onChange={async (e) => {
                const click = ++kwClicks.current;
                if (!e.currentTarget.checked) {
                  list.update({ group: null, sort: null, page: null });
                  return;
                }
                const counts =
                  filters.kw || !weeksQuery
                    ? undefined
                    : (weekCounts ??
                      countsThatAnswer(
                        true,
                        await queryClient
                          .fetchQuery(orderWeeksQueryOptions(currentTenant, weeksQuery))
                          .catch(() => undefined),
                      ));
                if (click !== kwClicks.current) return;
                const page = counts ? pageOfCurrentWeek(counts, list.apiParams.size) : 1;
                list.update({ group: 'kw', sort: 'vkidKw', page: page > 1 ? String(page) : null });
              }}
              label={t('orders.list.groupByKw')}
              data-testid="order-group-kw"
            />
          </>
        ) : null
      }
      searchPlaceholder={t(`orders.list.valuePlaceholder.${mode}`)}
      totalLabel={(count, more) =>
        needsValue
          ? null
          : t(more ? 'orders.list.totalMore' : 'orders.list.total', { count, formatted: formatNumber(count) })
      }
      list={list}
      query={orders}
      columns={columns}
      rowKey={orderKey}
      rowTo={orderPath}
      emptyText={emptyText}
      emptyAction={
        filterCount > 0 && mode === 'all' ? (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => list.update({ kw: null, department: null, status: null, page: null })}
          >
            {t('orders.list.showAll')}
          </Button>
        ) : null
      }
      testId="order"
      minWidth={900}
      groupOf={groupOf}
    />
  );
}

/** The search modes as tabs, each with its count for the value typed. */
function ModeTabs({
  mode,
  value,
  filters,
  onChange,
}: {
  mode: OrderListMode;
  value: string;
  filters: OrderListParams;
  onChange: (mode: OrderListMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs value={mode} onChange={(m) => onChange(orderListModeOf(m))} keepMounted={false}>
      <ScrollingTabList value={mode} label={t('orders.list.views')}>
        {ORDER_LIST_MODES.map((m) => (
          <Tabs.Tab
            key={m}
            value={m}
            data-testid={`order-tab-${m}`}
            rightSection={<TabCount mode={m} value={value} filters={filters} />}
          >
            {t(`orders.list.tabs.${m}`)}
          </Tabs.Tab>
        ))}
      </ScrollingTabList>
    </Tabs>
  );
}

function TabCount({ mode, value, filters }: { mode: OrderListMode; value: string; filters: OrderListParams }) {
  const { t } = useTranslation();
  const count = useOrderCount(mode, value, filters);
  if (count.data === undefined) return null;
  const { n, more } = count.data;
  return (
    <Badge
      size="sm"
      variant="light"
      color="gray"
      aria-label={t(more ? 'orders.list.tabCountMore' : 'orders.list.tabCount', { count: n })}
      data-testid={`order-count-${mode}`}
    >
      {formatNumber(n)}
      {more ? '+' : ''}
    </Badge>
  );
}

/** Asks every ~30 s whether an order changed; when it did, the list is read again and the time shown for a minute. */
function useAutoRefresh(refetch: () => unknown): Date | null {
  const updatedAt = useOrdersUpdatedAt();
  const stamp = updatedAt.data ? `${updatedAt.data.updatedAt ?? ''}|${updatedAt.data.count ?? ''}` : null;
  return useRefreshOnChange(stamp, refetch);
}
