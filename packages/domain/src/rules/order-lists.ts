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
 * | deliveries  | ''                                     | it awaits a delivery (awaitsDelivery, decision 054) |
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
  logistik: readonly DeliveryState[];
}

/** What the deliveries list reads of a delivery (SPEC §3 logistik): whether it has come. */
export interface DeliveryState {
  geliefertAm?: string | null;
}

/**
 * The warehouse's deliveries (decision 054: the orders list's tab 'Lieferungen', the warehouse's start): the
 * first row that holds decides.
 *
 * | row | the order …                                                              | in the list |
 * |-----|--------------------------------------------------------------------------|-------------|
 * | 1   | is inactive                                                              | no          |
 * | 2   | has a delivery without 'Geliefert am' (ordered or planned or neither)    | yes         |
 * | 3   | has no deliveries, or every one has come                                 | no          |
 *
 * The status does not matter: a delivery still awaited is the warehouse's until it has come, also for an
 * order installed or billed meanwhile (the list shows it, so that someone books it in or removes it).
 */
export const DELIVERY_RULES = [
  { row: 1, when: (o: Pick<OrderListInput, 'active' | 'logistik'>) => !o.active, listed: false },
  { row: 2, when: (o: Pick<OrderListInput, 'logistik'>) => o.logistik.some((d) => !d.geliefertAm), listed: true },
  { row: 3, when: () => true, listed: false },
] as const;

/** The row of DELIVERY_RULES that decides for an order. */
export const deliveryRuleOf = (o: Pick<OrderListInput, 'active' | 'logistik'>) =>
  DELIVERY_RULES.find((r) => r.when(o)) as (typeof DELIVERY_RULES)[number];

/** Whether the order is in the warehouse's deliveries (DELIVERY_RULES). */
export const awaitsDelivery = (o: Pick<OrderListInput, 'active' | 'logistik'>) => deliveryRuleOf(o).listed;

/**
 * What the warehouse's list shows of an order: the deliveries still to come (row 2's), those planned soonest
 * first, then those without a planned day, in the order's own order.
 */
export function awaitedDeliveries<D extends DeliveryState & { geplantAm?: string | null }>(
  logistik: readonly D[],
): D[] {
  const open = logistik.filter((d) => !d.geliefertAm);
  return open
    .map((d, i) => ({ d, i }))
    .sort((a, b) => {
      const x = a.d.geplantAm || '9999-12-31';
      const y = b.d.geplantAm || '9999-12-31';
      return x < y ? -1 : x > y ? 1 : a.i - b.i;
    })
    .map(({ d }) => d);
}

export interface OrderListKey {
  list: string;
  key: string;
}

/** A person's key: the name in lower case (the lists match case-blind). */
export const personKey = (name: string) => name.toLowerCase();

/**
 * The week lists of an order with this sales and operations week (the table's last four rows): the
 * sales week always, and each distinct week it has under 'week', or '' under 'week' without either.
 * The order list's week filter counts the orders it shows by these keys (GET orders/get/weeks).
 */
export function weekKeys(sales: string, operations: string): OrderListKey[] {
  const weeks: OrderListKey[] = [{ list: 'salesWeek', key: sales }];
  if (sales !== '') weeks.push({ list: 'week', key: sales });
  if (operations !== '' && operations !== sales) weeks.push({ list: 'week', key: operations });
  if (sales === '' && operations === '') weeks.push({ list: 'week', key: '' });
  return weeks;
}

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
  if (awaitsDelivery(o)) keys.push({ list: 'deliveries', key: '' });

  for (const w of weekKeys(o.vkid.akt_kw, o.el.akt_kw)) {
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

/**
 * Which kept count is the total of the order list without a search (GET orders; decision 063): one row each
 * for the filters a user sets on 'Alle'. Every active order is in exactly one sales-week count, and in one
 * per department and status beside it; the week lists hold an order once under each of its two weeks, as
 * the KW filter matches it.
 *
 * | filters set                   | the total is the sum of                          |
 * |-------------------------------|--------------------------------------------------|
 * | none                          | salesWeek, every key                             |
 * | department                    | salesWeek.d, the keys 'department\|…'            |
 * | status                        | salesWeek.s, the keys 'status\|…'                |
 * | KW                            | week, the key of the week                        |
 * | KW and department             | week.d, the key 'department\|week'               |
 * | KW and status                 | week.s, the key 'status\|week'                   |
 * | department and status, a division, inactive orders | none: counted over the orders |
 */
export type KeptTotal = { list: string; key: string; exact: boolean };

export function keptListTotal(f: {
  status?: string;
  department?: number;
  kw?: string;
  division?: string;
  inactive?: boolean;
}): KeptTotal | null {
  if (f.inactive || f.division || (f.status && f.department !== undefined)) return null;
  const by =
    f.department !== undefined
      ? { suffix: '.d', value: String(f.department) }
      : f.status
        ? { suffix: '.s', value: f.status }
        : null;
  if (f.kw)
    return by
      ? { list: `week${by.suffix}`, key: `${by.value}|${f.kw}`, exact: true }
      : { list: 'week', key: f.kw, exact: true };
  return by
    ? { list: `salesWeek${by.suffix}`, key: `${by.value}|`, exact: false }
    : { list: 'salesWeek', key: '', exact: false };
}
