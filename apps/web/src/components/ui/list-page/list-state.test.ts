import { describe, expect, it } from 'vitest';
import {
  clampPage,
  groupStart,
  isSortValue,
  listConfig,
  listStateChanges,
  nextSort,
  PAGE_SIZES,
  pageCount,
  pageRange,
  parseListState,
  sortDirection,
} from './list-state';

const config = listConfig({ sortFields: ['name', 'email'] as const });
const parse = (query: string) => parseListState(new URLSearchParams(query), config);

describe('list state from the address', () => {
  it('a bare address is the first page, default size, first sort field ascending, no search', () => {
    expect(parse('')).toEqual({ page: 1, size: 20, sort: 'name', search: '' });
  });

  it('reads page, size, sort and search', () => {
    expect(parse('page=3&size=50&sort=-email&search=%20M%C3%BCller%20')).toEqual({
      page: 3,
      size: 50,
      sort: '-email',
      search: 'Müller',
    });
  });

  it.each([
    ['page=0', 1],
    ['page=-2', 1],
    ['page=1.5', 1],
    ['page=abc', 1],
    ['page=', 1],
    ['page=7', 7],
  ])('%s → page %i', (query, page) => {
    expect(parse(query).page).toBe(page);
  });

  it.each([
    ['size=7', 20],
    ['size=1000', 20],
    ['size=x', 20],
    ['size=10', 10],
    ['size=100', 100],
  ])('%s → size %i (only the offered sizes)', (query, size) => {
    expect(parse(query).size).toBe(size);
  });

  it.each([
    ['sort=role', 'name'],
    ['sort=--name', 'name'],
    ['sort=', 'name'],
    ['sort=email', 'email'],
    ['sort=-name', '-name'],
  ])('%s → sort %s (only the columns that sort)', (query, sort) => {
    expect(parse(query).sort).toBe(sort);
  });

  it('a list without sortable columns has no sort', () => {
    const plain = listConfig({});
    expect(parseListState(new URLSearchParams('sort=name'), plain).sort).toBeUndefined();
  });

  it('a default size outside the offered ones is offered too', () => {
    expect(listConfig({ defaultSize: 25 }).sizes).toEqual([10, 20, 25, 50, 100]);
    expect(PAGE_SIZES).toEqual([10, 20, 50, 100]);
  });

  it('isSortValue knows the fields and their descending forms only', () => {
    expect(isSortValue('-email', config.sortFields)).toBe(true);
    expect(isSortValue('createdAt', config.sortFields)).toBe(false);
    expect(isSortValue(null, config.sortFields)).toBe(false);
  });
});

describe('list state into the address', () => {
  it('defaults leave the address; a new search, sort or size starts on page 1', () => {
    expect(listStateChanges({ search: '  ' }, config)).toEqual({ search: null, page: null });
    expect(listStateChanges({ search: ' Wien ' }, config)).toEqual({ search: 'Wien', page: null });
    expect(listStateChanges({ sort: 'name' }, config)).toEqual({ sort: null, page: null });
    expect(listStateChanges({ sort: '-name' }, config)).toEqual({ sort: '-name', page: null });
    expect(listStateChanges({ size: 20 }, config)).toEqual({ size: null, page: null });
    expect(listStateChanges({ size: 50 }, config)).toEqual({ size: '50', page: null });
  });

  it('page 1 is the bare address, other pages are named', () => {
    expect(listStateChanges({ page: 1 }, config)).toEqual({ page: null });
    expect(listStateChanges({ page: 4 }, config)).toEqual({ page: '4' });
  });

  it('what is written is read back', () => {
    const changes = listStateChanges({ page: 2, size: 10, sort: '-email', search: 'x' }, config);
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(changes)) if (value !== null) params.set(key, value);
    expect(parseListState(params, config)).toEqual({ page: 2, size: 10, sort: '-email', search: 'x' });
  });
});

describe('sorting by a column', () => {
  it('ascending first, then descending, then ascending again', () => {
    expect(nextSort<'name' | 'email'>('email', 'name')).toBe('name');
    expect(nextSort<'name'>('name', 'name')).toBe('-name');
    expect(nextSort<'name'>('-name', 'name')).toBe('name');
    expect(nextSort<'name'>(undefined, 'name')).toBe('name');
  });

  it('names the state for aria-sort', () => {
    expect(sortDirection<'name' | 'email'>('name', 'name')).toBe('ascending');
    expect(sortDirection<'name' | 'email'>('-name', 'name')).toBe('descending');
    expect(sortDirection<'name' | 'email'>('-name', 'email')).toBe('none');
    expect(sortDirection<'name'>(undefined, 'name')).toBe('none');
  });
});

describe('paging arithmetic', () => {
  it.each([
    [{ total: 0, pages: 1 }, 20, 1],
    [{ total: 57, pages: 3 }, 20, 3],
    [{ total: 57, pages: 2.1 }, 20, 3],
    [{ total: 57 }, 20, 3],
    [{ total: 60 }, 20, 3],
    [{ total: 61 }, 20, 4],
    [{ total: 0 }, 20, 1],
  ])('%o at size %i → %i pages', (reply, size, pages) => {
    expect(pageCount(reply, size)).toBe(pages);
  });

  it.each([
    [1, 20, 57, { from: 1, to: 20 }],
    [2, 20, 57, { from: 21, to: 40 }],
    [3, 20, 57, { from: 41, to: 57 }],
    [1, 20, 0, { from: 0, to: 0 }],
    [1, 10, 7, { from: 1, to: 7 }],
  ])('page %i of size %i with %i rows shows %o', (page, size, total, range) => {
    expect(pageRange(page, size, total)).toEqual(range);
  });

  it.each([
    [5, 3, 3],
    [0, 3, 1],
    [2, 3, 2],
    [4, 0, 1],
  ])('page %i of %i pages → %i', (page, pages, clamped) => {
    expect(clampPage(page, pages)).toBe(clamped);
  });
});

describe('groupStart', () => {
  const rows = ['2026-W48', '2026-W48', '2026-W49', '', ''];
  const groupOf = (row: string) => ({ key: row, label: row || 'ohne KW' });
  it('heads the first row of every group, and no row inside one', () => {
    expect(rows.map((_, i) => groupStart(groupOf, rows, i))).toEqual(['2026-W48', null, '2026-W49', 'ohne KW', null]);
  });
  it('heads nothing without grouping or past the end', () => {
    expect(groupStart(undefined, rows, 0)).toBeNull();
    expect(groupStart(groupOf, rows, 9)).toBeNull();
  });
});
