import { describe, expect, it } from 'vitest';
import {
  canonical,
  FIELD_MERGE_RULES,
  fieldMerge,
  MERGED_RECORD_FIELDS,
  mergeRecord,
  resolveMerge,
  retryDelayMs,
  SYNC_OUTCOME_RULES,
  SYNC_RETRY,
  syncOutcome,
} from './offline-sync';

describe('what a reply means for a waiting change (SYNC_OUTCOME_RULES)', () => {
  it.each([
    [200, '', 'done'],
    [201, '', 'done'],
    [0, 'NETWORK', 'retry'],
    [408, '', 'retry'],
    [429, 'RATE_LIMITED', 'retry'],
    [500, 'INTERNAL', 'retry'],
    [503, '', 'retry'],
    [401, 'UNAUTHENTICATED', 'signIn'],
    [409, 'CONFLICT', 'conflict'],
    [409, 'LOCATION_KEY_TAKEN', 'refused'],
    [400, 'VALIDATION', 'refused'],
    [403, 'FORBIDDEN', 'refused'],
    [404, 'NOT_FOUND', 'refused'],
    [422, 'IDEMPOTENCY_KEY_REUSED', 'refused'],
  ] as const)('%i %s → %s', (status, code, outcome) => {
    expect(syncOutcome(status, code)).toBe(outcome);
  });

  it('every row decides some reply, and the last row catches every other', () => {
    expect(SYNC_OUTCOME_RULES).toHaveLength(6);
    expect(syncOutcome(418, 'TEAPOT')).toBe('refused');
  });
});

describe('the back-off', () => {
  it('starts at 5 s, doubles, and stops growing at 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000,
    ]);
    expect(retryDelayMs(0)).toBe(SYNC_RETRY.firstMs);
  });
});

describe('merging a record changed on both sides (FIELD_MERGE_RULES)', () => {
  it.each([
    ['the same on both sides', 'a', 'b', 'b', 'same'],
    ['only mine changed', 'a', 'b', 'a', 'mine'],
    ['only theirs changed', 'a', 'a', 'c', 'theirs'],
    ['both changed differently', 'a', 'b', 'c', 'conflict'],
    ['neither changed', 'a', 'a', 'a', 'same'],
  ] as const)('%s → %s', (_says, base, mine, theirs, merge) => {
    expect(fieldMerge(base, mine, theirs)).toBe(merge);
  });

  it('has one row per case', () => {
    expect(FIELD_MERGE_RULES.map((r) => r.merge)).toEqual(['same', 'mine', 'theirs', 'conflict']);
  });

  it('compares objects whatever the order of their keys', () => {
    expect(canonical({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(canonical({ a: [{ x: 1, y: 2 }], b: 1 }));
    expect(fieldMerge({ name: 'A', image: 'x' }, { image: 'x', name: 'A' }, { name: 'B', image: 'x' })).toBe('theirs');
    expect(fieldMerge(null, undefined, null)).toBe('same');
  });

  it('takes what one side changed, and names what both changed', () => {
    const base = { when: '2026-11-30', who: 'Jan Becker', text: '', checklist: [{ item: 'a', result: null }] };
    const mine = { ...base, checklist: [{ item: 'a', result: 'ok' }], text: 'Antrieb geprüft' };
    const theirs = { ...base, who: 'J. Becker', text: 'Termin verschoben' };
    const merge = mergeRecord(base, mine, theirs);
    expect(merge.conflicts).toEqual(['text']);
    expect(merge.taken).toEqual(['who']);
    expect(merge.merged.checklist).toEqual([{ item: 'a', result: 'ok' }]);
    expect(merge.merged.who).toBe('J. Becker');
    // Until chosen, a conflicting field holds the technician's value.
    expect(merge.merged.text).toBe('Antrieb geprüft');
    expect(resolveMerge(merge, theirs, { text: 'theirs' }).text).toBe('Termin verschoben');
    expect(resolveMerge(merge, theirs, { text: 'mine' }).text).toBe('Antrieb geprüft');
    expect(() => resolveMerge(merge, theirs, {})).toThrow(/text/);
  });

  it('loses no field: every merged field is mine, theirs, or chosen', () => {
    const base = Object.fromEntries(MERGED_RECORD_FIELDS.map((f) => [f, `${f}-base`]));
    const mine = Object.fromEntries(MERGED_RECORD_FIELDS.map((f, i) => [f, i % 3 === 0 ? `${f}-mine` : `${f}-base`]));
    const theirs = Object.fromEntries(
      MERGED_RECORD_FIELDS.map((f, i) => [f, i % 2 === 0 ? `${f}-theirs` : `${f}-base`]),
    );
    const merge = mergeRecord(base, mine, theirs);
    for (const [i, f] of MERGED_RECORD_FIELDS.entries()) {
      const expected = i % 6 === 0 ? 'conflict' : i % 3 === 0 ? 'mine' : i % 2 === 0 ? 'theirs' : 'same';
      expect(fieldMerge(base[f], mine[f], theirs[f]), f).toBe(expected);
      if (expected === 'conflict') expect(merge.conflicts).toContain(f);
      else expect(merge.merged[f]).toBe(expected === 'theirs' ? theirs[f] : mine[f]);
    }
  });

  it("is not fooled by what the server adds: a defect's id, a signature's time", () => {
    const mine = [{ text: 'Sensor verschmutzt', severity: 'safe' }];
    const theirs = [{ _id: 'd1', text: 'Sensor verschmutzt', severity: 'safe' }];
    expect(fieldMerge([], mine, theirs, 'defects')).toBe('same');
    expect(fieldMerge([], mine, [{ _id: 'd1', text: 'anders', severity: 'safe' }], 'defects')).toBe('conflict');
    const signed = { name: 'Jan Becker', image: 'data:image/png;base64,AA' };
    expect(fieldMerge(null, signed, { ...signed, signedAt: '2026-11-29T08:00:00Z' }, 'inspectorSignature')).toBe(
      'same',
    );
    expect(mergeRecord({ defects: [] }, { defects: mine }, { defects: theirs }).conflicts).toEqual([]);
  });
});
