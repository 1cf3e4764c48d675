import { describe, expect, it } from 'vitest';
import {
  BOOK_PURGE_RULES,
  type BookPurgeCase,
  bookPurgeVerdict,
  customerHeld,
  customerKey,
  DELETE_RULES,
  deleteOutcome,
  OFFER_FILES_RULES,
  type OfferFilesCase,
  offerFilesVerdict,
  RETENTION_YEARS,
  retentionEnd,
} from './retention';

describe('what a delete of a book does (DELETE_RULES)', () => {
  it.each([
    [0, 'held without finalized records', { finalizedRecords: 0, held: true }, 'retire'],
    [0, 'held with finalized records', { finalizedRecords: 3, held: true }, 'retire'],
    [1, 'finalized records', { finalizedRecords: 1, held: false }, 'retire'],
    [2, 'records never finalized (drafts only, or none)', { finalizedRecords: 0, held: false }, 'delete'],
  ] as const)('row %i: %s → %s', (row, _, c, outcome) => {
    expect(DELETE_RULES.findIndex((r) => r.when(c))).toBe(row);
    expect(deleteOutcome(c)).toBe(outcome);
  });

  it('has a case above for every row', () => {
    expect(DELETE_RULES).toHaveLength(3);
  });
});

describe('when a retired book is purged (BOOK_PURGE_RULES)', () => {
  const base: BookPurgeCase = {
    retiredOn: '2016-03-10',
    retentionYears: 10,
    today: '2026-03-11',
    bookHeld: false,
    customerHeld: false,
  };
  it.each([
    [0, 'a book in service, however old', { retiredOn: null }, 'inService'],
    [1, 'retention passed, the book held', { bookHeld: true }, 'held'],
    [1, 'retention running, the book held', { bookHeld: true, today: '2020-01-01' }, 'held'],
    [2, "retention passed, the book's customer held", { customerHeld: true }, 'held'],
    [3, 'the last day of the retention', { today: '2026-03-10' }, 'kept'],
    [3, 'a year after retirement', { today: '2017-03-10' }, 'kept'],
    [3, 'a shorter retention not yet passed', { retentionYears: 2, today: '2018-03-10' }, 'kept'],
    [4, 'the day after the retention', {}, 'purge'],
    [4, 'a shorter retention passed', { retentionYears: 2, today: '2018-03-11' }, 'purge'],
  ] as const)('row %i: %s → %s', (row, _, over, verdict) => {
    const c = { ...base, ...over };
    expect(BOOK_PURGE_RULES.findIndex((r) => r.when(c))).toBe(row);
    expect(bookPurgeVerdict(c)).toBe(verdict);
  });

  it('has a case above for every row', () => {
    expect(BOOK_PURGE_RULES).toHaveLength(5);
  });

  it.each([
    ['2016-03-10', 10, '2026-03-10'],
    ['2024-02-29', 1, '2025-02-28'],
    ['2024-02-29', 4, '2028-02-29'],
    ['2025-12-31', 10, '2035-12-31'],
  ] as const)('a book retired on %s with %i years is kept to %s', (retiredOn, years, end) => {
    expect(retentionEnd(retiredOn, years)).toBe(end);
  });

  it('defaults to 10 years, between 1 and 30', () => {
    expect(RETENTION_YEARS).toEqual({ min: 1, max: 30, default: 10 });
  });
});

describe("when an offer's attachments are removed (OFFER_FILES_RULES)", () => {
  const base: OfferFilesCase = { deleteFilesDate: '2026-05-01', today: '2026-05-02', held: false };
  it.each([
    [0, 'no deletion date', { deleteFilesDate: null }, 'noDate'],
    [0, 'no deletion date, held', { deleteFilesDate: null, held: true }, 'noDate'],
    [1, 'the deletion date is today', { today: '2026-05-01' }, 'notYet'],
    [1, 'the deletion date is ahead', { today: '2026-04-01' }, 'notYet'],
    [2, 'the date passed, a hold names the offer', { held: true }, 'held'],
    [3, 'the date passed, no hold', {}, 'purge'],
  ] as const)('row %i: %s → %s', (row, _, over, verdict) => {
    const c = { ...base, ...over };
    expect(OFFER_FILES_RULES.findIndex((r) => r.when(c))).toBe(row);
    expect(offerFilesVerdict(c)).toBe(verdict);
  });

  it('has a case above for every row', () => {
    expect(OFFER_FILES_RULES).toHaveLength(4);
  });
});

describe('which customer a hold names', () => {
  it.each([
    ['Städel Museum', ['städel museum'], true],
    ['  STÄDEL Museum ', ['städel museum'], true],
    ['Städel', ['städel museum'], false],
    ['', [''], false],
    [null, ['städel museum'], false],
  ] as const)('%j under holds %j → %s', (name, keys, held) => {
    expect(customerHeld(name, new Set(keys))).toBe(held);
  });

  it('keys are trimmed and lower case', () => {
    expect(customerKey(' Kurhaus Wiesbaden ')).toBe('kurhaus wiesbaden');
  });
});
