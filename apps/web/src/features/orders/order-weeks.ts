/**
 * The order list's weeks: the options of its week filter and the headings of the list grouped by KW
 * (decision 024). Pure, so the counts' rules are tested without a browser.
 */
import { addWeeks, weekFilterOrder, weekOf } from '@pruefbuch/domain/rules/calendar-week';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { OrderWeeks } from '@pruefbuch/domain/schemas/order';
import type { TFunction } from 'i18next';

/** The weeks the KW selects offer: 8 back, 26 ahead of the current one (and the chosen one, if outside). */
export function weekOptions(chosen: string | null | undefined, today = berlinToday()): string[] {
  const current = weekOf(today);
  const weeks = Array.from({ length: 35 }, (_, i) => addWeeks(current, i - 8));
  if (chosen && !weeks.includes(chosen)) weeks.push(chosen);
  return weeks.sort();
}

type WeekCount = { kw: string; count: number };

/**
 * The week filter's options in the order of the domain rule (calendar-week.ts weekFilterOrder, decision 053):
 * this week first, then the later weeks, then the earlier ones. This week and the chosen week are always
 * offered; a week not among `weeks` counts 0.
 */
export function weekFilterGroups(
  weeks: readonly WeekCount[],
  chosen: string | null | undefined,
  today = berlinToday(),
): { upcoming: WeekCount[]; earlier: WeekCount[] } {
  const known = new Map(weeks.map((w) => [w.kw, w]));
  const order = weekFilterOrder([...known.keys(), ...(chosen ? [chosen] : [])], weekOf(today));
  const of = (kw: string): WeekCount => known.get(kw) ?? { kw, count: 0 };
  return { upcoming: order.upcoming.map(of), earlier: order.earlier.map(of) };
}

/** A week as people say it: '2026-W07' → 'KW 07/2026'. */
export const weekLabel = (week: string, prefix = 'KW') => {
  const [year, w] = week.split('-W');
  return `${prefix} ${w}/${year}`;
};

type Option = { value: string; label: string };
type OptionGroup = { group: string; items: Option[] };

/**
 * The week filter's options: with the counts, every week that has orders; without them (loading, or a search
 * typed), the weeks around today. Either way this week first, then the later weeks, then the earlier ones.
 */
export function weekSelectData(
  t: TFunction,
  counts: OrderWeeks | undefined,
  chosen: string | undefined,
  today = berlinToday(),
): (Option | OptionGroup)[] {
  const option = (w: WeekCount): Option => {
    const week = weekLabel(w.kw, t('orders.list.kw'));
    return { value: w.kw, label: counts ? t('orders.list.kwOption', { week, count: w.count }) : week };
  };
  const all = { value: '', label: t('orders.list.kwAll') };
  const weeks = counts ? counts.weeks : weekOptions(chosen, today).map((kw) => ({ kw, count: 0 }));
  const { upcoming, earlier } = weekFilterGroups(weeks, chosen, today);
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
