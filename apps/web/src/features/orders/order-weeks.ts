/**
 * The order list's weeks: the options of its week filter and the headings of the list grouped by KW
 * (decision 024). Pure, so the counts' rules are tested without a browser.
 */
import { weekOf } from '@pruefbuch/domain/rules/calendar-week';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { OrderWeeks } from '@pruefbuch/domain/schemas/order';
import type { TFunction } from 'i18next';
import { weekFilterGroups, weekLabel, weekOptions } from './order-form';

type Option = { value: string; label: string };
type OptionGroup = { group: string; items: Option[] };

/**
 * The week filter's options: with the counts, every week that has orders (from this week on, then the earlier
 * ones); without them (loading, or a search typed), the weeks around today.
 */
export function weekSelectData(
  t: TFunction,
  counts: OrderWeeks | undefined,
  chosen: string | undefined,
): (Option | OptionGroup)[] {
  const option = (w: { kw: string; count?: number }): Option => {
    const week = weekLabel(w.kw, t('orders.list.kw'));
    return { value: w.kw, label: w.count === undefined ? week : t('orders.list.kwOption', { week, count: w.count }) };
  };
  const all = { value: '', label: t('orders.list.kwAll') };
  if (!counts) return [all, ...weekOptions(chosen).map((kw) => option({ kw }))];
  const { upcoming, earlier } = weekFilterGroups(counts.weeks, chosen);
  return [
    all,
    ...(upcoming.length ? [{ group: t('orders.list.kwUpcoming'), items: upcoming.map(option) }] : []),
    ...(earlier.length ? [{ group: t('orders.list.kwEarlier'), items: earlier.map(option) }] : []),
  ];
}

/**
 * The heading of a sales week in the list grouped by KW: with the week's total over all pages when the counts
 * answer for the list on screen, else the week alone.
 */
export function weekHeading(t: TFunction, kw: string, counts: OrderWeeks | undefined): string {
  const week = kw ? weekLabel(kw, t('orders.list.salesWeek')) : t('orders.list.noSalesWeek');
  const count = !counts ? undefined : kw ? counts.weeks.find((w) => w.kw === kw)?.sales : counts.noSalesWeek;
  return count === undefined ? week : t('orders.list.group', { week, count });
}

/**
 * The page of the list grouped by KW (sales weeks oldest first, the orders without one last) on which this
 * week's group starts, or the next later week's: switching the grouping on opens there instead of at the
 * oldest, long billed weeks. Without a week from this one on, the page of the latest week.
 */
export function pageOfCurrentWeek(counts: OrderWeeks, size: number, today = berlinToday()): number {
  const current = weekOf(today);
  const withWeek = counts.weeks.reduce((n, w) => n + w.sales, 0);
  const before = counts.weeks.filter((w) => w.kw < current).reduce((n, w) => n + w.sales, 0);
  return Math.floor(Math.min(before, Math.max(0, withWeek - 1)) / size) + 1;
}
