import { describe, expect, it } from 'vitest';
import { translate } from '../locales/resources';
import { INSTALLATIONS, installationOf } from './checklists';
import {
  holdsOn,
  lastingLongest,
  QUALIFICATION_KINDS,
  QUALIFICATION_NORMS,
  QUALIFICATION_OF_INSTALLATION,
  qualificationLabelKey,
  qualificationState,
  REMINDER_DAYS,
  reminderDue,
  requiredQualification,
  validOn,
} from './qualifications';

describe('qualification kinds', () => {
  it.each(QUALIFICATION_KINDS)('%s has a German and an English label naming its norms', (kind) => {
    for (const lang of ['de', 'en'] as const) {
      const label = translate(lang, qualificationLabelKey(kind));
      expect(label).not.toBe(qualificationLabelKey(kind));
      expect(label).toContain(QUALIFICATION_NORMS[kind]);
    }
  });

  it('names the norms of the issue', () => {
    expect(QUALIFICATION_NORMS).toMatchObject({
      automaticDoor: 'DIN 18650 / ASR A1.7',
      rwa: 'DIN 18232-2',
      holdOpen: 'DIN 14677',
    });
  });
});

describe('the kind a book type proposes, per installation', () => {
  it.each([
    ['sliding', 'automaticDoor'],
    ['swing', 'automaticDoor'],
    ['revolving', 'automaticDoor'],
    ['door', 'automaticDoor'],
    ['rwa', 'rwa'],
    ['holdOpen', 'holdOpen'],
    ['gate', null],
    ['general', null],
  ] as const)('%s → %s', (installation, kind) => {
    expect(QUALIFICATION_OF_INSTALLATION[installation]).toBe(kind);
  });

  it('has a row for every installation', () => {
    expect(Object.keys(QUALIFICATION_OF_INSTALLATION).sort()).toEqual([...INSTALLATIONS].sort());
  });

  it.each([
    ['Automatische Schiebetür', 'DIN 18650 / EN 16005', 'automaticDoor'],
    ['Rauch- und Wärmeabzugsanlage (RWA)', 'DIN 18232-2', 'rwa'],
    ['Feststellanlage an Brandschutztür', 'DIN 14677', 'holdOpen'],
    ['Kraftbetätigtes Tor', 'ASR A1.7', null],
  ] as const)('the book type %s proposes %s', (type, component, kind) => {
    expect(QUALIFICATION_OF_INSTALLATION[installationOf({ type, component })]).toBe(kind);
  });
});

describe('the kind a record needs', () => {
  it.each([
    ['inspection', 'automaticDoor', 'automaticDoor'],
    ['wartung', 'rwa', 'rwa'],
    ['gutachten', 'holdOpen', 'holdOpen'],
    ['self', 'automaticDoor', null],
    ['inspection', null, null],
    ['wartung', undefined, null],
    ['gutachten', null, null],
    ['self', null, null],
  ] as const)('a record of kind %s on a type naming %s needs %s', (kind, typeKind, needed) => {
    expect(requiredQualification(kind, typeKind)).toBe(needed);
  });
});

describe('a qualification on a day', () => {
  const q = { validFrom: '2026-01-01', validUntil: '2026-12-31' };
  it.each([
    ['the day before its first', '2025-12-31', 'notYet', false],
    ['its first day', '2026-01-01', 'valid', true],
    ['61 days before its last', '2026-10-31', 'valid', true],
    ['60 days before its last', '2026-11-01', 'valid', true],
    ['59 days before its last', '2026-11-02', 'expiring', true],
    ['its last day', '2026-12-31', 'expiring', true],
    ['the day after its last', '2027-01-01', 'expired', false],
  ] as const)('%s (%s): %s, valid %s', (_, day, state, valid) => {
    expect(qualificationState(q, day)).toBe(state);
    expect(validOn(q, day)).toBe(valid);
  });

  it.each([
    ['before its first day', '2025-06-30', 'notYet', false],
    ['any day after its first', '2099-01-01', 'valid', true],
  ] as const)('without end, %s: %s', (_, day, state, valid) => {
    const open = { validFrom: '2025-07-01', validUntil: null };
    expect(qualificationState(open, day)).toBe(state);
    expect(validOn(open, day)).toBe(valid);
  });

  it.each([
    ['nothing needed', null, [], true],
    ['the kind, valid that day', 'automaticDoor', [{ kind: 'automaticDoor', ...q }], true],
    ['another kind only', 'automaticDoor', [{ kind: 'rwa', ...q }], false],
    ['the kind, expired that day', 'rwa', [{ kind: 'rwa', validFrom: '2024-01-01', validUntil: '2025-06-30' }], false],
    [
      'an expired and a renewed one',
      'rwa',
      [
        { kind: 'rwa', validFrom: '2024-01-01', validUntil: '2025-06-30' },
        { kind: 'rwa', validFrom: '2025-07-01', validUntil: null },
      ],
      true,
    ],
    ['none at all', 'holdOpen', [], false],
  ] as const)('holds on 2026-03-01 with %s: %s', (_, kind, held, holds) => {
    expect(holdsOn(held, kind, '2026-03-01')).toBe(holds);
  });
});

describe('the reminder due on a day', () => {
  it('reminds 60 and 14 days before', () => {
    expect(REMINDER_DAYS).toEqual([60, 14]);
  });

  it.each([
    ['no end', null, null],
    ['61 days left', '2026-05-01', null],
    ['60 days left', '2026-04-30', 60],
    ['15 days left', '2026-03-16', 60],
    ['14 days left', '2026-03-15', 14],
    ['the last day', '2026-03-01', 14],
    ['expired yesterday', '2026-02-28', null],
  ] as const)('%s (until %s): %s', (_, validUntil, due) => {
    expect(reminderDue(validUntil, '2026-03-01')).toBe(due);
  });
});

describe('the qualification that lasts longest', () => {
  const q = (validFrom: string, validUntil: string | null) => ({ validFrom, validUntil });
  it.each([
    ['none', [], undefined],
    ['one', [q('2024-01-01', '2026-12-31')], '2026-12-31'],
    ['the latest last day', [q('2024-01-01', '2026-12-31'), q('2025-01-01', '2029-06-30')], '2029-06-30'],
    ['without end before any end', [q('2024-01-01', '2099-12-31'), q('2020-01-01', null)], null],
    ['without end, in any order', [q('2020-01-01', null), q('2024-01-01', '2099-12-31')], null],
  ] as const)('%s', (_name, held, until) => {
    const longest = lastingLongest(held);
    expect(longest?.validUntil).toBe(until);
  });

  it('keeps the first of equals', () => {
    const a = { ...q('2024-01-01', '2027-01-01'), id: 'a' };
    const b = { ...q('2025-01-01', '2027-01-01'), id: 'b' };
    expect(lastingLongest([a, b])?.id).toBe('a');
  });
});
