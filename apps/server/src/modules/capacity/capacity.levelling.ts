/**
 * Reading 'Woche ausgleichen' (issue 31 item 2, decision 051): the week's slots, the planned minutes of the weeks
 * around it and the available time, handed to the rule table (rules/capacity-levelling.ts). Nothing is saved here;
 * PUT capacity/put/levelWeek (capacity.write.ts) saves the moves.
 */
import { addDays } from '@pruefbuch/domain/rules/calendar-week';
import { LEVEL_REACH_DAYS, type LevelOrder, levelWeek } from '@pruefbuch/domain/rules/capacity-levelling';
import { availableOn, datesBetween, weekRangeOf } from '@pruefbuch/domain/rules/capacity-time';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { NO_MINUTES, type WorkArea } from '@pruefbuch/domain/schemas/capacity';
import type { LevellingReply } from '@pruefbuch/domain/schemas/capacity-levelling';
import type { TenantContext } from '../../platform/context';
import { holidaysOf } from './capacity.holidays';
import { ensureSettings, plannedMinutesBetween, plannedSlotsBetween, settingsOf, slotsOfOrders } from './capacity.repo';

/**
 * GET capacity/get/levelling?date=: how 'Woche ausgleichen' would level the week of `date`: its open
 * slots on days over their time move to the nearest days with room (rules/capacity-levelling.ts,
 * decision 051). Nothing is saved. Four queries: settings, the week's slots with their orders, the
 * planned minutes of the weeks around it, and all slots of the week's orders (for the step order).
 */
export async function levelling(ctx: TenantContext, date: string): Promise<LevellingReply> {
  const { from, to } = weekRangeOf(date);
  const start = addDays(from, -LEVEL_REACH_DAYS);
  const end = addDays(to, LEVEL_REACH_DAYS);
  const [settingsRow, weekSlots, planned] = await Promise.all([
    ensureSettings(ctx.db, ctx.tenantId),
    plannedSlotsBetween(ctx.db, ctx.tenantId, from, to),
    plannedMinutesBetween(ctx.db, ctx.tenantId, start, end),
  ]);
  const ids = [...new Set(weekSlots.map((x) => x.orderId))];
  const slots = await slotsOfOrders(ctx.db, ctx.tenantId, ids);
  const s = settingsOf(settingsRow);
  const hol = await holidaysOf(s, start, end, ctx.lang);
  const orders = new Map<string, LevelOrder & { slots: LevelOrder['slots'][number][] }>();
  for (const x of weekSlots)
    if (!orders.has(x.orderId))
      orders.set(x.orderId, { id: x.orderId, abnr: x.abnr, installation: x.geplanteMontage, slots: [] });
  for (const x of slots)
    orders.get(x.orderId)?.slots.push({
      id: x.id,
      version: x.version,
      orderId: x.orderId,
      date: x.date,
      area: x.area as WorkArea,
      minutes: x.minutes,
      finished: x.finished,
    });
  return levelWeek({
    from,
    to,
    today: berlinToday(),
    days: datesBetween(start, end).map((d) => ({
      date: d,
      available: availableOn(d, s, hol).perArea,
      planned: planned.get(d) ?? { ...NO_MINUTES },
    })),
    orders: [...orders.values()],
  });
}
