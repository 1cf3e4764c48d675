import { describe, expect, it } from 'vitest';
import { orderListFirstQueries } from '@/features/orders/pages/order-list-page.queries';
import { screenAt } from './preload';

describe('screenAt', () => {
  it.each([
    ['/orderprocessinglist', 'list_orderprocessing'],
    ['/admin/login', 'login'],
    ['/offer/6650c0ffee', 'offer'],
    ['/offer', 'offer'],
    ['/', 'home'],
  ])('%s opens %s', (path, screen) => {
    expect(screenAt(path)?.name).toBe(screen);
  });

  it('knows no screen at an unknown address', () => {
    expect(screenAt('/no-such-screen')).toBeNull();
  });
});

describe('the order list asks first', () => {
  const enabled = (queries: ReturnType<typeof orderListFirstQueries>) =>
    queries.filter((q) => q.enabled !== false).map((q) => q.queryKey);

  it('for the bare list: the first page red first, the counts of the tabs that count without a value, the weeks', () => {
    const keys = enabled(orderListFirstQueries(new URLSearchParams(''), 't1'));
    expect(keys).toEqual([
      ['orders', 't1', 'list', 'all', '', { page: 1, size: 20, sort: 'gesamt_ampel' }],
      ['orders', 't1', 'list', 'count', 'all', '', {}],
      ['orders', 't1', 'list', 'count', 'opm', '', null],
      ['orders', 't1', 'list', 'count', 'el', '', null],
      ['orders', 't1', 'list', 'count', 'ad', '', null],
      ['orders', 't1', 'list', 'count', 'deliveries', '', null],
      ['orders', 't1', 'list', 'weeks', {}],
    ]);
  });

  it('for a search: the weeks of its matches (decision 073), and the search tabs count too', () => {
    const keys = enabled(orderListFirstQueries(new URLSearchParams('search=Rhein&page=2&sort=-objekt'), 't1'));
    expect(keys[0]).toEqual([
      'orders',
      't1',
      'list',
      'all',
      'Rhein',
      { page: 2, size: 20, sort: '-objekt', search: 'Rhein' },
    ]);
    expect(keys.filter((key) => key[3] === 'weeks')).toEqual([['orders', 't1', 'list', 'weeks', { search: 'Rhein' }]]);
    expect(keys.filter((key) => key[3] === 'count').map((key) => key[4])).toEqual([
      'all',
      'search',
      'serial',
      'opm',
      'el',
      'ad',
      'deliveries',
    ]);
  });

  it('for the warehouse’s start: its deliveries (decision 054)', () => {
    const [list] = enabled(orderListFirstQueries(new URLSearchParams('mode=deliveries'), 't1'));
    expect(list).toEqual(['orders', 't1', 'list', 'deliveries', '', { page: 1, size: 20 }]);
  });

  it("reads the 'Alle' tab's filters only on that tab", () => {
    const keys = enabled(orderListFirstQueries(new URLSearchParams('mode=opm&status=CREATED'), 't1'));
    expect(keys[0]).toEqual(['orders', 't1', 'list', 'opm', '', { page: 1, size: 20 }]);
    // Nor the weeks: they belong to 'Alle'.
    expect(keys.some((key) => key.includes('weeks'))).toBe(false);
  });
});
