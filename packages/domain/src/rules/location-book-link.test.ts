import { describe, expect, it } from 'vitest';
import { type BookLinkVerdict, bookLinkVerdict, customerKey } from './location-book-link';

const FM = 'FrischeMarkt GmbH & Co. KG';

describe('bookLinkVerdict (decision 038)', () => {
  it.each<[string, string, string[], boolean, BookLinkVerdict]>([
    ['a book of the customer', FM, [FM], false, 'link'],
    ['the same name written otherwise', '  frischemarkt  GmbH &  Co. KG ', [FM], false, 'link'],
    ['another customer', 'Städel Museum', [FM], false, 'refuse'],
    ['another customer, even confirmed', 'Städel Museum', [FM, ''], true, 'refuse'],
    ['no customer, unconfirmed', '', [FM], false, 'confirm-no-customer'],
    ['no customer (spaces only), unconfirmed', '   ', [FM], false, 'confirm-no-customer'],
    ['no customer, confirmed', '', [FM], true, 'link'],
    ['the first named book of the customer, unconfirmed', 'Städel Museum', [], false, 'confirm-first-book'],
    ['the first named book when only unnamed ones are linked', 'Städel Museum', ['', ' '], false, 'confirm-first-book'],
    ['the first named book, confirmed', 'Städel Museum', [], true, 'link'],
  ])('%s', (_, book, names, confirmed, verdict) => {
    expect(bookLinkVerdict(book, names, confirmed)).toBe(verdict);
  });

  it('compares names without case and extra spaces', () => {
    expect(customerKey(' Städel   MUSEUM ')).toBe('städel museum');
  });
});
