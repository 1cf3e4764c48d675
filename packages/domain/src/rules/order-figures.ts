/**
 * What an order counts in the operations evaluation (SPEC §2 opevaluation, decisions 026 and 046).
 * The server keeps the figures per tenant, department, day, week and month (order_figures) and moves them
 * with every write of an order, in the write's transaction, as it does the list counts: the evaluation
 * reads the buckets of its range instead of every order. Every order counts, active or not.
 *
 * | event          | dated (Europe/Berlin)      | when                                  | counts                                              |
 * |----------------|----------------------------|---------------------------------------|-----------------------------------------------------|
 * | received       | the day it was created     | always                                | received; betrag and vergabepreis in cents          |
 * | installed      | the day of installedAt     | it is installed                       | installed                                           |
 * |                |                            | and both minute fields are filled     | calculatedMin, bookedMin, minutesCnt                |
 * |                |                            | and it is not billed                  | installedNotBilled                                  |
 * | accepted       | the day of acceptedAt      | it is accepted                        | accepted                                            |
 * | billed         | the day of billedAt        | it is billed                          | billed                                              |
 * | late installed | the Monday of vkid.akt_kw  | installed in a later week than planned | lateInstalled                                       |
 * | pending        | the Monday of vkid.akt_kw  | planned and not installed             | pending                                             |
 *
 * An order is late in the evaluation when it was installed in a later week than planned, or when it is
 * not installed and its planned week lies before the current one: the second depends on today, so it
 * is kept as 'pending' and counted late when read (lateOf).
 */
import { mondayOf, weekOf } from './calendar-week';
import { bucketsOf, centsOf, departmentsOf, figureChanges, type Grain } from './figure-buckets';
import { berlinToday } from './next-inspection';

export const ORDER_FIGURES = [
  'received',
  'betragCents',
  'vergabepreisCents',
  'installed',
  'calculatedMin',
  'bookedMin',
  'minutesCnt',
  'installedNotBilled',
  'accepted',
  'billed',
  'lateInstalled',
  'pending',
] as const;
export type OrderFigure = (typeof ORDER_FIGURES)[number];

/** What the evaluation reads of an order. */
export interface OrderFigureInput {
  tenantId: string;
  aktuelleAbteilung: number;
  createdAt: Date;
  installedAt: Date | null;
  acceptedAt: Date | null;
  billedAt: Date | null;
  vkid: {
    akt_kw?: string | null;
    betrag?: number | null;
    vergabepreis?: number | null;
    kalkulierte_min?: number | null;
  };
  el: { benoetigte_min?: number | null };
}

export interface OrderEvent {
  day: string;
  figures: Partial<Record<OrderFigure, number>>;
}

/** The events of an order (the table above). */
export function orderEvents(o: OrderFigureInput): OrderEvent[] {
  const events: OrderEvent[] = [
    {
      day: berlinToday(o.createdAt),
      figures: { received: 1, betragCents: centsOf(o.vkid.betrag), vergabepreisCents: centsOf(o.vkid.vergabepreis) },
    },
  ];
  if (o.installedAt) {
    const calculated = o.vkid.kalkulierte_min ?? null;
    const booked = o.el.benoetigte_min ?? null;
    const minutes = calculated !== null && booked !== null;
    events.push({
      day: berlinToday(o.installedAt),
      figures: {
        installed: 1,
        installedNotBilled: o.billedAt ? 0 : 1,
        ...(minutes ? { calculatedMin: calculated, bookedMin: booked, minutesCnt: 1 } : {}),
      },
    });
  }
  if (o.acceptedAt) events.push({ day: berlinToday(o.acceptedAt), figures: { accepted: 1 } });
  if (o.billedAt) events.push({ day: berlinToday(o.billedAt), figures: { billed: 1 } });
  const planned = o.vkid.akt_kw ?? '';
  if (planned !== '') {
    const monday = mondayOf(planned);
    if (!o.installedAt) events.push({ day: monday, figures: { pending: 1 } });
    else if (weekOf(berlinToday(o.installedAt)) > planned) events.push({ day: monday, figures: { lateInstalled: 1 } });
  }
  return events;
}

export type OrderFigureKey = { tenantId: string; department: number; grain: Grain; day: string };
export type OrderFigureChange = OrderFigureKey & Record<OrderFigure, number>;

/** How the kept figures move when orders change: each event of an order as it was out, as it is in. */
export function orderFigureChanges(
  gone: readonly OrderFigureInput[],
  came: readonly OrderFigureInput[],
): OrderFigureChange[] {
  const changes = figureChanges<OrderFigureKey, OrderFigure>(ORDER_FIGURES);
  const add = (o: OrderFigureInput, sign: 1 | -1) => {
    for (const e of orderEvents(o)) {
      for (const b of bucketsOf(e.day)) {
        for (const department of departmentsOf(o.aktuelleAbteilung)) {
          changes.add({ tenantId: o.tenantId, department, ...b }, sign, e.figures);
        }
      }
    }
  };
  for (const o of gone) add(o, -1);
  for (const o of came) add(o, 1);
  return changes.rows();
}

/** The first day of the current week (Berlin): pending orders of buckets before it are late. */
export const lateCut = (now: Date = new Date()) => mondayOf(weekOf(berlinToday(now)));
