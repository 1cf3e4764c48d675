import { describe, expect, it } from 'vitest';
import {
  ampelFor,
  berlinToday,
  berlinWallClock,
  bookSchedule,
  calculateNextDate,
  type DatedRecord,
  daysBetween,
  effectiveInterval,
  lastInspectionDate,
  lastSelfInspectionBase,
} from './next-inspection';
import { SERVICE_INTERVALS } from './service-intervals';

const rec = (kind: DatedRecord['kind'], when: string, extra: Partial<DatedRecord> = {}): DatedRecord => ({
  kind,
  when,
  isAbnahmeGutachten: false,
  finalized: true,
  ...extra,
});

const noFallback = { firstservice: null, completedOn: null };

describe('last inspection date (SPEC §4)', () => {
  it.each<[string, DatedRecord[], string | null]>([
    ['no records', [], null],
    ['one inspection', [rec('inspection', '2026-03-01')], '2026-03-01'],
    [
      'the latest of several, in any order',
      [rec('inspection', '2026-03-01'), rec('wartung', '2026-05-02'), rec('gutachten', '2025-12-31')],
      '2026-05-02',
    ],
    ['only acceptance reports', [rec('gutachten', '2026-01-10', { isAbnahmeGutachten: true })], null],
    [
      'an acceptance report after an inspection does not count',
      [rec('inspection', '2026-01-01'), rec('gutachten', '2026-06-01', { isAbnahmeGutachten: true })],
      '2026-01-01',
    ],
    [
      'drafts do not count',
      [rec('inspection', '2026-01-01'), rec('inspection', '2026-09-01', { finalized: false })],
      '2026-01-01',
    ],
    ['self-inspections do not count', [rec('inspection', '2026-01-01'), rec('self', '2026-09-01')], '2026-01-01'],
  ])('%s', (_, records, expected) => {
    expect(lastInspectionDate(records)).toBe(expected);
  });
});

describe('self-inspection base: the later of the last self-inspection and the last inspection', () => {
  it.each<[string, DatedRecord[], string | null]>([
    ['none', [], null],
    ['only a self-inspection', [rec('self', '2026-04-04')], '2026-04-04'],
    ['only an inspection', [rec('inspection', '2026-04-04')], '2026-04-04'],
    ['self later than inspection', [rec('inspection', '2026-01-01'), rec('self', '2026-04-04')], '2026-04-04'],
    ['inspection later than self', [rec('inspection', '2026-05-01'), rec('self', '2026-04-04')], '2026-05-01'],
    ['self draft ignored', [rec('self', '2026-04-04'), rec('self', '2026-06-04', { finalized: false })], '2026-04-04'],
    [
      'acceptance report ignored',
      [rec('self', '2026-04-04'), rec('gutachten', '2026-06-04', { isAbnahmeGutachten: true })],
      '2026-04-04',
    ],
  ])('%s', (_, records, expected) => {
    expect(lastSelfInspectionBase(records)).toBe(expected);
  });
});

describe('next date for every interval', () => {
  const expected: Record<string, string | null> = {
    DAILY: '2026-03-16',
    WEEKLY: '2026-03-22',
    MONTHLY: '2026-04-15',
    QUARTERLY: '2026-06-15',
    HALF_YEARLY: '2026-09-15',
    YEARLY: '2027-03-15',
    NONE: null,
  };
  it.each(SERVICE_INTERVALS.map((i) => [i.name, i.value] as const))('%s', (name, value) => {
    expect(calculateNextDate('2026-03-15', value)).toBe(expected[name]);
  });
});

describe('month ends and leap years', () => {
  it.each<[string, number, string]>([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2027-02-28', 12, '2028-02-28'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2027-11-30', 3, '2028-02-29'],
    ['2026-05-31', 1, '2026-06-30'],
    ['2026-12-31', 1, '2027-01-31'],
    ['2028-02-28', -1, '2028-02-29'],
    ['2028-02-29', -1, '2028-03-01'],
    ['2026-12-28', -7, '2027-01-04'],
  ])('%s + %i → %s', (base, interval, next) => {
    expect(calculateNextDate(base, interval)).toBe(next);
  });
});

describe('without any inspection', () => {
  it('is due on the first service date', () => {
    expect(calculateNextDate(null, 12, { firstservice: '2026-07-01', completedOn: '2026-01-01' })).toBe('2026-07-01');
  });
  it('else one interval after completion', () => {
    expect(calculateNextDate(null, 12, { firstservice: null, completedOn: '2026-01-20' })).toBe('2027-01-20');
  });
  it('else has no date', () => {
    expect(calculateNextDate(null, 12, noFallback)).toBeNull();
  });
  it('has no date when the interval is none, whatever else is known', () => {
    expect(calculateNextDate('2026-01-01', 0, { firstservice: '2026-07-01', completedOn: '2026-01-01' })).toBeNull();
  });
});

describe('interval of the book, else of its type', () => {
  it.each<[number, number | null, number]>([
    [12, 6, 12],
    [0, 6, 6],
    [0, null, 0],
    [-7, 12, -7],
  ])('book %i, type %s → %i', (book, type, expected) => {
    expect(effectiveInterval(book, type)).toBe(expected);
  });
});

describe('ampel', () => {
  const today = '2026-11-22';
  it.each<[string, string | null, boolean, string | null]>([
    ['no date', null, false, null],
    ['due in 31 days', '2026-12-23', false, 'green'],
    ['due in a year', '2027-11-22', false, 'green'],
    ['due in 30 days', '2026-12-22', false, 'orange'],
    ['due today', '2026-11-22', false, 'orange'],
    ['overdue by one day', '2026-11-21', false, 'red'],
    ['overdue by 90 days', '2026-08-24', false, 'red'],
    ['overdue by 91 days', '2026-08-23', false, 'black'],
    ['shut-down defect, date far ahead', '2027-11-22', true, 'black'],
    ['shut-down defect without a date', null, true, 'black'],
  ])('%s', (_, next, shutDown, expected) => {
    expect(ampelFor(next, today, undefined, shutDown)).toBe(expected);
  });

  it('follows the tenant thresholds', () => {
    const t = { orangeDays: 60, blackDays: 10 };
    expect(ampelFor('2027-01-15', today, t)).toBe('orange');
    expect(ampelFor('2027-01-22', today, t)).toBe('green');
    expect(ampelFor('2026-11-12', today, t)).toBe('red');
    expect(ampelFor('2026-11-11', today, t)).toBe('black');
  });

  it('counts whole days across the change to winter time', () => {
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });
});

describe('book schedule', () => {
  const book = { serviceinterval: 0, selfserviceinterval: 0, firstservice: null, completedOn: null };
  const type = { serviceinterval: 12, selfserviceinterval: 1 };

  it('uses the type intervals and both bases', () => {
    const s = bookSchedule(book, type, [rec('inspection', '2026-01-10'), rec('self', '2026-11-01')], '2026-11-22');
    expect(s).toEqual({
      nextInspectionDate: '2027-01-10',
      inspectionAmpel: 'green',
      nextInspectionDateSelf: '2026-12-01',
      inspectionSelfAmpel: 'orange',
    });
  });

  it('with only an acceptance report stays without a date', () => {
    const s = bookSchedule(book, type, [rec('gutachten', '2026-01-10', { isAbnahmeGutachten: true })], '2026-11-22');
    expect(s.nextInspectionDate).toBeNull();
    expect(s.inspectionAmpel).toBeNull();
  });

  it('turns the inspection ampel black on a shut-down defect, not the self-inspection ampel', () => {
    const s = bookSchedule(
      book,
      type,
      [rec('inspection', '2026-11-01'), rec('self', '2026-11-20')],
      '2026-11-22',
      undefined,
      true,
    );
    expect(s.inspectionAmpel).toBe('black');
    expect(s.inspectionSelfAmpel).toBe('orange');
  });

  it('the book interval wins over the type', () => {
    const s = bookSchedule({ ...book, serviceinterval: 6 }, type, [rec('wartung', '2026-05-10')], '2026-11-22');
    expect(s.nextInspectionDate).toBe('2026-11-10');
    expect(s.inspectionAmpel).toBe('red');
  });
});

describe('business day', () => {
  it('is the date in Berlin, not in UTC', () => {
    expect(berlinToday(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(berlinToday(new Date('2026-07-21T22:30:00Z'))).toBe('2026-07-22');
    expect(berlinToday(new Date('2026-07-21T21:30:00Z'))).toBe('2026-07-21');
  });

  it.each([
    ['2026-11-21T23:30:00Z', '2026-11-22T00:30'],
    ['2026-07-21T22:05:00Z', '2026-07-22T00:05'],
    ['2026-07-21T11:59:59Z', '2026-07-21T13:59'],
  ])('an instant %s is %s on the wall clock in Berlin', (at, wall) => {
    expect(berlinWallClock(new Date(at))).toBe(wall);
  });
});
