import { describe, expect, it } from 'vitest';
import { addChildEntry, type ChildEntry, newChildEntry, nextPositionsNummer, removeChildEntry } from './child-entries';

const entry = (positionsNummer: number, extra: Partial<ChildEntry> = {}): ChildEntry => ({
  firstName: `Kind ${positionsNummer}`,
  lastName: 'Muster',
  dob: '2015-01-01',
  positionsNummer,
  properties: {},
  ...extra,
});

describe('nextPositionsNummer', () => {
  it.each([
    { name: 'empty list starts at 1', entries: [], expected: 1 },
    { name: 'one above the highest', entries: [entry(1), entry(4), entry(2)], expected: 5 },
    { name: 'at least 1 when numbers are zero or negative', entries: [entry(0), entry(-3)], expected: 1 },
    { name: 'ignores entries without a number', entries: [entry(Number.NaN), entry(2)], expected: 3 },
  ])('$name', ({ entries, expected }) => {
    expect(nextPositionsNummer(entries)).toBe(expected);
  });
});

describe('addChildEntry', () => {
  const today = new Date(2025, 4, 17, 12);

  it('copies the account last name, dates the birth ten years back and numbers it max+1', () => {
    const result = addChildEntry([entry(3, { _id: 'a' })], 'Schmidt', today);
    expect(result).toHaveLength(2);
    expect(result[1]).toEqual({
      firstName: '',
      lastName: 'Schmidt',
      dob: '2015-05-17',
      positionsNummer: 4,
      properties: {},
    });
  });

  it('does not change the list it was given', () => {
    const entries = [entry(1)];
    addChildEntry(entries, 'Schmidt', today);
    expect(entries).toHaveLength(1);
  });

  it('gives the first entry position 1', () => {
    expect(newChildEntry([], 'Meier', today).positionsNummer).toBe(1);
  });
});

describe('removeChildEntry', () => {
  const saved = [entry(1, { _id: 'id-1' }), entry(2, { _id: 'id-2' })];

  it('removes by _id when the entry has one', () => {
    // Same position number as the first one: only the _id may decide.
    const list = [...saved, entry(1)];
    expect(removeChildEntry(list, { _id: 'id-1', positionsNummer: 1 })).toEqual([saved[1], entry(1)]);
  });

  it('removes by position number when the entry has no _id', () => {
    const list = [...saved, entry(3)];
    expect(removeChildEntry(list, { positionsNummer: 3 })).toEqual(saved);
  });

  it('leaves the list alone when nothing matches', () => {
    expect(removeChildEntry(saved, { _id: 'unknown', positionsNummer: 1 })).toEqual(saved);
  });
});
