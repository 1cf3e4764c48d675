/**
 * The order list's weeks: the options of its week filter and the headings of the list grouped by KW
 * (decision 024). Pure, so the counts' rules are tested without a browser.
 */
import { addWeeks, weekOf } from '@pruefbuch/domain/rules/calendar-week';
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

/**
 * The week filter's options from the weeks that have orders: from this week on first (the soonest first), then
 * the earlier weeks (the latest first), as the office looks ahead. The chosen week is always offered.
 */
export function weekFilterGroups(
  weeks: readonly { kw: string; count: number }[],
  chosen: string | null | undefined,
  today = berlinToday(),
): { upcoming: { kw: string; count: number }[]; earlier: { kw: string; count: number }[] } {
  const current = weekOf(today);
  const all = chosen && !weeks.some((w) => w.kw === chosen) ? [...weeks, { kw: chosen, count: 0 }] : [...weeks];
  all.sort((a, b) => a.kw.localeCompare(b.kw));
  return { upcoming: all.filter((w) => w.kw >= current), earlier: all.filter((w) => w.kw < current).reverse() };
}

/** A week as people say it: '2026-W07' → 'KW 07/2026'. */
export const weekLabel = (week: string, prefix = 'KW') => {
  const [year, w] = week.split('-W');
  return `${prefix} ${w}/${year}`;
};

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
