/**
 * 'Woche ausgleichen' (decision 051), row by row. Today is Wednesday 2026-11-25; the week to level is
 * Monday 2026-11-30 to Sunday 2026-12-06. The days come from the available-time rules, as the server
 * builds them: one person per flow area, Cem (glazing) half days, nobody in 'sonstiges'.
 */
import { describe, expect, it } from 'vitest';
import { type AreaMinutes, type Employee, NO_MINUTES, type WorkArea } from '../schemas/capacity';
import { addDays } from './calendar-week';
import {
  LEVEL_REACH_DAYS,
  type LevelDay,
  type LevelInput,
  type LevelOrder,
  type LevelSlot,
  levelWeek,
  moveAmount,
  stepBounds,
} from './capacity-levelling';
import { SLOT_MIN_MINUTES } from './capacity-proposal';
import { availableOn, datesBetween } from './capacity-time';
import { planConflicts } from './plan-conflicts';

const TODAY = '2026-11-25';
const FROM = '2026-11-30';
const TO = '2026-12-06';
const full = { montag: 480, dienstag: 480, mittwoch: 480, donnerstag: 480, freitag: 480 };
const person = (name: string, bereich: Employee['bereich'], over: Partial<Employee> = {}): Employee => ({
  _id: name,
  name,
  bereich,
  arbeitszeit: full,
  abwesenheiten: [],
  aktiv: true,
  ...over,
});
const TEAM: Employee[] = [
  person('Anna', 'profilbearbeitung'),
  person('Ben', 'antrieb'),
  person('Cem', 'verglasen', {
    arbeitszeit: { montag: 240, dienstag: 240, mittwoch: 240, donnerstag: 240, freitag: 240 },
  }),
  person('Dora', 'versand'),
];

let n = 0;
const slot = (orderId: string, date: string, area: WorkArea, minutes: number, finished = false): LevelSlot => ({
  id: `s${++n}`,
  version: 0,
  orderId,
  date,
  area,
  minutes,
  finished,
});
const order = (id: string, installation: string | null, slots: LevelSlot[]): LevelOrder => ({
  id,
  abnr: `AB-26-${id}`,
  installation,
  slots,
});

type World = { team?: Employee[]; holidays?: Record<string, string>; orders: LevelOrder[]; today?: string };
/** The input the server builds: the week and LEVEL_REACH_DAYS around it, planned = every order's slots. */
function inputOf(w: World): LevelInput {
  const days: LevelDay[] = datesBetween('2026-11-16', '2026-12-20').map((date) => ({
    date,
    available: availableOn(
      date,
      { mitarbeiter: w.team ?? TEAM, betriebsurlaub: [] },
      new Map(Object.entries(w.holidays ?? {})),
    ).perArea,
    planned: { ...NO_MINUTES } as AreaMinutes,
  }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (const o of w.orders) for (const s of o.slots) (byDate.get(s.date) as LevelDay).planned[s.area] += s.minutes;
  return { from: FROM, to: TO, today: w.today ?? TODAY, days, orders: w.orders };
}
const level = (w: World) => levelWeek(inputOf(w));

describe('moveAmount (the amount row)', () => {
  it.each([
    [120, 200, 120, 'a slot not larger than the excess moves whole'],
    [120, 120, 120, 'as large as the excess: whole'],
    [480, 60, 60, 'a larger slot gives the excess'],
    [480, 5, SLOT_MIN_MINUTES, 'never less than the smallest slot'],
    [70, 60, 70, 'a rest shorter than the smallest slot goes along'],
    [75, 60, 60, 'a rest of exactly the smallest slot stays'],
  ])('slot %i, over %i → %i (%s)', (slotMinutes, over, moved) => {
    expect(moveAmount(slotMinutes, over)).toBe(moved);
  });
});

describe('stepBounds (the step order row)', () => {
  it('between the last day of the step before (plus its gap) and the first day of the step after (less its gap)', () => {
    const slots = [
      slot('x', '2026-11-30', 'profilbearbeitung', 60),
      slot('x', '2026-12-01', 'antrieb', 60),
      slot('x', '2026-12-02', 'verglasen', 60),
      slot('x', '2026-12-04', 'versand', 60),
    ];
    expect(stepBounds(slots, 'antrieb')).toEqual({ earliest: '2026-11-30', latest: '2026-12-02' });
    expect(stepBounds(slots, 'verglasen')).toEqual({ earliest: '2026-12-01', latest: '2026-12-03' });
    expect(stepBounds(slots, 'versand')).toEqual({ earliest: '2026-12-03', latest: null });
    expect(stepBounds(slots, 'profilbearbeitung')).toEqual({ earliest: null, latest: '2026-12-01' });
  });
  it('skips a step without slots, and leaves "sonstiges" free', () => {
    const slots = [slot('x', '2026-11-30', 'profilbearbeitung', 60), slot('x', '2026-12-03', 'versand', 60)];
    expect(stepBounds(slots, 'verglasen')).toEqual({ earliest: '2026-11-30', latest: '2026-12-02' });
    expect(stepBounds(slots, 'sonstiges')).toEqual({ earliest: null, latest: null });
  });
});

describe('levelWeek', () => {
  it('a week within its time is left as it is, and every day of it is summarised', () => {
    const r = level({ orders: [order('1', null, [slot('1', '2026-12-01', 'antrieb', 480)])] });
    expect(r.moves).toEqual([]);
    expect(r.stuck).toEqual([]);
    expect(r.days.map((d) => d.date)).toEqual(datesBetween(FROM, TO));
    expect(r.days[1]).toMatchObject({ before: 480, after: 480, areas: [] });
  });

  it('moves the excess of the order with the most room to the nearest day with time (candidates, amount, nearest)', () => {
    // Tuesday's drives: 300 + 300 of 480. Order 2 installs later than order 1, so it gives the 120.
    const r = level({
      orders: [
        order('1', '2026-12-10', [slot('1', '2026-12-01', 'antrieb', 300)]),
        order('2', '2026-12-18', [slot('2', '2026-12-01', 'antrieb', 300)]),
      ],
    });
    expect(r.moves).toEqual([
      expect.objectContaining({ orderId: '2', from: '2026-12-01', to: '2026-11-30', minutes: 120, slotMinutes: 300 }),
    ]);
    expect(r.stuck).toEqual([]);
    const tue = r.days.find((d) => d.date === '2026-12-01');
    expect(tue).toMatchObject({ before: 600, after: 480, utilisationBefore: 35.7, utilisationAfter: 28.6 });
    expect(tue?.areas).toEqual([{ area: 'antrieb', available: 480, before: 600, after: 480 }]);
  });

  it('an order without an installation date moves before one with a date; of two as near, the earlier day', () => {
    // Wednesday: Monday and Tuesday are full, Thursday and Friday free: the nearer Thursday wins over Monday.
    const busy = order('9', null, [
      slot('9', '2026-11-30', 'antrieb', 480, true),
      slot('9', '2026-12-01', 'antrieb', 480, true),
    ]);
    const r = level({
      orders: [
        busy,
        order('1', '2026-12-10', [slot('1', '2026-12-02', 'antrieb', 300)]),
        order('2', null, [slot('2', '2026-12-02', 'antrieb', 300)]),
      ],
    });
    expect(r.moves).toEqual([expect.objectContaining({ orderId: '2', to: '2026-12-03', minutes: 120 })]);
    // With Thursday full as well, Tuesday (one day back) and Thursday are equally near: the earlier one.
    const r2 = level({
      orders: [
        order('9', null, [slot('9', '2026-11-30', 'antrieb', 480, true), slot('9', '2026-12-03', 'antrieb', 420)]),
        order('1', '2026-12-10', [slot('1', '2026-12-02', 'antrieb', 300)]),
        order('2', null, [slot('2', '2026-12-02', 'antrieb', 300)]),
      ],
    });
    expect(r2.moves).toEqual([expect.objectContaining({ orderId: '2', to: '2026-12-01' })]);
  });

  it('the larger slot of two equal orders goes first, and moves whole when not larger than the excess', () => {
    // Glazing on Tuesday: Cem has 240; 200 + 100 + 60 planned → 120 over; the 200 slot gives 120.
    const r = level({
      orders: [
        order('1', null, [slot('1', '2026-12-01', 'verglasen', 100)]),
        order('2', null, [slot('2', '2026-12-01', 'verglasen', 200)]),
        order('3', null, [slot('3', '2026-12-01', 'verglasen', 60)]),
      ],
    });
    expect(r.moves).toEqual([expect.objectContaining({ orderId: '2', minutes: 120, slotMinutes: 200 })]);
    // 180 over and the largest slot 200: 20 would stay, more than a slot's minimum: it gives 180.
    const r2 = level({
      orders: [
        order('1', null, [slot('1', '2026-12-01', 'verglasen', 220)]),
        order('2', null, [slot('2', '2026-12-01', 'verglasen', 200)]),
      ],
    });
    expect(r2.moves).toEqual([expect.objectContaining({ orderId: '1', minutes: 180, slotMinutes: 220 })]);
  });

  it('several slots move until the day is within its time', () => {
    const r = level({
      orders: [
        order('1', null, [slot('1', '2026-12-02', 'versand', 300)]),
        order('2', null, [slot('2', '2026-12-02', 'versand', 300)]),
        order('3', null, [slot('3', '2026-12-02', 'versand', 300)]),
        order('4', null, [slot('4', '2026-12-01', 'versand', 400), slot('4', '2026-12-03', 'versand', 400)]),
      ],
    });
    // 420 over; 300 fills the days one day away only partly (80 free each), so the nearest days with room.
    const moved = r.moves.reduce((sum, m) => sum + m.minutes, 0);
    expect(moved).toBe(420);
    for (const m of r.moves) expect(m.to === '2026-12-01' || m.to === '2026-12-03').toBe(false);
    expect(r.days.find((d) => d.date === '2026-12-02')?.after).toBe(480);
  });

  it('never moves to today or before, and leaves days before today as they are (the past row)', () => {
    // Today Tuesday 2026-12-01: Monday's overload is history; Tuesday's goes forward, not to Monday.
    const r = level({
      today: '2026-12-01',
      orders: [
        order('1', null, [slot('1', '2026-11-30', 'antrieb', 600)]),
        order('2', null, [slot('2', '2026-12-01', 'antrieb', 600)]),
      ],
    });
    expect(r.moves).toEqual([expect.objectContaining({ orderId: '2', from: '2026-12-01', to: '2026-12-02' })]);
  });

  it('a holiday entered after planning: its slots all move off it', () => {
    const r = level({
      holidays: { '2026-12-02': 'Betriebsversammlung' },
      orders: [order('1', null, [slot('1', '2026-12-02', 'profilbearbeitung', 200)])],
    });
    expect(r.moves).toEqual([expect.objectContaining({ from: '2026-12-02', to: '2026-12-01', minutes: 200 })]);
    expect(r.days.find((d) => d.date === '2026-12-02')).toMatchObject({ available: 0, before: 200, after: 0 });
  });

  it('an absence makes the area short that day; part days count with their minutes', () => {
    const team = TEAM.map((p) =>
      p.name === 'Ben' ? { ...p, abwesenheiten: [{ start: '2026-12-01', ende: '2026-12-01', bemerkung: 'Arzt' }] } : p,
    );
    const r = level({
      team,
      orders: [
        order('1', null, [slot('1', '2026-12-01', 'antrieb', 120)]),
        // Cem's 240 on Thursday: 300 planned gives 60 to the nearest half day with room.
        order('2', null, [slot('2', '2026-12-03', 'verglasen', 300)]),
      ],
    });
    expect(r.moves).toEqual([
      expect.objectContaining({ orderId: '1', from: '2026-12-01', to: '2026-11-30', minutes: 120 }),
      expect.objectContaining({ orderId: '2', from: '2026-12-03', to: '2026-12-02', minutes: 60 }),
    ]);
  });

  it('keeps the step order: glazing stays between its drive and its shipping, or is named (stepOrder)', () => {
    // Order 1: drive, glazing (over) on Wednesday, shipping Thursday: glazing may only stay on Wednesday.
    const o1 = order('1', null, [
      slot('1', '2026-12-02', 'antrieb', 60),
      slot('1', '2026-12-02', 'verglasen', 300),
      slot('1', '2026-12-03', 'versand', 60),
    ]);
    const r = level({ orders: [o1] });
    expect(r.moves).toEqual([]);
    expect(r.stuck).toEqual([
      expect.objectContaining({ orderId: '1', area: 'verglasen', date: '2026-12-02', reason: 'stepOrder' }),
    ]);
    // Its drive on Tuesday: glazing may go back to Tuesday, after the drive.
    (o1.slots as LevelSlot[])[0] = slot('1', '2026-12-01', 'antrieb', 60);
    expect(level({ orders: [o1] }).moves).toEqual([expect.objectContaining({ to: '2026-12-01', minutes: 60 })]);
  });

  it('never on or after the installation date (installation), and says so', () => {
    // Installation Wednesday; Monday and Tuesday's shipping are full, so only Wednesday on has room.
    const full1 = order('9', null, [
      slot('9', '2026-11-30', 'versand', 480, true),
      slot('9', '2026-11-27', 'versand', 480, true),
      slot('9', '2026-11-26', 'versand', 480, true),
    ]);
    const r = level({ orders: [full1, order('1', '2026-12-02', [slot('1', '2026-12-01', 'versand', 600)])] });
    expect(r.moves).toEqual([]);
    expect(r.stuck).toEqual([expect.objectContaining({ orderId: '1', reason: 'installation', minutes: 600 })]);
  });

  it('names the slots of a day that stays over when no day in reach has room (noRoom), and finished ones (finished)', () => {
    const r = level({
      orders: [
        order('1', null, [slot('1', '2026-12-01', 'antrieb', 400, true)]),
        order('2', null, [slot('2', '2026-12-01', 'antrieb', 2000)]),
      ],
    });
    expect(r.moves).toEqual([]);
    expect(r.stuck.map((s) => [s.orderId, s.reason])).toEqual([
      ['2', 'noRoom'],
      ['1', 'finished'],
    ]);
  });

  it(`looks at most ${LEVEL_REACH_DAYS} days away`, () => {
    // Every drive day for three weeks around is full except one 15 days later.
    const fullDays = datesBetween('2026-11-16', '2026-12-20').filter((d) => d !== '2026-12-16' && d !== '2026-12-01');
    const r = level({
      orders: [
        order(
          '9',
          null,
          fullDays.map((d) => slot('9', d, 'antrieb', 480, true)),
        ),
        order('1', null, [slot('1', '2026-12-01', 'antrieb', 600)]),
      ],
    });
    expect(r.moves).toEqual([]);
    expect(r.stuck.filter((x) => x.orderId === '1')).toEqual([expect.objectContaining({ reason: 'noRoom' })]);
  });

  it('an order larger than a week: every day of it gives its excess, and its next step still follows', () => {
    const week = datesBetween('2026-11-30', '2026-12-04');
    const big = order('1', null, [
      ...week.map((d) => slot('1', d, 'profilbearbeitung', 600)),
      slot('1', '2026-12-08', 'antrieb', 480),
    ]);
    const r = level({ orders: [big] });
    expect(r.stuck).toEqual([]);
    expect(r.moves.reduce((sum, m) => sum + m.minutes, 0)).toBe(5 * 120);
    for (const m of r.moves) expect(m.to <= '2026-12-08').toBe(true);
    for (const d of r.days.filter((x) => week.includes(x.date))) expect(d.after).toBeLessThanOrEqual(480);
  });

  it('days outside the week that take work are summarised as well', () => {
    const r = level({
      orders: [
        order(
          '9',
          null,
          datesBetween('2026-11-30', '2026-12-04').map((d) => slot('9', d, 'antrieb', 480)),
        ),
        order('1', null, [slot('1', '2026-12-04', 'antrieb', 60)]),
      ],
    });
    // The larger slot gives the 60 minutes to the nearest day with room: the next Monday.
    expect(r.moves).toEqual([expect.objectContaining({ orderId: '9', from: '2026-12-04', to: '2026-12-07' })]);
    expect(r.days.map((d) => d.date)).toEqual([...datesBetween(FROM, TO), '2026-12-07']);
    expect(r.days.at(-1)).toMatchObject({ before: 0, after: 60 });
  });
});

describe('levelWeek on 300 generated weeks (decision 050: levelling leaves no new conflict behind)', () => {
  /** A small deterministic generator (mulberry32): the same worlds on every run. */
  const random = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const weekdays = datesBetween('2026-11-26', '2026-12-11').filter((d) => ![0, 6].includes(new Date(d).getUTCDay()));

  function world(seed: number): LevelOrder[] {
    const r = random(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)] as T;
    return Array.from({ length: 4 + Math.floor(r() * 10) }, (_, i) => {
      const id = String(i + 1);
      const slots: LevelSlot[] = [];
      let at = Math.floor(r() * 6);
      for (const area of ['profilbearbeitung', 'antrieb', 'verglasen', 'versand'] as const) {
        if (r() < 0.2) continue;
        at = Math.min(weekdays.length - 1, at + (area === 'versand' ? 1 : 0) + Math.floor(r() * 2));
        slots.push(slot(id, weekdays[at] as string, area, 30 + Math.floor(r() * 20) * 30, r() < 0.1));
      }
      if (r() < 0.3) slots.push(slot(id, pick(weekdays), 'sonstiges', 60));
      const last =
        slots
          .map((s) => s.date)
          .sort()
          .at(-1) ?? FROM;
      return order(id, r() < 0.4 ? null : addDays(last, 1 + Math.floor(r() * 5)), slots);
    });
  }

  const conflictKeys = (orders: readonly LevelOrder[], input: LevelInput) => {
    const available = (date: string, area: WorkArea) => input.days.find((d) => d.date === date)?.available[area] ?? 0;
    const keys = new Set<string>();
    for (const o of orders) {
      const planned = { ...NO_MINUTES };
      for (const s of o.slots) planned[s.area] += s.minutes;
      for (const c of planConflicts({ installation: o.installation, slots: o.slots, required: planned, available }))
        if (c.kind === 'outOfStepOrder' || c.kind === 'afterInstallation') keys.add(`${o.id}|${c.kind}`);
    }
    return keys;
  };

  it('never adds a step-order or installation conflict, never takes an area over its day, and keeps every minute', () => {
    let moved = 0;
    let stuck = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const orders = world(seed);
      const input = inputOf({ orders });
      const before = conflictKeys(orders, input);
      const result = levelWeek(input);
      moved += result.moves.length;
      stuck += result.stuck.length;
      // Apply the moves as PUT capacity/put/levelWeek does.
      const after = orders.map((o) => ({ ...o, slots: o.slots.map((s) => ({ ...s })) }));
      const slotById = new Map(after.flatMap((o) => o.slots.map((s) => [s.id, { o, s }] as const)));
      for (const m of result.moves) {
        const { o, s } = slotById.get(m.slotId) as { o: LevelOrder; s: LevelSlot };
        expect(s.finished, `seed ${seed}: a finished slot moved`).toBe(false);
        expect(m.to > TODAY, `seed ${seed}: moved to today or before`).toBe(true);
        if (m.minutes === s.minutes) s.date = m.to;
        else {
          s.minutes -= m.minutes;
          (o.slots as LevelSlot[]).push({ ...s, id: `${s.id}+`, date: m.to, minutes: m.minutes });
        }
        if (o.installation) expect(m.to < o.installation, `seed ${seed}: on or after the installation`).toBe(true);
      }
      const added = [...conflictKeys(after, input)].filter((k) => !before.has(k));
      expect(added, `seed ${seed}`).toEqual([]);
      for (const d of result.days) {
        for (const a of d.areas)
          if (a.before <= a.available)
            expect(a.after, `seed ${seed} ${d.date} ${a.area}`).toBeLessThanOrEqual(a.available);
      }
      const total = (os: readonly LevelOrder[]) => os.flatMap((o) => o.slots).reduce((sum, s) => sum + s.minutes, 0);
      expect(total(after)).toBe(total(orders));
    }
    // The worlds are crowded enough to level: many moves, and some slots that cannot move.
    expect(moved).toBeGreaterThan(300);
    expect(stuck).toBeGreaterThan(30);
  });
});
