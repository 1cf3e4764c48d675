import { Anchor, Stack, Text } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { orderListItemSchema } from '@pruefbuch/domain/schemas/order';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { ListColumn } from '@/components/ui/list-page/list-types';
import { TwoLineCell } from '@/components/ui/list-page/row-parts';
import { formatDate } from '@/lib/format';
import type { OrderListMode } from '../api/get-orders';
import type { OrderSortField } from '../order-list-view';
import { weekLabel } from '../order-weeks';
import { departmentLabel, OrderAmpelBadge, OrderStatusBadge } from './order-parts';

export type OrderRow = z.infer<typeof orderListItemSchema>;

/** Where a row of the order list leads. */
export const orderPath = (o: OrderRow) => screenPath('orderprocessing', { slug: o._id });

/** A week in a column headed 'KW …': '2026-W50' → '50/2026'. */
const shortWeek = (week: string) => weekLabel(week, '').trim();

/**
 * The order list's columns in a search mode ('Lieferungen' adds what each order awaits), kept between renders:
 * the list's rows render again only when the mode or the language changes, not when a count or the refresh
 * stamp arrives (ListTable memoises its rows).
 */
export function useOrderColumns(mode: OrderListMode) {
  const { t } = useTranslation();
  return useMemo(
    (): ListColumn<OrderRow, OrderSortField>[] => [
      {
        key: 'ampel',
        header: t('orders.list.columns.ampel'),
        sort: 'gesamt_ampel',
        // The plain sort is worst first (decision 024): 'aufsteigend' would say the opposite.
        sortLabels: { ascending: t('orders.list.sort.ampelWorst'), descending: t('orders.list.sort.ampelBest') },
        phone: 'aside',
        // The status under the ampel: the table fits a laptop without scrolling sideways.
        cell: (o) => (
          <Stack gap={4} align="flex-start">
            <OrderAmpelBadge ampel={o.gesamt_ampel} size="sm" />
            <OrderStatusBadge status={o.status} size="sm" />
          </Stack>
        ),
      },
      {
        key: 'objekt',
        header: t('orders.list.columns.objekt'),
        sort: 'objekt',
        phone: 'title',
        cell: (o) => (
          <div>
            <Anchor component={Link} to={orderPath(o)} fw={500} size="sm" c="inherit" data-testid="order-link">
              {o.objekt || t('orders.editor.titleNoNr')}
            </Anchor>
            {o.kunde ? (
              <Text span size="xs" c="dimmed" display="block">
                {o.kunde}
              </Text>
            ) : null}
          </div>
        ),
      },
      {
        key: 'abnr',
        header: t('orders.list.columns.abnrCsnr'),
        sort: 'abnr',
        nowrap: true,
        cell: (o) => <TwoLineCell main={o.abnr || '–'} note={o.csnr} />,
      },
      {
        key: 'kwVkid',
        header: t('orders.list.columns.kw'),
        sort: 'vkidKw',
        nowrap: true,
        // The operations' week under the sales week: one column, so the object keeps its room on a laptop.
        cell: (o) => (
          <TwoLineCell
            main={o.vkid.akt_kw ? shortWeek(o.vkid.akt_kw) : '–'}
            note={t('orders.list.elWeek', { week: o.el.akt_kw ? shortWeek(o.el.akt_kw) : '–' })}
          />
        ),
      },
      {
        key: 'montage',
        header: t('orders.list.columns.montage'),
        sort: 'geplante_montage_date',
        nowrap: true,
        cell: (o) => formatDate(o.vkid.geplante_montage_date),
      },
      // The warehouse's list: what each order waits for, the delivery planned soonest first (decision 054).
      ...(mode === 'deliveries'
        ? [
            {
              key: 'awaited',
              header: t('orders.list.columns.awaited'),
              cell: (o: OrderRow) => {
                const [next, ...more] = o.awaited ?? [];
                if (!next) return '–';
                const planned = next.geplantAm
                  ? t('orders.list.awaitedPlanned', { date: formatDate(next.geplantAm) })
                  : t('orders.list.awaitedNoDate');
                return (
                  <TwoLineCell
                    testId="order-awaited"
                    main={[next.bezeichnung, next.lieferant].filter(Boolean).join(' · ') || '–'}
                    note={
                      more.length ? `${planned} · ${t('orders.list.awaitedMore', { count: more.length })}` : planned
                    }
                  />
                );
              },
            } satisfies ListColumn<OrderRow, OrderSortField>,
          ]
        : []),
      {
        key: 'department',
        header: t('orders.list.columns.department'),
        nowrap: true,
        // The department's short code ('OPM') keeps the table within a laptop's width; the full name on hover.
        cell: (o) => {
          const full = departmentLabel(t, o.aktuelle_abteilung);
          const short = /\(([^)]+)\)$/.exec(full)?.[1];
          return (
            <Text span size="sm" title={full}>
              {short ?? full}
            </Text>
          );
        },
      },
    ],
    [t, mode],
  );
}
