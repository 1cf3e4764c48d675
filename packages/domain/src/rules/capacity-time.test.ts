/**
 * Available time, required time, utilisation colours and week/month ranges (decision 027), row by
 * row. The week of 2026-11-23 (Monday) to 2026-11-29 (Sunday) is the reference week.
 */
import { describe, expect, it } from 'vitest';
import {
  type AreaMinutes,
  CAPACITY_TIME_DEFAULTS,
  type CapacitySettingsFields,
  type CostListFields,
  type Employee,
  NO_MINUTES,
  PRODUCTION_DEFAULTS,
  type Production,
} from '../schemas/capacity';
import {
  availableOn,
  datesBetween,
  monthRangeOf,
  REQUIRED_TIME_ROWS,
  type RequiredInput,
  requiredTimeOf,
  sumAreas,
  utilisationColour,
  utilisationOf,
  weekdayOf,
  weekRangeOf,
  wingsOf,
} from './capacity-time';

const full = { montag: 480, dienstag: 480, mittwoch: 480, donnerstag: 480, freitag: 480 };
const employee = (over: Partial<Employee>): Employee => ({
  _id: 'e1',
  name: 'Anna',
  bereich: 'profilbearbeitung',
  arbeitszeit: full,
  abwesenheiten: [],
  aktiv: true,
  ...over,
});
const settings = (
  mitarbeiter: Employee[],
  betriebsurlaub: CapacitySettingsFields['betriebsurlaub'] = [],
): Pick<CapacitySettingsFields, 'mitarbeiter' | 'betriebsurlaub'> => ({ mitarbeiter, betriebsurlaub });
const area = (over: Partial<AreaMinutes>): AreaMinutes => ({ ...NO_MINUTES, ...over });
const NO_HOLIDAYS = new Map<string, string>();

describe('weekdayOf', () => {
  it.each([
    ['2026-11-23', 'montag'],
    ['2026-11-25', 'mittwoch'],
    ['2026-11-27', 'freitag'],
    ['2026-11-28', null],
    ['2026-11-29', null],
  ])('%s is %s', (date, weekday) => expect(weekdayOf(date)).toBe(weekday));
});

describe('available time: the rule table, first row that applies wins', () => {
  const anna = employee({});
  const ben = employee({
    _id: 'e2',
    name: 'Ben',
    bereich: 'antrieb',
    arbeitszeit: { montag: 240, dienstag: 240, mittwoch: 240, donnerstag: 240, freitag: 0 },
  });
  const cem = employee({ _id: 'e3', name: 'Cem', bereich: 'verglasen', arbeitszeit: { ...full, mittwoch: 300 } });
  const dora = employee({
    _id: 'e4',
    name: 'Dora',
    bereich: 'profilbearbeitung',
    arbeitszeit: { ...full, montag: 360 },
  });
  const team = [anna, ben, cem, dora];
  const holidays = new Map([
    ['2026-12-25', '1. Weihnachtstag'],
    ['2026-11-24', 'Stadtfest'], // a local day: the server puts local days into the same map
  ]);
  const shutdown = [{ start: '2026-12-28', ende: '2026-12-31', bemerkung: 'Betriebsferien' }];

  it.each<[string, string, Employee[], AreaMinutes, string[]]>([
    [
      'weekday: every area adds its people',
      '2026-11-26',
      team,
      area({ profilbearbeitung: 960, antrieb: 240, verglasen: 480 }),
      [],
    ],
    [
      'weekday minutes per weekday',
      '2026-11-23',
      team,
      area({ profilbearbeitung: 840, antrieb: 240, verglasen: 480 }),
      [],
    ],
    ['part-time: a zero day adds nothing', '2026-11-27', team, area({ profilbearbeitung: 960, verglasen: 480 }), []],
    ['1 Saturday', '2026-11-28', team, area({}), ['weekend']],
    ['1 Sunday', '2026-11-29', team, area({}), ['weekend']],
    ['2 public holiday', '2026-12-25', team, area({}), ['publicHoliday']],
    ['2 local holiday (from the map)', '2026-11-24', team, area({}), ['publicHoliday']],
    ['3 operating holiday, first day', '2026-12-28', team, area({}), ['operatingHoliday']],
    ['3 operating holiday, last day', '2026-12-31', team, area({}), ['operatingHoliday']],
    [
      '3 after the operating holiday',
      '2027-01-04',
      team,
      area({ profilbearbeitung: 840, antrieb: 240, verglasen: 480 }),
      [],
    ],
    [
      '4 inactive employee adds nothing',
      '2026-11-26',
      [anna, { ...dora, aktiv: false }],
      area({ profilbearbeitung: 480 }),
      [],
    ],
    ['4 nobody employed', '2026-11-26', [], area({}), []],
  ])('%s', (_, date, people, perArea, notes) => {
    const day = availableOn(date, settings(people, shutdown), holidays);
    expect(day.perArea).toEqual(perArea);
    expect(day.total).toBe(sumAreas(perArea));
    expect(day.notes.map((n) => n.kind)).toEqual(notes);
  });

  it('names the holiday and the operating holiday', () => {
    expect(availableOn('2026-12-25', settings(team), holidays).notes[0]?.text).toBe('1. Weihnachtstag');
    expect(availableOn('2026-12-29', settings(team, shutdown), holidays).notes[0]?.text).toBe('Betriebsferien');
  });

  describe('4 absence: start and end included', () => {
    const away = employee({ abwesenheiten: [{ start: '2026-11-24', ende: '2026-11-26', bemerkung: 'Urlaub' }] });
    it.each([
      ['day before', '2026-11-23', 480, []],
      ['first day', '2026-11-24', 0, ['Anna']],
      ['middle', '2026-11-25', 0, ['Anna']],
      ['last day', '2026-11-26', 0, ['Anna']],
      ['day after', '2026-11-27', 480, []],
    ])('%s', (_, date, minutes, absent) => {
      const day = availableOn(date, settings([away, ben]), NO_HOLIDAYS);
      expect(day.perArea.profilbearbeitung).toBe(minutes);
      expect(day.perArea.antrieb).toBe(date === '2026-11-27' ? 0 : 240);
      expect(day.absent.map((a) => a.name)).toEqual(absent);
      expect(day.notes).toEqual(absent.length ? [{ kind: 'absence', text: 'Anna' }] : []);
    });

    it('an absence on a day the employee does not work anyway is not listed', () => {
      const benAway = { ...ben, abwesenheiten: [{ start: '2026-11-27', ende: '2026-11-27', bemerkung: 'Arzt' }] };
      expect(availableOn('2026-11-27', settings([benAway]), NO_HOLIDAYS).absent).toEqual([]);
    });

    it('lists every absent employee with the note', () => {
      const both = [away, { ...cem, abwesenheiten: [{ start: '2026-11-25', ende: '2026-11-25', bemerkung: 'Krank' }] }];
      const day = availableOn('2026-11-25', settings(both), NO_HOLIDAYS);
      expect(day.absent).toEqual([
        { employeeId: 'e1', name: 'Anna', bemerkung: 'Urlaub' },
        { employeeId: 'e3', name: 'Cem', bemerkung: 'Krank' },
      ]);
      expect(day.notes).toEqual([{ kind: 'absence', text: 'Anna, Cem' }]);
      expect(day.total).toBe(0);
    });
  });
});

describe('required time: every row of REQUIRED_TIME_ROWS', () => {
  const costList: CostListFields = {
    maw: { intMaw: 120, extMaw: 150, travelFlatRate: 100, versandCost: 100 },
    capacities: CAPACITY_TIME_DEFAULTS,
    vorlagen: [
      {
        _id: 'once',
        name: 'Einmal',
        zeitaufwandAntrieb: 10,
        zeitaufwandProfilbearbeitung: 20,
        zeitaufwandVerglasen: 30,
        zeitaufwandVersand: 40,
        proFluegel: false,
        bemerkung: '',
      },
      {
        _id: 'perWing',
        name: 'Pro Flügel',
        zeitaufwandAntrieb: 11,
        zeitaufwandProfilbearbeitung: 21,
        zeitaufwandVerglasen: 31,
        zeitaufwandVersand: 41,
        proFluegel: true,
        bemerkung: '',
      },
    ],
  };
  /** Nothing counted: no template, no drive, no picking. Fittings still count per wing. */
  const nothing: Production = {
    ...PRODUCTION_DEFAULTS,
    antriebe: 0,
    kommissionierung: false,
  };
  const order = (fertigung: Partial<Production>, tuer: Partial<RequiredInput['tuer']> = {}): RequiredInput => ({
    tuer: { tuertyp: 'schieber', fluegel: 'SL2', ...tuer },
    fertigung: { ...nothing, ...fertigung },
  });

  // [area, item, order, quantity, minutes each]; the door has two wings ('SL2').
  const cases: [string, string, RequiredInput, number, number][] = [
    ['profilbearbeitung', 'vorlage', order({ vorlage: 'once' }), 1, 20],
    ['profilbearbeitung', 'beschlagProfilbearbeitung', order({}), 2, 60],
    ['profilbearbeitung', 'verriegelung', order({ verriegelungen: 3 }), 3, 45],
    ['profilbearbeitung', 'bodenfuehrungZeitaufwand', order({ bodenfuehrung: true }), 2, 15],
    ['profilbearbeitung', 'schutzfluegel', order({ schutzfluegel: 2 }), 2, 60],
    ['profilbearbeitung', 'freitraeger', order({ freitraeger: true }), 1, 120],
    ['profilbearbeitung', 'seitenteil', order({ seitenteile: 2 }), 2, 60],
    ['antrieb', 'vorlage', order({ vorlage: 'once' }), 1, 10],
    ['antrieb', 'antriebstyp', order({ antriebe: 2 }), 2, 150],
    ['antrieb', 'sonderfunktion', order({ sonderfunktionen: 3 }), 3, 30],
    ['verglasen', 'vorlage', order({ vorlage: 'once' }), 1, 30],
    ['verglasen', 'beschlagVerglasen', order({}), 2, 30],
    ['verglasen', 'standardglaeser', order({ standardglaeser: 4 }), 4, 20],
    ['verglasen', 'sonderglaeser', order({ sonderglaeser: 2 }), 2, 45],
    ['versand', 'vorlage', order({ vorlage: 'once' }), 1, 40],
    ['versand', 'beschlagVerpackung', order({}), 2, 20],
    ['versand', 'kommissionierung', order({ kommissionierung: true }), 1, 30],
    ['sonstiges', 'sonstigeMinuten', order({ sonstigeMinuten: 75 }), 1, 75],
  ];

  it('the cases below cover every row of the table', () => {
    const covered = new Set(cases.map(([a, item]) => `${a}:${item}`));
    expect(REQUIRED_TIME_ROWS.map((r) => `${r.area}:${r.item}`).filter((k) => !covered.has(k))).toEqual([]);
  });

  it.each(cases)('%s: %s', (a, item, o, quantity, minutesEach) => {
    const line = requiredTimeOf(o, costList).lines.find((l) => l.area === a && l.item === item);
    expect(line).toEqual({ area: a, item, quantity, minutesEach, minutes: quantity * minutesEach });
  });

  it('a plain two-wing order needs only the fittings', () => {
    expect(requiredTimeOf(order({}), costList).required).toEqual(
      area({ profilbearbeitung: 120, verglasen: 60, versand: 40 }),
    );
  });

  it('sums the lines per area', () => {
    const o = order({ vorlage: 'once', antriebe: 1, sonderfunktionen: 1, kommissionierung: true, sonstigeMinuten: 5 });
    const { required, lines } = requiredTimeOf(o, costList);
    expect(required).toEqual(
      area({ profilbearbeitung: 140, antrieb: 10 + 150 + 30, verglasen: 90, versand: 40 + 40 + 30, sonstiges: 5 }),
    );
    for (const a of Object.keys(required) as (keyof AreaMinutes)[])
      expect(lines.filter((l) => l.area === a).reduce((s, l) => s + l.minutes, 0)).toBe(required[a]);
  });

  it('swing doors take the dreher time', () => {
    const line = requiredTimeOf(order({ antriebe: 1 }, { tuertyp: 'dreher' }), costList).lines.find(
      (l) => l.item === 'antriebstyp',
    );
    expect(line?.minutes).toBe(90);
  });

  it('without a door type there is no drive time', () => {
    const { required, lines } = requiredTimeOf(order({ antriebe: 2 }, { tuertyp: null }), costList);
    expect(required.antrieb).toBe(0);
    expect(lines.some((l) => l.item === 'antriebstyp')).toBe(false);
  });

  it('a template per wing counts once per wing, in every area', () => {
    const { lines } = requiredTimeOf(order({ vorlage: 'perWing' }, { fluegel: 'DFL3' }), costList);
    expect(lines.filter((l) => l.item === 'vorlage').map((l) => [l.area, l.quantity, l.minutes])).toEqual([
      ['profilbearbeitung', 3, 63],
      ['antrieb', 3, 33],
      ['verglasen', 3, 93],
      ['versand', 3, 123],
    ]);
  });

  it.each([
    ['a template no longer in the cost list counts as none', 'gone'],
    ['no template', null],
  ])('%s', (_, vorlage) => {
    expect(requiredTimeOf(order({ vorlage }), costList).lines.some((l) => l.item === 'vorlage')).toBe(false);
  });

  it('lines of zero minutes are left out (a time value of 0 in the cost list)', () => {
    const zero = { ...costList, capacities: { ...CAPACITY_TIME_DEFAULTS, verriegelung: 0 } };
    expect(requiredTimeOf(order({ verriegelungen: 4 }), zero).lines.some((l) => l.item === 'verriegelung')).toBe(false);
  });

  it('rounds each line to whole minutes', () => {
    const odd = { ...costList, capacities: { ...CAPACITY_TIME_DEFAULTS, verriegelung: 12.5 } };
    const line = requiredTimeOf(order({ verriegelungen: 3 }), odd).lines.find((l) => l.item === 'verriegelung');
    expect(line?.minutes).toBe(38);
  });

  it.each([
    ['DFL1', 1],
    ['SL2', 2],
    ['DFL4 ', 4],
    ['', 1],
    ['DFL', 1],
    ['X0', 1],
  ])('wings of %j: %i', (fluegel, wings) => expect(wingsOf({ fluegel })).toBe(wings));
});

describe('utilisation', () => {
  it.each<[number, number, number | null, string]>([
    [0, 1000, 0, 'green'],
    [850, 1000, 85, 'green'],
    [85_040, 100_000, 85, 'green'],
    [851, 1000, 85.1, 'orange'],
    [1000, 1000, 100, 'orange'],
    [1001, 1000, 100.1, 'red'],
    [3000, 1000, 300, 'red'],
    [0, 0, null, 'none'],
    [60, 0, null, 'red'],
  ])('%i of %i minutes: %s %%, %s', (planned, available, percent, colour) => {
    expect(utilisationOf(planned, available)).toBe(percent);
    expect(utilisationColour(planned, available)).toBe(colour);
  });

  it('rounds to one decimal', () => expect(utilisationOf(545, 480)).toBe(113.5));
});

describe('week and month ranges', () => {
  it.each([
    ['Monday', '2026-11-23', '2026-11-23', '2026-11-29'],
    ['Sunday', '2026-11-29', '2026-11-23', '2026-11-29'],
    ['over the year end', '2026-12-31', '2026-12-28', '2027-01-03'],
    ['over the year end, Sunday', '2027-01-03', '2026-12-28', '2027-01-03'],
    ['leap day', '2028-02-29', '2028-02-28', '2028-03-05'],
  ])('week: %s', (_, date, from, to) => expect(weekRangeOf(date)).toEqual({ from, to }));

  it.each([
    ['December', '2026-12-31', '2026-12-01', '2026-12-31'],
    ['February of a leap year', '2028-02-10', '2028-02-01', '2028-02-29'],
    ['February', '2027-02-28', '2027-02-01', '2027-02-28'],
  ])('month: %s', (_, date, from, to) => expect(monthRangeOf(date)).toEqual({ from, to }));

  it('lists every day, both ends included', () => {
    expect(datesBetween('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(datesBetween('2026-10-24', '2026-10-26')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(datesBetween('2026-11-25', '2026-11-25')).toEqual(['2026-11-25']);
    expect(datesBetween('2026-11-26', '2026-11-25')).toEqual([]);
  });

  it('a week has 7 days, a month its length', () => {
    const w = weekRangeOf('2026-03-29');
    expect(datesBetween(w.from, w.to)).toHaveLength(7);
    const m = monthRangeOf('2028-02-01');
    expect(datesBetween(m.from, m.to)).toHaveLength(29);
  });
});
