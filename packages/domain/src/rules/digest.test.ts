import { describe, expect, it } from 'vitest';
import { digestDue, isDormantBook, turnedWorse } from './digest';

describe('turnedWorse', () => {
  it.each<[string | null, string | null, boolean]>([
    ['green', 'orange', true],
    ['green', 'red', true],
    ['orange', 'red', true],
    ['red', 'black', true],
    [null, 'orange', true],
    [null, 'black', true],
    ['orange', 'orange', false],
    ['red', 'red', false],
    ['red', 'orange', false],
    ['black', 'red', false],
    ['orange', 'green', false],
    [null, 'green', false],
    ['green', null, false],
    ['green', 'green', false],
    ['unknown', 'red', true],
  ])('%s → %s: %s', (before, now, listed) => {
    expect(turnedWorse(before, now)).toBe(listed);
  });
});

describe('digestDue', () => {
  const now = new Date('2026-11-25T06:00:00Z');
  it.each<[Date | null, boolean]>([
    [null, true],
    [new Date('2026-11-18T06:00:00Z'), true],
    [new Date('2026-11-18T06:00:30Z'), true],
    [new Date('2026-11-19T06:00:00Z'), false],
    [new Date('2026-11-25T05:00:00Z'), false],
  ])('last run %s → %s', (last, due) => {
    expect(digestDue(last, now)).toBe(due);
  });
});

describe('isDormantBook', () => {
  it.each<[string, { ruhend: boolean }[], boolean]>([
    ['on one dormant branch', [{ ruhend: true }], true],
    ['on two dormant branches', [{ ruhend: true }, { ruhend: true }], true],
    ['on a dormant and an open branch', [{ ruhend: true }, { ruhend: false }], false],
    ['on an open branch', [{ ruhend: false }], false],
    ['on no branch', [], false],
  ])('%s: %s', (_, branches, dormant) => {
    expect(isDormantBook(branches)).toBe(dormant);
  });
});
