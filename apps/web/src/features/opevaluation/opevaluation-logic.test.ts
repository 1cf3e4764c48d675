/** The pure parts of the operations evaluation screen: when it is empty, the minutes' deviation. */
import type { OpEvaluationRow } from '@pruefbuch/domain/schemas/op-evaluation';
import { describe, expect, it } from 'vitest';
import { isEmpty, minutesDiff } from './opevaluation-state';

const row = (over: Partial<OpEvaluationRow> = {}): OpEvaluationRow => ({
  month: 'total',
  label: 'Gesamt',
  received: 0,
  installed: 0,
  accepted: 0,
  billed: 0,
  betragSum: 0,
  vergabepreisSum: 0,
  calculatedMin: 0,
  bookedMin: 0,
  minutesCnt: 0,
  late: 0,
  installedNotBilled: 0,
  ...over,
});

describe('isEmpty', () => {
  it('is empty when no order was received, installed, accepted, billed or late', () => {
    expect(isEmpty({ total: row() })).toBe(true);
  });
  it.each(['received', 'installed', 'accepted', 'billed', 'late'] as const)('is not empty with one %s', (k) => {
    expect(isEmpty({ total: row({ [k]: 1 }) })).toBe(false);
  });
});

describe('minutesDiff', () => {
  it('is booked minus calculated', () => {
    expect(minutesDiff(row({ minutesCnt: 2, calculatedMin: 660, bookedMin: 810 }))).toBe(150);
    expect(minutesDiff(row({ minutesCnt: 1, calculatedMin: 300, bookedMin: 240 }))).toBe(-60);
  });
  it('is null without orders with minutes (not a saving of 0)', () => {
    expect(minutesDiff(row({ minutesCnt: 0 }))).toBeNull();
  });
});
