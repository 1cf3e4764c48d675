import { describe, expect, it } from 'vitest';
import { isCurrentEntry, prefixOf } from './use-nav-entries';

describe('which nav entry is marked', () => {
  const offers = { target: '/offerlist', related: [prefixOf('offer')] };
  const books = { target: '/admin/tenant_list', related: [prefixOf('book_list'), prefixOf('tenantStart')] };

  it.each([
    ['/offerlist', offers, true],
    ['/offer', offers, true],
    ['/offer/new', offers, true],
    ['/offer/4a0c2b7e-1d3f-4c55-9a6b-2f8e1c0d9b11', offers, true],
    ['/offerevaluation', offers, false],
    ['/book/t1/b1', books, true],
    ['/map/t1', books, true],
    ['/bookx', books, false],
  ] as const)('%s', (current, entry, marked) => {
    expect(isCurrentEntry(current, entry.target, entry.related)).toBe(marked);
  });

  it('ends every prefix with a slash', () => {
    expect(prefixOf('offer')).toBe('/offer/');
    expect(prefixOf('book_list')).toBe('/book/');
  });
});
