/**
 * Available and required time of production (issue 14, decision 027). Pure functions over the
 * capacity settings and the cost list; the server feeds in the public holidays (from the holiday
 * library) and the planned slots. All times are whole minutes.
 */
import dayjs from 'dayjs';
import {
  type AreaMinutes,
  type CapacitySettingsFields,
  type CostListFields,
  NO_MINUTES,
  type Production,
  type TimeTemplate,
  WEEKDAYS,
  type Weekday,
  type WorkArea,
} from '../schemas/capacity';
import type { DoorConfig } from '../schemas/order';
import { addDays, weekdayNumber } from './calendar-week';
import { wingCountOf } from './door-book';

// ---------------------------------------------------------------------------------------------
// Available time
// ---------------------------------------------------------------------------------------------

export type DayNote = { kind: 'publicHoliday' | 'operatingHoliday' | 'absence' | 'weekend'; text: string };
export type AvailableDay = {
  date: string;
  total: number;
  perArea: AreaMinutes;
  absent: { employeeId: string; name: string; bemerkung: string }[];
  notes: DayNote[];
};

/** The weekday key of an ISO date, or null on Saturday and Sunday. */
export function weekdayOf(date: string): Weekday | null {
  return WEEKDAYS[weekdayNumber(date) - 1] ?? null; // 0 Sunday … 6 Saturday
}

const within = (date: string, r: { start: string; ende: string }) => date >= r.start && date <= r.ende;

/**
 * The rule table of available time, first row that applies wins:
 *  1. Saturday or Sunday: nobody works.
 *  2. A public holiday (the state's or a local one): nobody works.
 *  3. Inside an operating holiday: nobody works.
 *  4. Otherwise every active employee who is not absent that day adds the weekday's minutes to
 *     their work area; an absent employee adds nothing and is listed.
 */
export function availableOn(
  date: string,
  settings: Pick<CapacitySettingsFields, 'mitarbeiter' | 'betriebsurlaub'>,
  holidays: ReadonlyMap<string, string>,
): AvailableDay {
  const day: AvailableDay = { date, total: 0, perArea: { ...NO_MINUTES }, absent: [], notes: [] };
  const weekday = weekdayOf(date);
  if (weekday === null) {
    day.notes.push({ kind: 'weekend', text: '' });
    return day;
  }
  const holiday = holidays.get(date);
  if (holiday !== undefined) {
    day.notes.push({ kind: 'publicHoliday', text: holiday });
    return day;
  }
  const closed = settings.betriebsurlaub.find((r) => within(date, r));
  if (closed) {
    day.notes.push({ kind: 'operatingHoliday', text: closed.bemerkung });
    return day;
  }
  for (const [index, e] of settings.mitarbeiter.entries()) {
    if (!e.aktiv) continue;
    const away = e.abwesenheiten.find((r) => within(date, r));
    if (away) {
      if (e.arbeitszeit[weekday] > 0)
        day.absent.push({ employeeId: e._id ?? String(index), name: e.name, bemerkung: away.bemerkung });
      continue;
    }
    day.perArea[e.bereich] += e.arbeitszeit[weekday];
  }
  if (day.absent.length > 0) day.notes.push({ kind: 'absence', text: day.absent.map((a) => a.name).join(', ') });
  day.total = sumAreas(day.perArea);
  return day;
}

/** One employee's time on a day, for the board's rows per employee: 0 on a day off, away or closed. */
export type EmployeeDay = { employeeId: string; name: string; area: WorkArea; minutes: number; away: boolean };

/**
 * The active employees with their minutes on `date`, in the order of the settings: availableOn's rows, per
 * person (a weekend, public holiday or company holiday gives everybody 0; an absence gives 0 and `away`).
 */
export function employeesOn(
  date: string,
  settings: Pick<CapacitySettingsFields, 'mitarbeiter' | 'betriebsurlaub'>,
  holidays: ReadonlyMap<string, string>,
): EmployeeDay[] {
  const weekday = weekdayOf(date);
  const closed = weekday === null || holidays.has(date) || settings.betriebsurlaub.some((r) => within(date, r));
  return settings.mitarbeiter.flatMap((e, index) => {
    if (!e.aktiv) return [];
    const away = e.abwesenheiten.some((r) => within(date, r));
    const minutes = closed || away || weekday === null ? 0 : e.arbeitszeit[weekday];
    return [{ employeeId: e._id ?? String(index), name: e.name, area: e.bereich, minutes, away: away && !closed }];
  });
}

export const sumAreas = (m: AreaMinutes) => m.profilbearbeitung + m.antrieb + m.verglasen + m.versand + m.sonstiges;

/** Every ISO date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Monday..Sunday of the ISO week holding `date`. */
export function weekRangeOf(date: string): { from: string; to: string } {
  const monday = addDays(date, -((weekdayNumber(date) + 6) % 7));
  return { from: monday, to: addDays(monday, 6) };
}

/** First..last day of the month holding `date`. */
export function monthRangeOf(date: string): { from: string; to: string } {
  const d = dayjs(date);
  return { from: d.startOf('month').format('YYYY-MM-DD'), to: d.endOf('month').format('YYYY-MM-DD') };
}

// ---------------------------------------------------------------------------------------------
// Utilisation
// ---------------------------------------------------------------------------------------------

/** Planned against available minutes in percent, one decimal; null on a day without available time. */
export function utilisationOf(planned: number, available: number): number | null {
  if (available <= 0) return null;
  return Math.round((planned / available) * 1000) / 10;
}

/** The bar colours: green up to 85 %, orange up to 100 %, red above; 'none' without time. */
export const UTILISATION_COLOURS = [
  { upTo: 85, colour: 'green' },
  { upTo: 100, colour: 'orange' },
  { upTo: Number.POSITIVE_INFINITY, colour: 'red' },
] as const;
export type UtilisationColour = 'green' | 'orange' | 'red' | 'none';

export function utilisationColour(planned: number, available: number): UtilisationColour {
  const u = utilisationOf(planned, available);
  if (u === null) return planned > 0 ? 'red' : 'none';
  return UTILISATION_COLOURS.find((row) => u <= row.upTo)?.colour ?? 'red';
}

// ---------------------------------------------------------------------------------------------
// Required time
// ---------------------------------------------------------------------------------------------

export type RequiredLine = { area: WorkArea; item: string; quantity: number; minutesEach: number; minutes: number };
export type RequiredTime = { required: AreaMinutes; lines: RequiredLine[] };
export type RequiredInput = { tuer: Pick<DoorConfig, 'tuertyp' | 'fluegel'>; fertigung: Production };

/** The number of wings: the last character of the wing-count code (SPEC §9), 1 when it is not a digit. */
export function wingsOf(tuer: Pick<DoorConfig, 'fluegel'>): number {
  const n = Number.parseInt(wingCountOf(tuer.fluegel), 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

export type RequiredTimeRow = {
  area: WorkArea;
  item: string;
  /** How many times the item counts (wings: from the wing-count code; template: the order's, if still listed). */
  quantity: (o: RequiredInput, wings: number, template: TimeTemplate | undefined) => number;
  minutesEach: (c: CostListFields, o: RequiredInput, template: TimeTemplate | undefined) => number;
};

const perTemplate =
  (key: 'zeitaufwandAntrieb' | 'zeitaufwandProfilbearbeitung' | 'zeitaufwandVerglasen' | 'zeitaufwandVersand') =>
  (_c: CostListFields, _o: RequiredInput, t: TimeTemplate | undefined) =>
    t?.[key] ?? 0;
/** A template counts once, or once per wing when it says 'pro Flügel'; not at all without one. */
const perTemplateQuantity = (_o: RequiredInput, wings: number, t: TimeTemplate | undefined) =>
  t === undefined ? 0 : t.proFluegel ? wings : 1;

/**
 * THE rule table of required time: each row gives a work area the quantity × minutes of one item.
 * Template rows count once, or once per wing when the template says 'pro Flügel'.
 */
export const REQUIRED_TIME_ROWS: readonly RequiredTimeRow[] = [
  {
    area: 'profilbearbeitung',
    item: 'vorlage',
    quantity: perTemplateQuantity,
    minutesEach: perTemplate('zeitaufwandProfilbearbeitung'),
  },
  {
    area: 'profilbearbeitung',
    item: 'beschlagProfilbearbeitung',
    quantity: (_o, w) => w,
    minutesEach: (c) => c.capacities.beschlagProfilbearbeitung,
  },
  {
    area: 'profilbearbeitung',
    item: 'verriegelung',
    quantity: (o) => o.fertigung.verriegelungen,
    minutesEach: (c) => c.capacities.verriegelung,
  },
  {
    area: 'profilbearbeitung',
    item: 'bodenfuehrungZeitaufwand',
    quantity: (o, w) => (o.fertigung.bodenfuehrung ? w : 0),
    minutesEach: (c) => c.capacities.bodenfuehrungZeitaufwand,
  },
  {
    area: 'profilbearbeitung',
    item: 'schutzfluegel',
    quantity: (o) => o.fertigung.schutzfluegel,
    minutesEach: (c) => c.capacities.schutzfluegel,
  },
  {
    area: 'profilbearbeitung',
    item: 'freitraeger',
    quantity: (o) => (o.fertigung.freitraeger ? 1 : 0),
    minutesEach: (c) => c.capacities.freitraeger,
  },
  {
    area: 'profilbearbeitung',
    item: 'seitenteil',
    quantity: (o) => o.fertigung.seitenteile,
    minutesEach: (c) => c.capacities.seitenteil,
  },
  { area: 'antrieb', item: 'vorlage', quantity: perTemplateQuantity, minutesEach: perTemplate('zeitaufwandAntrieb') },
  {
    area: 'antrieb',
    item: 'antriebstyp',
    quantity: (o) => o.fertigung.antriebe,
    minutesEach: (c, o) => (o.tuer.tuertyp ? c.capacities.antriebstyp[o.tuer.tuertyp] : 0),
  },
  {
    area: 'antrieb',
    item: 'sonderfunktion',
    quantity: (o) => o.fertigung.sonderfunktionen,
    minutesEach: (c) => c.capacities.sonderfunktion,
  },
  {
    area: 'verglasen',
    item: 'vorlage',
    quantity: perTemplateQuantity,
    minutesEach: perTemplate('zeitaufwandVerglasen'),
  },
  {
    area: 'verglasen',
    item: 'beschlagVerglasen',
    quantity: (_o, w) => w,
    minutesEach: (c) => c.capacities.beschlagVerglasen,
  },
  {
    area: 'verglasen',
    item: 'standardglaeser',
    quantity: (o) => o.fertigung.standardglaeser,
    minutesEach: (c) => c.capacities.standardglaeser,
  },
  {
    area: 'verglasen',
    item: 'sonderglaeser',
    quantity: (o) => o.fertigung.sonderglaeser,
    minutesEach: (c) => c.capacities.sonderglaeser,
  },
  { area: 'versand', item: 'vorlage', quantity: perTemplateQuantity, minutesEach: perTemplate('zeitaufwandVersand') },
  {
    area: 'versand',
    item: 'beschlagVerpackung',
    quantity: (_o, w) => w,
    minutesEach: (c) => c.capacities.beschlagVerpackung,
  },
  {
    area: 'versand',
    item: 'kommissionierung',
    quantity: (o) => (o.fertigung.kommissionierung ? 1 : 0),
    minutesEach: (c) => c.capacities.kommissionierung,
  },
  {
    area: 'sonstiges',
    item: 'sonstigeMinuten',
    quantity: () => 1,
    minutesEach: (_c, o) => o.fertigung.sonstigeMinuten,
  },
];

/**
 * The minutes an order needs per work area, with the lines that make them up (lines of 0 minutes
 * are left out). An order without a door type needs no drive time; a template that is no longer in
 * the cost list counts as none.
 */
export function requiredTimeOf(order: RequiredInput, costList: CostListFields): RequiredTime {
  const wings = wingsOf(order.tuer);
  const template =
    order.fertigung.vorlage === null ? undefined : costList.vorlagen.find((t) => t._id === order.fertigung.vorlage);
  const required: AreaMinutes = { ...NO_MINUTES };
  const lines: RequiredLine[] = [];
  for (const row of REQUIRED_TIME_ROWS) {
    const quantity = row.quantity(order, wings, template);
    const minutesEach = row.minutesEach(costList, order, template);
    const minutes = Math.round(quantity * minutesEach);
    if (minutes <= 0) continue;
    required[row.area] += minutes;
    lines.push({ area: row.area, item: row.item, quantity, minutesEach, minutes });
  }
  return { required, lines };
}
