/**
 * 'Einplanen vorschlagen' (decision 027), rule by rule. Today is Wednesday 2026-11-25. The days come
 * from the available-time rules, as the server builds them.
 */
import { describe, expect, it } from 'vitest';
import { type AreaMinutes, type CapacitySettingsFields, type Employee, NO_MINUTES } from '../schemas/capacity';
import { type ProposalDay, type ProposalInput, proposePlan } from './capacity-proposal';
import { availableOn, datesBetween } from './capacity-time';

const TODAY = '2026-11-25';
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
/** One person per flow area, nobody in 'sonstiges'; Ben does not work on Fridays, Cem half days. */
const TEAM: Employee[] = [
  person('Anna', 'profilbearbeitung'),
  person('Ben', 'antrieb', { arbeitszeit: { ...full, freitag: 0 } }),
  person('Cem', 'verglasen', {
    arbeitszeit: { montag: 240, dienstag: 240, mittwoch: 240, donnerstag: 240, freitag: 240 },
  }),
  person('Dora', 'versand'),
];
const area = (over: Partial<AreaMinutes>): AreaMinutes => ({ ...NO_MINUTES, ...over });

type World = {
  mitarbeiter?: Employee[];
  betriebsurlaub?: CapacitySettingsFields['betriebsurlaub'];
  holidays?: Record<string, string>;
  /** Minutes other orders take, by date. */
  planned?: Record<string, Partial<AreaMinutes>>;
  to?: string;
};
const daysOf = (w: World = {}): ProposalDay[] =>
  datesBetween(TODAY, w.to ?? '2027-01-31').map((date) => ({
    date,
    available: availableOn(
      date,
      { mitarbeiter: w.mitarbeiter ?? TEAM, betriebsurlaub: w.betriebsurlaub ?? [] },
      new Map(Object.entries(w.holidays ?? {})),
    ).perArea,
    planned: area(w.planned?.[date] ?? {}),
  }));
const forward = (remaining: Partial<AreaMinutes>, w: World = {}): ProposalInput => ({
  remaining: area(remaining),
  direction: 'forward',
  today: TODAY,
  installation: null,
  days: daysOf(w),
});
const backward = (installation: string, remaining: Partial<AreaMinutes>, w: World = {}): ProposalInput => ({
  ...forward(remaining, w),
  direction: 'backward',
  installation,
});
/** The slots of one area as 'date minutes'. */
const of = (input: ProposalInput, a: keyof AreaMinutes) =>
  proposePlan(input)
    .slots.filter((s) => s.area === a)
    .map((s) => `${s.date} ${s.minutes}`);

describe('forward from today: the earliest free minutes', () => {
  it.each<[string, ProposalInput, string[]]>([
    ['a part of one day', forward({ profilbearbeitung: 300 }), ['2026-11-25 300']],
    ['one day and a part', forward({ profilbearbeitung: 600 }), ['2026-11-25 480', '2026-11-26 120']],
    [
      'part days: only the free minutes of a day',
      forward({ profilbearbeitung: 600 }, { planned: { '2026-11-25': { profilbearbeitung: 300 } } }),
      ['2026-11-25 180', '2026-11-26 420'],
    ],
    [
      'a fully booked day is skipped',
      forward({ profilbearbeitung: 100 }, { planned: { '2026-11-25': { profilbearbeitung: 480 } } }),
      ['2026-11-26 100'],
    ],
    [
      'weekends are skipped',
      forward({ profilbearbeitung: 1500 }),
      ['2026-11-25 480', '2026-11-26 480', '2026-11-27 480', '2026-11-30 60'],
    ],
    [
      'public holidays are skipped',
      forward({ profilbearbeitung: 600 }, { holidays: { '2026-11-26': 'Feiertag' } }),
      ['2026-11-25 480', '2026-11-27 120'],
    ],
    [
      'operating holidays are skipped',
      forward(
        { profilbearbeitung: 600 },
        { betriebsurlaub: [{ start: '2026-11-25', ende: '2026-11-30', bemerkung: '' }] },
      ),
      ['2026-12-01 480', '2026-12-02 120'],
    ],
    [
      'absences are skipped (first and last day included)',
      forward(
        { profilbearbeitung: 600 },
        {
          mitarbeiter: [
            person('Anna', 'profilbearbeitung', {
              abwesenheiten: [{ start: '2026-11-25', ende: '2026-11-26', bemerkung: 'Urlaub' }],
            }),
          ],
        },
      ),
      ['2026-11-27 480', '2026-11-30 120'],
    ],
    [
      'part-time: a day without working time is skipped',
      forward({ antrieb: 1000 }),
      ['2026-11-25 480', '2026-11-26 480', '2026-11-30 40'],
    ],
    [
      'an order larger than a week',
      forward({ profilbearbeitung: 8 * 480 + 15 }),
      [
        '2026-11-25 480',
        '2026-11-26 480',
        '2026-11-27 480',
        '2026-11-30 480',
        '2026-12-01 480',
        '2026-12-02 480',
        '2026-12-03 480',
        '2026-12-04 480',
        '2026-12-07 15',
      ],
    ],
  ])('%s', (_, input, slots) => {
    const a = input.remaining.antrieb > 0 ? 'antrieb' : 'profilbearbeitung';
    expect(of(input, a)).toEqual(slots);
    const result = proposePlan(input);
    expect(result.direction).toBe('forward');
    expect(result.overloads).toEqual([]);
    expect(result.unplaced).toEqual(NO_MINUTES);
  });

  it('the flow: an area does not start before the previous area’s first day', () => {
    // Profile machining is booked out until Monday: drive, glazing and shipping wait for it.
    const booked = { profilbearbeitung: 480 };
    const input = forward(
      { profilbearbeitung: 600, antrieb: 300, verglasen: 300, versand: 100 },
      { planned: { '2026-11-25': booked, '2026-11-26': booked, '2026-11-27': booked } },
    );
    expect(proposePlan(input).slots).toEqual([
      { date: '2026-11-30', area: 'profilbearbeitung', minutes: 480 },
      { date: '2026-11-30', area: 'antrieb', minutes: 300 },
      { date: '2026-11-30', area: 'verglasen', minutes: 240 },
      { date: '2026-11-30', area: 'versand', minutes: 100 },
      { date: '2026-12-01', area: 'profilbearbeitung', minutes: 120 },
      { date: '2026-12-01', area: 'verglasen', minutes: 60 },
    ]);
  });

  it('the flow: an area without minutes passes its bound on', () => {
    // No drive work: glazing is bound by profile machining (Thursday), not by today.
    const input = forward(
      { profilbearbeitung: 100, verglasen: 100 },
      { planned: { '2026-11-25': { profilbearbeitung: 480 } } },
    );
    expect(of(input, 'verglasen')).toEqual(['2026-11-26 100']);
  });

  it("'sonstiges' runs alongside the flow from today", () => {
    const input = forward(
      { profilbearbeitung: 100, sonstiges: 60 },
      {
        mitarbeiter: [...TEAM, person('Eva', 'sonstiges')],
        planned: { '2026-11-25': { profilbearbeitung: 480 } },
      },
    );
    expect(proposePlan(input).slots).toEqual([
      { date: '2026-11-25', area: 'sonstiges', minutes: 60 },
      { date: '2026-11-26', area: 'profilbearbeitung', minutes: 100 },
    ]);
  });

  it('never plans before today', () => {
    const input = forward({ profilbearbeitung: 100 });
    input.days = [
      { date: '2026-11-24', available: area({ profilbearbeitung: 480 }), planned: area({}) },
      ...input.days,
    ];
    expect(of(input, 'profilbearbeitung')).toEqual(['2026-11-25 100']);
  });
});

describe('backward from the installation date: the latest free minutes before it', () => {
  it('versand last, each area not after the next one’s last day, the installation day left free', () => {
    // Installation on Monday 2026-12-07: the last working day before it is Friday 2026-12-04,
    // when Ben (drive) does not work.
    const input = backward('2026-12-07', { profilbearbeitung: 600, antrieb: 500, verglasen: 300, versand: 600 });
    const result = proposePlan(input);
    expect(result.direction).toBe('backward');
    expect(result.slots).toEqual([
      // Profile machining may not end after the drive's last day (Thursday), though Friday is free.
      { date: '2026-12-02', area: 'profilbearbeitung', minutes: 120 },
      { date: '2026-12-02', area: 'antrieb', minutes: 20 },
      { date: '2026-12-03', area: 'profilbearbeitung', minutes: 480 },
      { date: '2026-12-03', area: 'antrieb', minutes: 480 },
      { date: '2026-12-03', area: 'verglasen', minutes: 60 },
      { date: '2026-12-03', area: 'versand', minutes: 120 },
      { date: '2026-12-04', area: 'verglasen', minutes: 240 },
      { date: '2026-12-04', area: 'versand', minutes: 480 },
    ]);
    expect(result.overloads).toEqual([]);
    expect(result.unplaced).toEqual(NO_MINUTES);
  });

  it('an area does not end after the next area’s last day', () => {
    // Shipping is booked out on Friday, so it ends Thursday; glazing may not use the free Friday.
    const input = backward(
      '2026-12-07',
      { verglasen: 200, versand: 100 },
      { planned: { '2026-12-04': { versand: 480 } } },
    );
    expect(of(input, 'versand')).toEqual(['2026-12-03 100']);
    expect(of(input, 'verglasen')).toEqual(['2026-12-03 200']);
  });

  it.each<[string, World, string[]]>([
    ['weekend and holiday skipped', { holidays: { '2026-12-04': 'Feiertag' } }, ['2026-12-02 360', '2026-12-03 480']],
    [
      'absence skipped',
      {
        mitarbeiter: [
          person('Anna', 'profilbearbeitung', {
            abwesenheiten: [{ start: '2026-12-03', ende: '2026-12-04', bemerkung: 'Krank' }],
          }),
        ],
      },
      ['2026-12-01 360', '2026-12-02 480'],
    ],
    [
      'part days',
      { planned: { '2026-12-04': { profilbearbeitung: 400 } } },
      ['2026-12-02 280', '2026-12-03 480', '2026-12-04 80'],
    ],
  ])('%s', (_, world, slots) => {
    expect(of(backward('2026-12-07', { profilbearbeitung: 840 }, world), 'profilbearbeitung')).toEqual(slots);
  });

  it('an order larger than a week fills the days back from the installation date', () => {
    const slots = of(backward('2026-12-14', { profilbearbeitung: 7 * 480 + 30 }), 'profilbearbeitung');
    expect(slots).toEqual([
      '2026-12-02 30',
      '2026-12-03 480',
      '2026-12-04 480',
      '2026-12-07 480',
      '2026-12-08 480',
      '2026-12-09 480',
      '2026-12-10 480',
      '2026-12-11 480',
    ]);
  });

  describe('not enough time before the installation date: overload, with a warning', () => {
    it('the rest goes onto the least used days, ties to the later day', () => {
      // Wednesday and Thursday before a Friday installation: 960 free minutes for 1500.
      const result = proposePlan(
        backward('2026-11-27', { profilbearbeitung: 1500 }, { planned: { '2026-11-25': { profilbearbeitung: 100 } } }),
      );
      // Fill: Thursday 480, Wednesday 380 (100 taken). Rest 640: both at 100 %, the later takes 480,
      // then Wednesday (100 %) is below Thursday (200 %) and takes the last 160.
      expect(result.slots).toEqual([
        { date: '2026-11-25', area: 'profilbearbeitung', minutes: 540 },
        { date: '2026-11-26', area: 'profilbearbeitung', minutes: 960 },
      ]);
      expect(result.overloads).toEqual([
        { date: '2026-11-25', area: 'profilbearbeitung', utilisation: 133.3 },
        { date: '2026-11-26', area: 'profilbearbeitung', utilisation: 200 },
      ]);
      expect(result.unplaced).toEqual(NO_MINUTES);
    });

    it('warns only for the overloaded days and areas, utilisation with one decimal', () => {
      const result = proposePlan(backward('2026-11-30', { profilbearbeitung: 3 * 480 + 65, versand: 100 }));
      expect(result.overloads).toEqual([{ date: '2026-11-27', area: 'profilbearbeitung', utilisation: 113.5 }]);
      expect(result.slots.filter((x) => x.area === 'versand')).toEqual([
        { date: '2026-11-27', area: 'versand', minutes: 100 },
      ]);
    });

    it('days already over 100 % by other orders take nothing more while others are lower', () => {
      const result = proposePlan(
        backward('2026-11-27', { profilbearbeitung: 600 }, { planned: { '2026-11-26': { profilbearbeitung: 960 } } }),
      );
      expect(result.slots).toEqual([{ date: '2026-11-25', area: 'profilbearbeitung', minutes: 600 }]);
      expect(result.overloads).toEqual([{ date: '2026-11-25', area: 'profilbearbeitung', utilisation: 125 }]);
    });
  });

  it('an area without time before the installation date is unplaced, not moved past it', () => {
    const away = person('Ben', 'antrieb', {
      abwesenheiten: [{ start: '2026-11-01', ende: '2026-12-06', bemerkung: '' }],
    });
    const result = proposePlan(
      backward(
        '2026-12-07',
        { antrieb: 300, versand: 60 },
        { mitarbeiter: [...TEAM.filter((e) => e.name !== 'Ben'), away] },
      ),
    );
    expect(result.unplaced).toEqual(area({ antrieb: 300 }));
    expect(result.slots).toEqual([{ date: '2026-12-04', area: 'versand', minutes: 60 }]);
  });

  it.each([
    ['installation today', TODAY],
    ['installation in the past', '2026-11-20'],
  ])('%s: planned forward', (_, installation) => {
    const result = proposePlan(backward(installation, { profilbearbeitung: 600 }));
    expect(result.direction).toBe('forward');
    expect(result.slots.map((s) => `${s.date} ${s.minutes}`)).toEqual(['2026-11-25 480', '2026-11-26 120']);
  });

  it('installation tomorrow: only today is left', () => {
    const result = proposePlan(backward('2026-11-26', { versand: 600 }));
    expect(result.direction).toBe('backward');
    expect(result.slots).toEqual([{ date: TODAY, area: 'versand', minutes: 600 }]);
    expect(result.overloads).toEqual([{ date: TODAY, area: 'versand', utilisation: 125 }]);
  });

  it('backward without an installation date: planned forward', () => {
    const input = { ...backward('2026-12-07', { versand: 60 }), installation: null };
    expect(proposePlan(input)).toMatchObject({
      direction: 'forward',
      slots: [{ date: TODAY, area: 'versand', minutes: 60 }],
    });
  });
});

describe('unplaced, overload forward, shape', () => {
  it('an area without any employee time in the horizon is unplaced', () => {
    const result = proposePlan(forward({ profilbearbeitung: 60, sonstiges: 90 }));
    expect(result.unplaced).toEqual(area({ sonstiges: 90 }));
    expect(result.slots).toEqual([{ date: TODAY, area: 'profilbearbeitung', minutes: 60 }]);
  });

  it('forward beyond the horizon: the rest overloads the least used days', () => {
    const result = proposePlan(forward({ versand: 1200 }, { to: '2026-11-26' }));
    expect(result.slots).toEqual([
      { date: '2026-11-25', area: 'versand', minutes: 720 },
      { date: '2026-11-26', area: 'versand', minutes: 480 },
    ]);
    expect(result.overloads).toEqual([{ date: '2026-11-25', area: 'versand', utilisation: 150 }]);
  });

  it('nothing to plan: nothing proposed', () => {
    expect(proposePlan(forward({}))).toEqual({ direction: 'forward', slots: [], overloads: [], unplaced: NO_MINUTES });
  });

  it('one slot per day and area, sorted by date and then by work area', () => {
    const result = proposePlan(
      backward(
        '2026-11-27',
        { profilbearbeitung: 1000, sonstiges: 30, versand: 30 },
        {
          mitarbeiter: [...TEAM, person('Eva', 'sonstiges')],
          planned: { '2026-11-26': { profilbearbeitung: 400 } },
        },
      ),
    );
    // Fill: Thursday 80, Wednesday 480; the rest (440) goes to Thursday again: merged into one slot.
    expect(result.slots).toEqual([
      { date: '2026-11-25', area: 'profilbearbeitung', minutes: 480 },
      { date: '2026-11-26', area: 'profilbearbeitung', minutes: 520 },
      { date: '2026-11-26', area: 'versand', minutes: 30 },
      { date: '2026-11-26', area: 'sonstiges', minutes: 30 },
    ]);
    expect(result.overloads).toEqual([{ date: '2026-11-26', area: 'profilbearbeitung', utilisation: 191.7 }]);
  });

  it('is deterministic: the same days in any order give the same proposal', () => {
    const input = backward(
      '2026-12-21',
      { profilbearbeitung: 4000, antrieb: 1500, verglasen: 900, versand: 700 },
      {
        planned: { '2026-12-10': { profilbearbeitung: 200, antrieb: 480 }, '2026-12-17': { versand: 300 } },
      },
    );
    const first = proposePlan(input);
    expect(proposePlan(input)).toEqual(first);
    expect(proposePlan({ ...input, days: [...input.days].reverse() })).toEqual(first);
    const total = (a: keyof AreaMinutes) => first.slots.filter((s) => s.area === a).reduce((s, x) => s + x.minutes, 0);
    expect([total('profilbearbeitung'), total('antrieb'), total('verglasen'), total('versand')]).toEqual([
      4000, 1500, 900, 700,
    ]);
  });

  it('leaves the input untouched', () => {
    const input = forward({ profilbearbeitung: 600 });
    const copy = structuredClone(input);
    proposePlan(input);
    expect(input).toEqual(copy);
  });
});
