/**
 * 'Einplanen vorschlagen' (decisions 027 and 048), rule by rule. Today is Wednesday 2026-11-25. The days come
 * from the available-time rules, as the server builds them.
 */
import { describe, expect, it } from 'vitest';
import { type AreaMinutes, type CapacitySettingsFields, type Employee, NO_MINUTES } from '../schemas/capacity';
import {
  backwardWindow,
  type ProposalDay,
  type ProposalInput,
  proposePlan,
  SLOT_MIN_MINUTES,
  shareOfDayLeft,
} from './capacity-proposal';
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

  it('the work steps in their order: each starts on the day the step before it ends, shipping the day after glazing', () => {
    // Profile machining is booked out until Monday: drive, glazing and shipping wait for it.
    const booked = { profilbearbeitung: 480 };
    const input = forward(
      { profilbearbeitung: 600, antrieb: 300, verglasen: 300, versand: 100 },
      { planned: { '2026-11-25': booked, '2026-11-26': booked, '2026-11-27': booked } },
    );
    expect(proposePlan(input).slots).toEqual([
      { date: '2026-11-30', area: 'profilbearbeitung', minutes: 480 },
      { date: '2026-12-01', area: 'profilbearbeitung', minutes: 120 },
      { date: '2026-12-01', area: 'antrieb', minutes: 300 },
      { date: '2026-12-01', area: 'verglasen', minutes: 240 },
      { date: '2026-12-02', area: 'verglasen', minutes: 60 },
      { date: '2026-12-03', area: 'versand', minutes: 100 },
    ]);
  });

  it('never ships before the glazing, though shipping is free earlier (the case of issue 31)', () => {
    // Glazing is booked out until Friday; shipping has time all week.
    const booked = { verglasen: 240 };
    const input = forward(
      { verglasen: 120, versand: 60 },
      { planned: { '2026-11-25': booked, '2026-11-26': booked, '2026-11-27': booked } },
    );
    expect(proposePlan(input).slots).toEqual([
      { date: '2026-11-30', area: 'verglasen', minutes: 120 },
      { date: '2026-12-01', area: 'versand', minutes: 60 },
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
  it('versand last, the working day before the installation kept free, each step ending before the next begins', () => {
    // Installation on Monday 2026-12-07: Friday 2026-12-04 is the buffer, so shipping ends Thursday;
    // glazing ends the day before shipping begins; Ben (drive) does not work on Fridays.
    const input = backward('2026-12-07', { profilbearbeitung: 600, antrieb: 500, verglasen: 300, versand: 600 });
    const result = proposePlan(input);
    expect(result.direction).toBe('backward');
    expect(result.backwardBlocked).toBeNull();
    expect(result.slots).toEqual([
      { date: '2026-11-25', area: 'profilbearbeitung', minutes: 120 },
      { date: '2026-11-26', area: 'profilbearbeitung', minutes: 480 },
      { date: '2026-11-26', area: 'antrieb', minutes: 20 },
      { date: '2026-11-30', area: 'antrieb', minutes: 480 },
      { date: '2026-11-30', area: 'verglasen', minutes: 60 },
      { date: '2026-12-01', area: 'verglasen', minutes: 240 },
      { date: '2026-12-02', area: 'versand', minutes: 120 },
      { date: '2026-12-03', area: 'versand', minutes: 480 },
    ]);
    expect(result.overloads).toEqual([]);
    expect(result.unplaced).toEqual(NO_MINUTES);
  });

  it('a step does not end after the next step begins', () => {
    // Shipping is booked out on Thursday, so it is on Wednesday; glazing may not use the free Wednesday.
    const input = backward(
      '2026-12-07',
      { verglasen: 200, versand: 100 },
      { planned: { '2026-12-03': { versand: 480 } } },
    );
    expect(of(input, 'versand')).toEqual(['2026-12-02 100']);
    expect(of(input, 'verglasen')).toEqual(['2026-12-01 200']);
  });

  it.each<[string, World, string[]]>([
    // Friday a holiday: Thursday is the last working day before the installation, the buffer.
    ['weekend and holiday skipped', { holidays: { '2026-12-04': 'Feiertag' } }, ['2026-12-01 360', '2026-12-02 480']],
    [
      'absence skipped',
      {
        mitarbeiter: [
          person('Anna', 'profilbearbeitung', {
            abwesenheiten: [{ start: '2026-12-03', ende: '2026-12-04', bemerkung: 'Krank' }],
          }),
        ],
      },
      // Nobody works on Thursday and Friday: Wednesday is the buffer.
      ['2026-11-30 360', '2026-12-01 480'],
    ],
    [
      'part days',
      { planned: { '2026-12-03': { profilbearbeitung: 400 } } },
      ['2026-12-01 280', '2026-12-02 480', '2026-12-03 80'],
    ],
  ])('%s', (_, world, slots) => {
    expect(of(backward('2026-12-07', { profilbearbeitung: 840 }, world), 'profilbearbeitung')).toEqual(slots);
  });

  it('an order larger than a week fills the days back from the installation date', () => {
    const slots = of(backward('2026-12-14', { profilbearbeitung: 7 * 480 + 30 }), 'profilbearbeitung');
    expect(slots).toEqual([
      '2026-12-01 30',
      '2026-12-02 480',
      '2026-12-03 480',
      '2026-12-04 480',
      '2026-12-07 480',
      '2026-12-08 480',
      '2026-12-09 480',
      '2026-12-10 480',
    ]);
  });

  describe('not enough time before the installation date: overload, with a warning', () => {
    it('the rest goes onto the least used days, ties to the later day', () => {
      // Wednesday and Thursday before a Monday installation (Friday the buffer): 960 free minutes for 1500.
      const result = proposePlan(
        backward('2026-11-30', { profilbearbeitung: 1500 }, { planned: { '2026-11-25': { profilbearbeitung: 100 } } }),
      );
      // Fill: Thursday 480, Wednesday 380 (100 taken). Rest 640: both at 100 %, the later takes 480,
      // then Wednesday (100 %) is below Thursday (200 %) and takes the last 160.
      expect(result.slots).toEqual([
        { date: '2026-11-25', area: 'profilbearbeitung', minutes: 540 },
        { date: '2026-11-26', area: 'profilbearbeitung', minutes: 960 },
      ]);
      // Each names by how much the day is short.
      expect(result.overloads).toEqual([
        { date: '2026-11-25', area: 'profilbearbeitung', utilisation: 133.3, over: 160 },
        { date: '2026-11-26', area: 'profilbearbeitung', utilisation: 200, over: 480 },
      ]);
      expect(result.unplaced).toEqual(NO_MINUTES);
    });

    it('warns only for the overloaded days and areas, utilisation with one decimal', () => {
      // Installation Wednesday 2026-12-02, Tuesday the buffer: shipping Monday, profile machining until Friday.
      const result = proposePlan(backward('2026-12-02', { profilbearbeitung: 3 * 480 + 65, versand: 100 }));
      expect(result.overloads).toEqual([
        { date: '2026-11-27', area: 'profilbearbeitung', utilisation: 113.5, over: 65 },
      ]);
      expect(result.slots.filter((x) => x.area === 'versand')).toEqual([
        { date: '2026-11-30', area: 'versand', minutes: 100 },
      ]);
    });

    it('days already over 100 % by other orders take nothing more while others are lower', () => {
      const result = proposePlan(
        backward('2026-11-30', { profilbearbeitung: 600 }, { planned: { '2026-11-26': { profilbearbeitung: 960 } } }),
      );
      expect(result.slots).toEqual([{ date: '2026-11-25', area: 'profilbearbeitung', minutes: 600 }]);
      expect(result.overloads).toEqual([
        { date: '2026-11-25', area: 'profilbearbeitung', utilisation: 125, over: 120 },
      ]);
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
    expect(result.slots).toEqual([{ date: '2026-12-03', area: 'versand', minutes: 60 }]);
  });

  it.each([
    ['installation today', TODAY],
    ['installation in the past', '2026-11-20'],
  ])('%s: planned forward', (_, installation) => {
    const result = proposePlan(backward(installation, { profilbearbeitung: 600 }));
    expect(result.direction).toBe('forward');
    expect(result.slots.map((s) => `${s.date} ${s.minutes}`)).toEqual(['2026-11-25 480', '2026-11-26 120']);
  });

  it('installation the day after tomorrow: only today is left (tomorrow is the buffer)', () => {
    const result = proposePlan(backward('2026-11-27', { versand: 600 }));
    expect(result.direction).toBe('backward');
    expect(result.slots).toEqual([{ date: TODAY, area: 'versand', minutes: 600 }]);
    expect(result.overloads).toEqual([{ date: TODAY, area: 'versand', utilisation: 125, over: 120 }]);
  });

  it('installation tomorrow: no working day before the buffer, planned forward, and says why', () => {
    const result = proposePlan(backward('2026-11-26', { versand: 600 }));
    expect(result.direction).toBe('forward');
    expect(result.backwardBlocked).toBe('noTimeBeforeInstallation');
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
    expect(result.overloads).toEqual([{ date: '2026-11-25', area: 'versand', utilisation: 150, over: 240 }]);
  });

  it('nothing to plan: nothing proposed', () => {
    expect(proposePlan(forward({}))).toEqual({
      direction: 'forward',
      backwardBlocked: 'noInstallationDate',
      slots: [],
      overloads: [],
      unplaced: NO_MINUTES,
    });
  });

  it('one slot per day and area, sorted by date and then by work area', () => {
    const result = proposePlan(
      backward(
        '2026-11-30',
        { profilbearbeitung: 1000, sonstiges: 30 },
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
      { date: '2026-11-26', area: 'sonstiges', minutes: 30 },
    ]);
    expect(result.overloads).toEqual([
      { date: '2026-11-26', area: 'profilbearbeitung', utilisation: 191.7, over: 440 },
    ]);
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

describe('no slot shorter than a quarter of an hour', () => {
  it(`a day with fewer than ${SLOT_MIN_MINUTES} free minutes is skipped`, () => {
    const input = forward({ profilbearbeitung: 100 }, { planned: { '2026-11-25': { profilbearbeitung: 470 } } });
    expect(of(input, 'profilbearbeitung')).toEqual(['2026-11-26 100']);
  });

  it('a remainder below it is merged into the slot before it', () => {
    // Thursday's 10 free minutes for the last 10 would be a 10-minute slot: Wednesday takes them (10 over).
    const input = forward(
      { profilbearbeitung: 490 },
      { planned: { '2026-11-26': { profilbearbeitung: 470 } }, to: '2026-11-26' },
    );
    expect(of(input, 'profilbearbeitung')).toEqual(['2026-11-25 490']);
  });

  it('an area whose whole need is shorter gets one short slot', () => {
    expect(of(forward({ versand: 10 }), 'versand')).toEqual(['2026-11-25 10']);
  });
});

describe('today: only what is left of the working day (07:00–16:00)', () => {
  it.each([
    ['before 07:00', 6 * 60, 1],
    ['07:00', 7 * 60, 1],
    ['11:30, half the day left', 11 * 60 + 30, 0.5],
    ['16:00', 16 * 60, 0],
    ['23:50', 23 * 60 + 50, 0],
  ])('%s', (_, now, share) => {
    expect(shareOfDayLeft(now)).toBe(share);
  });

  it('at 11:30 today offers half its minutes, the rest goes to tomorrow', () => {
    const input = { ...forward({ profilbearbeitung: 480 }), todayShare: shareOfDayLeft(11 * 60 + 30) };
    expect(of(input, 'profilbearbeitung')).toEqual(['2026-11-25 240', '2026-11-26 240']);
  });

  it('at 23:50 nothing is planned into today', () => {
    const input = { ...forward({ versand: 60 }), todayShare: shareOfDayLeft(23 * 60 + 50) };
    expect(of(input, 'versand')).toEqual(['2026-11-26 60']);
  });

  it('an overload never lands on a part day', () => {
    const input = { ...forward({ versand: 1200 }, { to: '2026-11-26' }), todayShare: 0.5 };
    expect(of(input, 'versand')).toEqual(['2026-11-25 240', '2026-11-26 960']);
  });
});

describe('backward: when it is possible, and why not', () => {
  const days = daysOf();
  it.each([
    ['no installation date', null, 'noInstallationDate'],
    ['installation today', TODAY, 'installationNotAhead'],
    ['installation in the past', '2026-11-01', 'installationNotAhead'],
    ['installation tomorrow: today is the buffer', '2026-11-26', 'noTimeBeforeInstallation'],
    ['installation the day after tomorrow', '2026-11-27', null],
  ] as const)('%s', (_, installation, blocked) => {
    expect(backwardWindow({ today: TODAY, installation, days }).blocked).toBe(blocked);
  });

  it('the buffer is the last working day before the installation: a weekend in between does not count', () => {
    const window = backwardWindow({ today: TODAY, installation: '2026-11-30', days });
    // Installation Monday: Sunday and Saturday are no working days, Friday is the buffer.
    expect(window.days?.map((d) => d.date)).toEqual(['2026-11-26', '2026-11-25']);
  });
});
