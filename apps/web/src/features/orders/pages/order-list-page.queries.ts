import { orderWeeksQueryOptions } from '../api/get-order-weeks';
import { ORDER_LIST_MODES, orderCountQueryOptions, ordersQueryOptions } from '../api/get-orders';
import { orderListView } from '../order-list-view';

/**
 * What the order list asks first for an address: the page of orders, each tab's count, and the weeks of
 * the week filter. The app asks for them while the page's code is still loading (app/preload.ts).
 */
export function orderListFirstQueries(address: URLSearchParams, tenant: string | null) {
  const view = orderListView(address);
  return [
    ordersQueryOptions(tenant, view.mode, view.value, view.params),
    ...ORDER_LIST_MODES.map((mode) => orderCountQueryOptions(tenant, mode, view.value, view.filters)),
    ...(view.weeksQuery ? [orderWeeksQueryOptions(tenant, view.weeksQuery)] : []),
  ];
}
