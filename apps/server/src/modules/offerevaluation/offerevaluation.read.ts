/**
 * The five views of the offer evaluation (SPEC §2 offerevaluation, §3 Offer evaluation row, §7):
 * success rate per month, offer times per month, and the same figures per KTB user, talk result and
 * received-via. Offers count when they are active, of the request's tenant, of the department asked
 * for (the current department), and their offer date lies in the range (offer times: their received
 * date). Sums are kept in cents until the reply; averages have 2 decimals, percentages 1.
 */
import { type Language, translate } from '@pruefbuch/domain/locales/resources';
import {
  type EvaluationQuery,
  type EvaluationReply,
  type EvaluationRow,
  type EvaluationView,
  RECEIVED_VIA,
  TALK_RESULTS,
  type TimesReply,
  type TimesRow,
} from '@pruefbuch/domain/schemas/offer';
import type { TenantContext } from '../../platform/context';
import { monthName, monthsBetween } from '../../platform/evaluation-file';
import {
  type EvaluationFilter,
  type FigureRow,
  figuresBy,
  type GroupKey,
  type TimesFigures,
  timesBy,
  userNames,
} from './offerevaluation.repo';

export type GroupView = Exclude<EvaluationView, 'angebotszeiten'>;
const GROUP_OF: Record<GroupView, GroupKey> = {
  erfolgsquote: 'month',
  ktbauswertung: 'ktb',
  gespraechsresultat: 'talkResult',
  erhaltenueber: 'receivedVia',
};

/** '1234.5' → 123450 (cents); numeric text from the database, exact to the cent. */
const cents = (v: string) => Math.round(Number(v) * 100);
/** part of all in percent, one decimal, half up (the division of two integers: no float drift at .5). */
export const percent = (part: number, all: number) => (all === 0 ? 0 : Math.round((part * 1000) / all) / 10);

interface Sums {
  offerCnt: number;
  offerCents: number;
  orderCents: number;
  cancelledCnt: number;
  commissionedCnt: number;
  waitingCnt: number;
}

const NO_SUMS: Sums = { offerCnt: 0, offerCents: 0, orderCents: 0, cancelledCnt: 0, commissionedCnt: 0, waitingCnt: 0 };

const sumsOf = (r: FigureRow): Sums => ({
  offerCnt: r.offerCnt,
  offerCents: cents(r.offerSum),
  orderCents: cents(r.orderSum),
  cancelledCnt: r.cancelledCnt,
  commissionedCnt: r.commissionedCnt,
  waitingCnt: r.waitingCnt,
});

const add = (a: Sums, b: Sums): Sums => ({
  offerCnt: a.offerCnt + b.offerCnt,
  offerCents: a.offerCents + b.offerCents,
  orderCents: a.orderCents + b.orderCents,
  cancelledCnt: a.cancelledCnt + b.cancelledCnt,
  commissionedCnt: a.commissionedCnt + b.commissionedCnt,
  waitingCnt: a.waitingCnt + b.waitingCnt,
});

/** A row of SPEC §3: the orders are the commissioned offers; the average is the offer sum per offer. */
export function rowOf(month: string, label: string, s: Sums): EvaluationRow {
  return {
    month,
    label,
    offerCnt: s.offerCnt,
    averageValue: s.offerCnt === 0 ? 0 : Math.round(s.offerCents / s.offerCnt) / 100,
    offerSum: s.offerCents / 100,
    orderCnt: s.commissionedCnt,
    orderSum: s.orderCents / 100,
    cancelledCnt: s.cancelledCnt,
    commissionedCnt: s.commissionedCnt,
    waitingCnt: s.waitingCnt,
    cancelledPct: percent(s.cancelledCnt, s.offerCnt),
    commissionedPct: percent(s.commissionedCnt, s.offerCnt),
    waitingPct: percent(s.waitingCnt, s.offerCnt),
  };
}

/** 'Vorname Nachname (ABK)'; a user without abbreviation just by name. */
const userLabel = (u: { firstName: string; lastName: string; abbreviation: string }) => {
  const name = `${u.firstName} ${u.lastName}`.trim();
  return u.abbreviation ? `${name} (${u.abbreviation})` : name;
};

const filterOf = (q: EvaluationQuery): EvaluationFilter => ({ from: q.from, to: q.to, department: q.department });

/**
 * The rows of a view in their order:
 * - erfolgsquote: every month of the range, months without offers with zeros;
 * - gespraechsresultat / erhaltenueber: every value of the enumeration in its order (zeros included),
 *   then 'none' when offers have no value;
 * - ktbauswertung: the KTB users with offers by name, then 'none' (offers without a KTB).
 */
interface Group {
  month: string;
  label: string;
  s: Sums;
}
const group = (month: string, label: string, s: Sums | undefined): Group => ({ month, label, s: s ?? NO_SUMS });

/** The KTB users' names in the language's order (one collator per language, not one per comparison). */
const NAME_ORDER: Record<Language, Intl.Collator> = { de: new Intl.Collator('de'), en: new Intl.Collator('en') };

async function groupRows(ctx: TenantContext, view: GroupView, q: EvaluationQuery): Promise<Group[]> {
  const { tenantId, lang } = ctx;
  const found = await figuresBy(ctx.db, tenantId, filterOf(q), GROUP_OF[view]);
  const byKey = new Map(found.map((r) => [r.key, sumsOf(r)]));
  const t = (key: string) => translate(lang, key);
  const none = byKey.get('none');
  const noneRow = (label: string) => (none ? [group('none', label, none)] : []);
  switch (view) {
    case 'erfolgsquote':
      return monthsBetween(q.from, q.to).map((m) => group(m, monthName(lang, m), byKey.get(m)));
    case 'gespraechsresultat':
      return [
        ...TALK_RESULTS.map((k) => group(k, t(`offers.talkResults.${k}`), byKey.get(k))),
        ...noneRow(t('offerevaluation.none.talkResult')),
      ];
    case 'erhaltenueber':
      return [
        ...RECEIVED_VIA.map((k) => group(k, t(`offers.receivedVia.${k}`), byKey.get(k))),
        ...noneRow(t('offerevaluation.none.receivedVia')),
      ];
    case 'ktbauswertung': {
      const ids = [...byKey.keys()].filter((k) => k !== 'none');
      const names = new Map((await userNames(ctx.db, ids)).map((u) => [u.id, userLabel(u)]));
      const rows = ids.map((id) => group(id, names.get(id) ?? id, byKey.get(id)));
      rows.sort((a, b) => NAME_ORDER[lang].compare(a.label, b.label) || a.month.localeCompare(b.month));
      return [...rows, ...noneRow(t('offerevaluation.none.ktb'))];
    }
  }
}

/** erfolgsquote, ktbauswertung, gespraechsresultat, erhaltenueber: the rows and their total. */
export async function groupView(ctx: TenantContext, view: GroupView, q: EvaluationQuery): Promise<EvaluationReply> {
  const groups = await groupRows(ctx, view, q);
  // Every offer is in exactly one group: the total is their sum (in cents, so it adds up exactly).
  const total = groups.reduce((s, g) => add(s, g.s), NO_SUMS);
  return {
    view,
    from: q.from,
    to: q.to,
    rows: groups.map((g) => rowOf(g.month, g.label, g.s)),
    total: rowOf('total', translate(ctx.lang, 'offerevaluation.total'), total),
  };
}

/** Days with one decimal (a quartile between two offers can fall on a half or a quarter day). */
const days = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

const timesRowOf = (month: string, f: TimesFigures | undefined): TimesRow => ({
  month,
  offerCnt: f?.offerCnt ?? 0,
  toOfferMedian: days(f?.toOfferMedian ?? null),
  toOfferP25: days(f?.toOfferP25 ?? null),
  toOfferP75: days(f?.toOfferP75 ?? null),
  toResultMedian: days(f?.toResultMedian ?? null),
  toResultP25: days(f?.toResultP25 ?? null),
  toResultP75: days(f?.toResultP75 ?? null),
});

/**
 * angebotszeiten: per month of the received date, the days from receipt to the offer date and from
 * the offer date to the day the talk result was recorded (Europe/Berlin): median, first and third
 * quartile (percentile_cont, interpolated). The total row's quartiles are over all offers of the
 * range, not a mean of the months.
 */
export async function timesView(ctx: TenantContext, q: EvaluationQuery): Promise<TimesReply> {
  const found = await timesBy(ctx.db, ctx.tenantId, filterOf(q));
  const byMonth = new Map(found.filter((r) => r.month !== null).map((r) => [r.month as string, r]));
  const overall = found.find((r) => r.month === null);
  return {
    view: 'angebotszeiten',
    from: q.from,
    to: q.to,
    rows: monthsBetween(q.from, q.to).map((m) => timesRowOf(m, byMonth.get(m))),
    total: timesRowOf('total', overall),
  };
}
