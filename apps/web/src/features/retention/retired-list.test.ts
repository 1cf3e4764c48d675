import type { RetiredBook } from '@pruefbuch/domain/schemas/retention';
import { describe, expect, it } from 'vitest';
import { pageOf, searchRetired } from './retired-list';

const book = (title: string, customer: string, glasbocknr = ''): RetiredBook => ({
  _id: title,
  title,
  customer,
  site: 'EG',
  glasbocknr,
  retiredAt: '2025-09-12T08:00:00.000Z',
  keptUntil: '2035-09-12',
  finalizedRecords: 2,
  hold: null,
});

describe('the retired books searched and paged in the browser', () => {
  const books = [
    book('Kaufhof Zeil – Personaleingang', 'Kaufhof Zeil', 'GB-2014-0071'),
    book('Städel Museum – Gartenhallen', 'Städel Museum'),
    book('Kurhaus Wiesbaden – Foyer', 'Kurhaus Wiesbaden'),
  ];

  it('finds every word in title, customer, site or serial number, without case', () => {
    expect(searchRetired(books, '').map((b) => b._id)).toHaveLength(3);
    expect(searchRetired(books, 'städel').map((b) => b.customer)).toEqual(['Städel Museum']);
    expect(searchRetired(books, 'gb-2014').map((b) => b.customer)).toEqual(['Kaufhof Zeil']);
    expect(searchRetired(books, 'kurhaus foyer')).toHaveLength(1);
    expect(searchRetired(books, 'kurhaus zeil')).toEqual([]);
  });

  it('pages as the server would: the rows of the page, the total and the pages; a page past the end shows the last', () => {
    const rows = Array.from({ length: 25 }, (_, i) => i);
    expect(pageOf(rows, 1, 10)).toEqual({ docs: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], total: 25, pages: 3 });
    expect(pageOf(rows, 3, 10).docs).toEqual([20, 21, 22, 23, 24]);
    expect(pageOf(rows, 9, 10).docs).toEqual([20, 21, 22, 23, 24]);
    expect(pageOf([], 1, 10)).toEqual({ docs: [], total: 0, pages: 1 });
  });
});
