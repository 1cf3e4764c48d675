/**
 * Which counted lists an order belongs to (SPEC §7 Orders' search lists and counts, decision 024).
 * The server keeps one count per list and key (order_list_counts) and moves it with every write of
 * an order, in the write's transaction: a tab's count and a page's total read one row.
 *
 * Only active orders are counted. People are matched case-blind: the key is the name in lower case.
 *
 * | list        | key                                    | when                                              |
 * |-------------|----------------------------------------|---------------------------------------------------|
 * | opm         | the OPM (vkid.innendienst)             | always (an order without OPM under '')            |
 * | el          | the installer (el.montage)             | always                                            |
 * | el          | the service id (el.service_id)         | when it is not the installer's name               |
 * | ad          | the field sales person (vkid.ad)       | always                                            |
 * | vkidAll     | ''                                     | status in VKID_ALL_STATUSES                       |
 * | elAll       | ''                                     | with the EL department (aktuelle_abteilung 2)      |
 * | adAll       | ''                                     | a field sales person, status not AD_ALL_EXCLUDED  |
 * | week        | the sales week                         | it has one                                        |
 * | week        | the operations week                    | it has one that is not the sales week             |
 * | week        | ''                                     | neither week                                      |
 * | salesWeek   | the sales week ('' without)            | always                                            |
 *
 * Each week list is kept three times: as is, per department ('week.d', key 'department|week') and per
 * status ('week.s', key 'status|week'): the order list's two filters (GET orders/get/weeks).
 */
import { Department } from '../roles';
import { figureChanges } from './figure-buckets';
import type { OrderStatus } from './order-status';

/** The order list's sort fields (GET orders ?sort=, '-' before one for descending). */
export const ORDER_SORT_FIELDS = [
  'gesamt_ampel',
  'status',
  'objekt',
  'abnr',
  'csnr',
  'vkidKw',
  'elKw',
  'geplante_montage_date',
  'updatedAt',
] as const;

/** The /all lists by status (the partial indexes of the lists use the same statuses). */
export const VKID_ALL_STATUSES: readonly OrderStatus[] = ['CREATED', 'AKT_KW_VKID'];
/**
 * The EL tab's /all list: the orders at EL, as the department filter and the hand-over say it (issue 31
 * item 7: by status it held 30 orders where the filter 'EL' showed 34).
 */
export const EL_ALL_DEPARTMENT = Department.EL;
/** A billed order leaves the field sales' open list. */
export const AD_ALL_EXCLUDED: OrderStatus = 'VERRECHNET';

/** What the lists read of an order. */
export interface OrderListInput {
  active: boolean;
  status: string;
  aktuelle_abteilung: number;
  vkid: { innendienst: string; ad: string; akt_kw: string };
  el: { montage: string; service_id: string; akt_kw: string };
}

export interface OrderListKey {
  list: string;
  key: string;
}

/** A person's key: the name in lower case (the lists match case-blind). */
export const personKey = (name: string) => name.toLowerCase();

/** The counted lists an order is in, each once per (list, key). */
export function orderListKeys(o: OrderListInput): OrderListKey[] {
  if (!o.active) return [];
  const keys: OrderListKey[] = [
    { list: 'opm', key: personKey(o.vkid.innendienst) },
    { list: 'el', key: personKey(o.el.montage) },
    { list: 'ad', key: personKey(o.vkid.ad) },
  ];
  const service = personKey(o.el.service_id);
  if (service !== personKey(o.el.montage)) keys.push({ list: 'el', key: service });
  if (VKID_ALL_STATUSES.includes(o.status as OrderStatus)) keys.push({ list: 'vkidAll', key: '' });
  if (o.aktuelle_abteilung === EL_ALL_DEPARTMENT) keys.push({ list: 'elAll', key: '' });
  if (o.vkid.ad !== '' && o.status !== AD_ALL_EXCLUDED) keys.push({ list: 'adAll', key: '' });

  const sales = o.vkid.akt_kw;
  const operations = o.el.akt_kw;
  const weeks: OrderListKey[] = [{ list: 'salesWeek', key: sales }];
  if (sales !== '') weeks.push({ list: 'week', key: sales });
  if (operations !== '' && operations !== sales) weeks.push({ list: 'week', key: operations });
  if (sales === '' && operations === '') weeks.push({ list: 'week', key: '' });
  for (const w of weeks) {
    keys.push(w);
    keys.push({ list: `${w.list}.d`, key: `${o.aktuelle_abteilung}|${w.key}` });
    keys.push({ list: `${w.list}.s`, key: `${o.status}|${w.key}` });
  }
  return keys;
}

/**
 * How the counts move when orders change: -1 for each list an order left, +1 for each it entered,
 * per tenant, list and key; lists that did not change are left out.
 */
export function listCountChanges(
  gone: readonly (OrderListInput & { tenantId: string })[],
  came: readonly (OrderListInput & { tenantId: string })[],
): { tenantId: string; list: string; key: string; n: number }[] {
  const changes = figureChanges<{ tenantId: string; list: string; key: string }, 'n'>(['n']);
  for (const o of gone) for (const k of orderListKeys(o)) changes.add({ tenantId: o.tenantId, ...k }, -1, { n: 1 });
  for (const o of came) for (const k of orderListKeys(o)) changes.add({ tenantId: o.tenantId, ...k }, 1, { n: 1 });
  return changes.rows();
}
