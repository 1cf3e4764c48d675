import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-week';
import { OFFLINE_DAY, OFFLINE_DAY_RULES, type OfflineCandidate, offlineOutcome, pickOfflineBooks } from './offline-day';

const TODAY = '2026-11-29';
const booking = (bookId: string, enableFrom: string | null, enableTo: string | null = null): OfflineCandidate => ({
  bookId,
  source: 'booking',
  retired: false,
  enableFrom,
  enableTo,
});

describe('the prepared day (decision 061): one case per row', () => {
  const cases: [string, OfflineCandidate, ReturnType<typeof offlineOutcome>][] = [
    ['retired', { ...booking('a', null), source: 'draft', retired: true }, { leave: 'retired' }],
    ['draft', { ...booking('a', '2027-05-01', '2027-06-01'), source: 'draft' }, { take: 'draft' }],
    ['chosen', { ...booking('a', '2026-01-01', '2026-02-01'), source: 'chosen' }, { take: 'chosen' }],
    ['past', booking('a', '2026-11-01', '2026-11-28'), { leave: 'past' }],
    ['today', booking('a', '2026-11-29', '2026-11-29'), { take: 'today' }],
    ['soon', booking('a', addDays(TODAY, OFFLINE_DAY.daysAhead)), { take: 'soon' }],
    ['later', booking('a', addDays(TODAY, OFFLINE_DAY.daysAhead + 1)), { leave: 'later' }],
  ];

  it('has a case for every row', () => {
    expect(cases).toHaveLength(OFFLINE_DAY_RULES.length);
  });

  it.each(cases)('%s', (_name, candidate, outcome) => {
    expect(offlineOutcome(candidate, TODAY)).toEqual(outcome);
  });

  it('takes a booking without a window as today', () => {
    expect(offlineOutcome(booking('a', null, null), TODAY)).toEqual({ take: 'today' });
  });
});

describe('pickOfflineBooks', () => {
  it('lists a book once, under its best reason, drafts first, then today, then the next days by date', () => {
    const pick = pickOfflineBooks(
      [
        booking('soon2', '2026-12-03'),
        booking('soon1', '2026-12-01'),
        booking('today', null),
        { ...booking('twice', '2026-12-02'), source: 'booking' },
        { ...booking('twice', '2026-12-02'), source: 'draft' },
        booking('old', '2026-10-01', '2026-10-31'),
      ],
      TODAY,
    );
    expect(pick).toEqual({
      books: [
        { bookId: 'twice', reason: 'draft' },
        { bookId: 'today', reason: 'today' },
        { bookId: 'soon1', reason: 'soon' },
        { bookId: 'soon2', reason: 'soon' },
      ],
      overCap: 0,
    });
  });

  it(`caps the day at ${OFFLINE_DAY.maxBooks} books and says how many were left out`, () => {
    const many = Array.from({ length: OFFLINE_DAY.maxBooks + 7 }, (_, i) =>
      booking(`b${String(i).padStart(3, '0')}`, null),
    );
    const pick = pickOfflineBooks(many, TODAY);
    expect(pick.books).toHaveLength(OFFLINE_DAY.maxBooks);
    expect(pick.overCap).toBe(7);
    expect(pick.books[0]?.bookId).toBe('b000');
  });

  it("takes a chosen folder's books after the drafts, in the order given (by title), a retired one left out", () => {
    const chosen = (bookId: string, retired = false): OfflineCandidate => ({
      ...booking(bookId, null),
      source: 'chosen',
      retired,
    });
    const pick = pickOfflineBooks(
      [
        chosen('z-Aufzug'),
        chosen('a-Tor', true),
        chosen('m-Drehtür'),
        { ...chosen('m-Drehtür'), source: 'draft' },
        chosen('b-Schiebetür'),
      ],
      TODAY,
    );
    expect(pick.books).toEqual([
      { bookId: 'm-Drehtür', reason: 'draft' },
      { bookId: 'z-Aufzug', reason: 'chosen' },
      { bookId: 'b-Schiebetür', reason: 'chosen' },
    ]);
  });
});
