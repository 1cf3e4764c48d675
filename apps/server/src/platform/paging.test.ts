import { describe, expect, it } from 'vitest';
import { containsPattern, offsetOf, pageReply } from './paging';

describe('paging', () => {
  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [101, 25, 5],
  ])('%i rows in pages of %i make %i page(s)', (total, size, pages) => {
    expect(pageReply([], total, { page: 1, size }).pages).toBe(pages);
  });

  it('skips the rows of the pages before', () => {
    expect(offsetOf({ page: 1, size: 20 })).toBe(0);
    expect(offsetOf({ page: 3, size: 20 })).toBe(40);
  });

  it('keeps the reply fields of SPEC §9', () => {
    expect(pageReply(['a'], 1, { page: 2, size: 5 })).toEqual({ docs: ['a'], total: 1, page: 2, size: 5, pages: 1 });
  });

  it('takes %, _ and \\ in a search term literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
