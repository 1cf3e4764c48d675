import { describe, expect, it } from 'vitest';
import { type FeedBook, type FeedEntry, feedEntry, feedHorizon } from './calendar-feed';

const today = '2026-11-28';
const book = (over: Partial<FeedBook>): FeedBook => ({
  due: '2026-12-08',
  dormant: false,
  visibleFrom: null,
  visibleTo: null,
  ...over,
});

describe('feedEntry: one row of the rule table each', () => {
  it.each<[string, FeedBook, boolean, FeedEntry]>([
    // Which books are dormant: isDormantBook's rows in digest.test.ts.
    ['dormant', book({ dormant: true }), false, { kind: 'left-out', reason: 'dormant' }],
    [
      'dormant and overdue: still left out',
      book({ dormant: true, due: '2026-10-19' }),
      true,
      { kind: 'left-out', reason: 'dormant' },
    ],
    [
      'branch user, window not yet open',
      book({ visibleFrom: '2026-11-29' }),
      true,
      { kind: 'left-out', reason: 'invisible' },
    ],
    ['branch user, window closed', book({ visibleTo: '2026-11-27' }), true, { kind: 'left-out', reason: 'invisible' }],
    [
      'branch user, inside the window',
      book({ visibleFrom: today, visibleTo: today }),
      true,
      { kind: 'due', day: '2026-12-08' },
    ],
    ['staff: the window does not limit', book({ visibleTo: '2026-11-27' }), false, { kind: 'due', day: '2026-12-08' }],
    ['no due date', book({ due: null }), false, { kind: 'left-out', reason: 'undated' }],
    [
      '40 days overdue: all-day event today',
      book({ due: '2026-10-19' }),
      true,
      { kind: 'overdue', day: today, due: '2026-10-19' },
    ],
    [
      'a year overdue: still today',
      book({ due: '2025-11-28' }),
      false,
      { kind: 'overdue', day: today, due: '2025-11-28' },
    ],
    ['due yesterday: overdue', book({ due: '2026-11-27' }), false, { kind: 'overdue', day: today, due: '2026-11-27' }],
    ['due today: on its day, not overdue', book({ due: today }), false, { kind: 'due', day: today }],
    ['due in 10 days: on its date', book({ due: '2026-12-08' }), true, { kind: 'due', day: '2026-12-08' }],
    [
      'due on the horizon: still in',
      book({ due: feedHorizon(today) }),
      false,
      { kind: 'due', day: feedHorizon(today) },
    ],
    ['due beyond the horizon', book({ due: '2028-01-10' }), false, { kind: 'left-out', reason: 'far' }],
  ])('%s', (_, b, branchUser, expected) => {
    expect(feedEntry(b, today, branchUser)).toEqual(expected);
  });

  it('reaches 400 days ahead', () => {
    expect(feedHorizon('2026-11-28')).toBe('2028-01-02');
  });
});
