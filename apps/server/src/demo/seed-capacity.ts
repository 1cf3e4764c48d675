/**
 * Demo capacity planning (issue 14): the cost list with four time-effort templates, the capacity
 * settings of the production (12 employees in five work areas with part-time patterns, absences,
 * the company holidays, Hesse), the production block of the plannable demo orders, and the plan: the
 * first orders planned around today by the proposal (the days before today finished), the week after
 * next overloaded (over 100 %), the rest still to plan.
 *
 * Deterministic: fixed order of the orders, dates relative to today (Europe/Berlin), the company
 * holidays on fixed days (Christmas week 2026, two weeks in summer 2027).
 */
import { randomUUID } from 'node:crypto';
import { proposePlan } from '@pruefbuch/domain/rules/capacity-proposal';
import {
  availableOn,
  datesBetween,
  employeesOn,
  requiredTimeOf,
  sumAreas,
  weekRangeOf,
  wingsOf,
} from '@pruefbuch/domain/rules/capacity-time';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import {
  type AreaMinutes,
  CAPACITY_TIME_DEFAULTS,
  type CapacitySettingsFields,
  type CostListFields,
  type Employee,
  MAW_DEFAULTS,
  NO_MINUTES,
  PRODUCTION_DEFAULTS,
  type Production,
  type TimeTemplate,
  WORK_AREAS,
  type WorkingTime,
} from '@pruefbuch/domain/schemas/capacity';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { capacitySettings, capacityTimeslots, costLists, orders, users } from '../db/schema/index';
import { holidayMap } from '../modules/capacity/capacity.holidays';
import { capacitySettingsAuditView } from '../modules/capacity/capacity.repo';
import { costListAuditView } from '../modules/costlist/costlist.repo';
import { recordChanges } from '../platform/audit';
import { addDays } from './seed-days';

type Template = TimeTemplate & { _id: string };
const template = (
  name: string,
  t: [number, number, number, number],
  proFluegel: boolean,
  bemerkung = '',
): Template => ({
  _id: randomUUID(),
  name,
  zeitaufwandAntrieb: t[0],
  zeitaufwandProfilbearbeitung: t[1],
  zeitaufwandVerglasen: t[2],
  zeitaufwandVersand: t[3],
  proFluegel,
  bemerkung,
});

/** Full time: 8 h Monday to Thursday, 6 h on Friday (38 h). */
const FULL: WorkingTime = { montag: 480, dienstag: 480, mittwoch: 480, donnerstag: 480, freitag: 360 };

export const DEMO_EMPLOYEE_COUNT = 12;
/** The overloaded week: the week after next (KW 50 when today is 25 November 2026). */
export const overloadedWeekOf = (today: string) => weekRangeOf(addDays(today, 14));

function employees(today: string): Employee[] {
  const thisWeek = weekRangeOf(today);
  const overloaded = overloadedWeekOf(today);
  const e = (
    name: string,
    bereich: Employee['bereich'],
    arbeitszeit: WorkingTime,
    abwesenheiten: Employee['abwesenheiten'] = [],
  ) => ({
    _id: randomUUID(),
    name,
    bereich,
    arbeitszeit,
    abwesenheiten,
    aktiv: true,
  });
  return [
    e('Jonas Becker', 'profilbearbeitung', FULL, [
      { start: overloaded.from, ende: addDays(overloaded.from, 4), bemerkung: 'Urlaub' },
    ]),
    e('Murat Yılmaz', 'profilbearbeitung', FULL, [
      { start: addDays(thisWeek.from, 8), ende: addDays(thisWeek.from, 8), bemerkung: 'Schulung Schweißen' },
    ]),
    e('Stefan Krüger', 'profilbearbeitung', { ...FULL, freitag: 240 }),
    // 20 hours a week: four hours a day.
    e('Katarina Nowak', 'profilbearbeitung', {
      montag: 240,
      dienstag: 240,
      mittwoch: 240,
      donnerstag: 240,
      freitag: 240,
    }),
    e('Thomas Wagner', 'antrieb', FULL),
    e('Sven Hoffmann', 'antrieb', FULL, [
      { start: thisWeek.from, ende: addDays(thisWeek.from, 4), bemerkung: 'Krank' },
    ]),
    e('Elena Petrović', 'antrieb', { montag: 360, dienstag: 360, mittwoch: 360, donnerstag: 360, freitag: 360 }),
    e('Dirk Schäfer', 'verglasen', FULL, [
      { start: addDays(overloaded.from, 3), ende: addDays(overloaded.from, 4), bemerkung: 'Urlaub' },
      { start: '2027-01-04', ende: '2027-01-08', bemerkung: 'Urlaub' },
    ]),
    // Four days a week, Fridays off.
    e('Marco Lange', 'verglasen', { ...FULL, freitag: 0 }),
    e('Heike Braun', 'versand', { montag: 300, dienstag: 300, mittwoch: 300, donnerstag: 300, freitag: 300 }),
    e('Oliver Zimmermann', 'versand', FULL, [{ start: '2027-02-15', ende: '2027-02-19', bemerkung: 'Urlaub' }]),
    // Monday to Wednesday.
    e('Birgit Klein', 'sonstiges', { montag: 480, dienstag: 480, mittwoch: 480, donnerstag: 0, freitag: 0 }),
  ];
}

export function demoSettings(today: string): CapacitySettingsFields {
  return {
    bundesland: 'HE',
    mitarbeiter: employees(today),
    betriebsurlaub: [
      { start: '2026-12-24', ende: '2026-12-31', bemerkung: 'Betriebsurlaub Weihnachten' },
      { start: '2027-08-02', ende: '2027-08-13', bemerkung: 'Betriebsurlaub Sommer' },
    ],
    lokaleFeiertage: [],
  };
}

export function demoCostList(): CostListFields & { vorlagen: Template[] } {
  return {
    maw: MAW_DEFAULTS,
    capacities: CAPACITY_TIME_DEFAULTS,
    vorlagen: [
      template('Schiebetür 2-flügelig', [120, 240, 90, 45], false, 'Standard-Schiebetür mit Seitenteilen'),
      template('Drehtür 1-flügelig', [90, 120, 45, 30], false),
      template('Drehtür 2-flügelig', [60, 90, 30, 20], true, 'Zeiten je Flügel'),
      template('Karusselltür', [360, 720, 360, 120], false, 'Drei- oder vierflügelig, mit Trommel'),
    ],
  };
}

/** The production block of a demo order: its template by door type and wings, counted items by its index. */
function productionOf(
  o: { tuer: { tuertyp: 'dreher' | 'schieber' | null; fluegel: string } },
  i: number,
  t: Template[],
): Production {
  const [schiebe2, dreh1, dreh2, karussell] = t as [Template, Template, Template, Template];
  if (o.tuer.tuertyp === null)
    return { ...PRODUCTION_DEFAULTS, antriebe: 0, kommissionierung: true, sonstigeMinuten: 120 };
  const wings = wingsOf(o.tuer);
  const vorlage = i % 9 === 4 ? karussell : o.tuer.tuertyp === 'schieber' ? schiebe2 : wings > 1 ? dreh2 : dreh1;
  return {
    vorlage: vorlage._id,
    antriebe: vorlage === karussell ? 2 : 1,
    sonderfunktionen: i % 4 === 0 ? 1 : 0,
    verriegelungen: i % 3 === 0 ? 1 : 0,
    standardglaeser: o.tuer.tuertyp === 'schieber' ? 2 * wings : wings,
    sonderglaeser: i % 7 === 0 ? 2 : 0,
    bodenfuehrung: o.tuer.tuertyp === 'schieber',
    schutzfluegel: i % 5 === 0 ? 2 : 0,
    freitraeger: i % 11 === 3,
    seitenteile: o.tuer.tuertyp === 'schieber' ? (i % 2) + 1 : 0,
    kommissionierung: true,
    sonstigeMinuten: i % 6 === 0 ? 60 : 0,
  };
}

const PLANNABLE = ['CREATED', 'AKT_KW_VKID', 'AKT_KW'];

/** Seeds the cost list, the settings, the orders' production blocks and the plan. */
export async function seedDemoCapacity(tx: Executor, tenantId: string, opts: { today?: string | undefined } = {}) {
  const today = opts.today ?? berlinToday();
  const costList = demoCostList();
  const settings = demoSettings(today);
  const [list] = await tx
    .insert(costLists)
    .values({ tenantId, ...costList })
    .returning({ id: costLists.id });
  const [kept] = await tx
    .insert(capacitySettings)
    .values({ tenantId, settings })
    .returning({ id: capacitySettings.id });
  // Both as the production lead made them: their protocols start with that (as POST costlist and capacity write it).
  const [lead] = await tx
    .select({ id: users.id, abbreviation: users.abbreviation })
    .from(users)
    .where(eq(users.email, 'leiterfertigung@demo.test'));
  if (lead && list && kept) {
    const made = (entity: 'costlist' | 'capacity', entityId: string) =>
      ({ entity, entityId, tenantId, action: 'create' }) as const;
    await recordChanges(tx, { user: lead }, made('costlist', list.id), null, costListAuditView(costList));
    await recordChanges(tx, { user: lead }, made('capacity', kept.id), null, capacitySettingsAuditView(settings));
  }

  const plannable = await tx
    .select({
      id: orders.id,
      tuer: orders.tuer,
      geplant: orders.vkidGeplanteMontageDate,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.active, true), inArray(orders.status, PLANNABLE)))
    .orderBy(sql`${orders.vkidGeplanteMontageDate} asc nulls last`, asc(orders.abnr), asc(orders.createdAt));
  // The newest order created is still being configured (seed-orders.ts): it keeps the production
  // defaults, so the list of orders to plan shows it waiting for its door type and wings (decision 049),
  // and nothing of it is planned.
  const waiting = plannable
    .filter((o) => o.status === 'CREATED')
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .find((o, k) => k === 0 && o.tuer.tuertyp === null);
  const withProduction = plannable
    .filter((o) => o !== waiting)
    .map((o, i) => ({ ...o, fertigung: productionOf(o, i, costList.vorlagen) }));
  for (const o of withProduction) await tx.update(orders).set({ fertigung: o.fertigung }).where(eq(orders.id, o.id));

  // The days from a week ago to half a year ahead, with what is available and planned.
  const start = addDays(today, -7);
  const end = addDays(today, 26 * 7);
  const holidays = await holidayMap(settings.bundesland, settings.lokaleFeiertage, start, end);
  const days = datesBetween(start, end).map((date) => ({
    date,
    available: availableOn(date, settings, holidays).perArea,
    planned: { ...NO_MINUTES } as AreaMinutes,
  }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  const slots: (typeof capacityTimeslots.$inferInsert)[] = [];
  const add = (orderId: string, date: string, area: (typeof WORK_AREAS)[number], minutes: number) => {
    if (minutes <= 0) return;
    slots.push({ tenantId, orderId, date, area, minutes, finished: date < today });
    const d = byDate.get(date);
    if (d) d.planned[area] += minutes;
  };

  // 1. The first third planned by the proposal from a week ago on, at most 55 % of each day (room for more).
  const third = Math.ceil(withProduction.length / 3);
  for (const o of withProduction.slice(0, third)) {
    const { required } = requiredTimeOf({ tuer: o.tuer, fertigung: o.fertigung }, costList);
    const capped = days.map((d) => {
      const available = { ...NO_MINUTES };
      for (const a of WORK_AREAS) available[a] = Math.floor(d.available[a] * 0.55);
      return { date: d.date, available, planned: d.planned };
    });
    const plan = proposePlan({
      remaining: required,
      direction: 'forward',
      today: start,
      installation: null,
      days: capped,
    });
    for (const s of plan.slots) add(o.id, s.date, s.area, s.minutes);
  }

  // 2. The overloaded week: orders onto its working days until it is planned over 110 %.
  const week = overloadedWeekOf(today);
  const workdays = datesBetween(week.from, week.to).filter((d) => sumAreas(byDate.get(d)?.available ?? NO_MINUTES) > 0);
  const weekAvailable = workdays.reduce((sum, d) => sum + sumAreas(byDate.get(d)?.available ?? NO_MINUTES), 0);
  let weekPlanned = workdays.reduce((sum, d) => sum + sumAreas(byDate.get(d)?.planned ?? NO_MINUTES), 0);
  let n = 0;
  for (const o of withProduction.slice(third)) {
    if (weekPlanned > weekAvailable * 1.1 || workdays.length === 0) break;
    const { required } = requiredTimeOf({ tuer: o.tuer, fertigung: o.fertigung }, costList);
    // Each area on one day, following the flow through the week.
    WORK_AREAS.forEach((area, k) => {
      add(o.id, workdays[(n + k) % workdays.length] as string, area, required[area]);
    });
    weekPlanned += sumAreas(required);
    n++;
  }
  // 3. Who works what (issue 31 item 4): this week's and next week's slots go to the employee of their area with
  // the most time left that day, while one has room for the whole slot; the rest, and later weeks, wait unassigned.
  const thisWeek = weekRangeOf(today);
  const assignUntil = addDays(thisWeek.to, 7);
  const left = new Map<string, number>();
  for (const slot of slots) {
    if (slot.date < thisWeek.from || slot.date > assignUntil) continue;
    let best: { id: string; left: number } | null = null;
    for (const e of employeesOn(slot.date, settings, holidays)) {
      if (e.area !== slot.area || e.minutes <= 0) continue;
      const room = left.get(`${slot.date}|${e.employeeId}`) ?? e.minutes;
      if (room >= slot.minutes && (best === null || room > best.left)) best = { id: e.employeeId, left: room };
    }
    if (!best) continue;
    slot.employeeId = best.id;
    left.set(`${slot.date}|${best.id}`, best.left - slot.minutes);
  }
  for (let i = 0; i < slots.length; i += 200) await tx.insert(capacityTimeslots).values(slots.slice(i, i + 200));
  return { plannable: plannable.length, planned: third + n, slots: slots.length };
}
