import { describe, expect, it } from 'vitest';
import { EXPORT_LIMITS, EXPORT_MODE_RULES, type ExportSize, exportModeOf } from './export-mode';

const MB = 1024 * 1024;
const size = (books: number, records: number, fileBytes = 0): ExportSize => ({ books, records, fileBytes });

describe('export mode (decision 058), a case per row', () => {
  it.each([
    ['no books', size(0, 0), 'direct'],
    ['no books, even with a stray count', size(0, 999, 999 * MB), 'direct'],
    ['301 records in one book', size(1, 301), 'background'],
    ['300 records in one book', size(1, 300), 'direct'],
    ['201 MB of documents', size(2, 10, 201 * MB), 'background'],
    ['exactly 200 MB', size(2, 10, 200 * MB), 'direct'],
    ['11 books', size(11, 11), 'background'],
    ['10 books', size(10, 100, 50 * MB), 'direct'],
    ['one small book', size(1, 12, 3 * MB), 'direct'],
    ['a branch of 50 books and 500 records', size(50, 500, 80 * MB), 'background'],
  ] as const)('%s → %s', (_, given, mode) => {
    expect(exportModeOf(given)).toBe(mode);
  });

  it('has one row per line of the table, the last one catching everything', () => {
    expect(EXPORT_MODE_RULES.map((r) => r.mode)).toEqual([
      'direct',
      'background',
      'background',
      'background',
      'direct',
    ]);
    expect(EXPORT_MODE_RULES.at(-1)?.applies(size(1, 1))).toBe(true);
  });

  it('keeps its limits where the table says', () => {
    expect(EXPORT_LIMITS).toEqual({ directRecords: 300, directFileBytes: 200 * MB, directBooks: 10 });
  });
});
