import { describe, expect, it } from 'vitest';
import { translate } from '../locales/resources';
import { BOOK_DEFAULTS, bookCreateSchema, bookUpdateSchema } from '../schemas/book';
import { BOOK_STATUS_LABEL_KEY, BOOK_STATUS_NUMBERS, BookStatus } from './book-status';
import { addInterval, intervalBefore, SERVICE_INTERVALS, ServiceInterval } from './service-intervals';

describe('book status (SPEC §4)', () => {
  it('numbers the values in the listed order, template last', () => {
    expect(Object.entries(BookStatus)).toEqual([
      ['STATUS_INITIAL', 1],
      ['STATUS_APPROVING', 2],
      ['STATUS_APPROVED', 3],
      ['STATUS_INSPECTED', 4],
      ['STATUS_EXPIRED', 5],
      ['STATUS_FAILURE', 6],
      ['STATUS_TEMPLATE', 7],
    ]);
  });

  it.each([
    [2, 'In Abnahme'],
    [3, 'Abgenommen'],
    [4, 'Gewartet'],
    [5, 'Abgelaufen'],
    [6, 'Mangel'],
    [7, 'Vorlage'],
  ] as const)('status %i reads %s in German', (status, label) => {
    expect(translate('de', BOOK_STATUS_LABEL_KEY[status])).toBe(label);
  });

  it('has an English label for every status', () => {
    for (const s of BOOK_STATUS_NUMBERS) expect(translate('en', BOOK_STATUS_LABEL_KEY[s])).not.toContain('.');
  });
});

describe('service intervals (SPEC §3)', () => {
  it('lists daily to yearly and no inspection, months as the number', () => {
    expect(SERVICE_INTERVALS.map((i) => [i.name, i.value, i.days, i.months])).toEqual([
      ['DAILY', -1, 1, 0],
      ['WEEKLY', -7, 7, 0],
      ['MONTHLY', 1, 0, 1],
      ['QUARTERLY', 3, 0, 3],
      ['HALF_YEARLY', 6, 0, 6],
      ['YEARLY', 12, 0, 12],
      ['NONE', 0, 0, 0],
    ]);
  });

  it.each([
    ['2025-03-10', ServiceInterval.DAILY, '2025-03-11'],
    ['2025-12-31', ServiceInterval.DAILY, '2026-01-01'],
    ['2025-02-25', ServiceInterval.WEEKLY, '2025-03-04'],
    ['2025-01-31', ServiceInterval.MONTHLY, '2025-02-28'],
    ['2024-01-31', ServiceInterval.MONTHLY, '2024-02-29'],
    ['2025-11-30', ServiceInterval.QUARTERLY, '2026-02-28'],
    ['2025-08-31', ServiceInterval.HALF_YEARLY, '2026-02-28'],
    ['2024-02-29', ServiceInterval.YEARLY, '2025-02-28'],
    ['2025-06-15', ServiceInterval.YEARLY, '2026-06-15'],
    ['2025-06-15', ServiceInterval.NONE, null],
    ['2025-06-15', 5, null],
  ])('%s + interval %i = %s', (date, value, next) => {
    expect(addInterval(date, value)).toBe(next);
  });

  it.each([
    ['2025-03-11', ServiceInterval.DAILY, '2025-03-10'],
    ['2026-01-01', ServiceInterval.DAILY, '2025-12-31'],
    ['2025-03-04', ServiceInterval.WEEKLY, '2025-02-25'],
    ['2025-03-31', ServiceInterval.MONTHLY, '2025-02-28'],
    ['2024-03-31', ServiceInterval.MONTHLY, '2024-02-29'],
    ['2026-01-15', ServiceInterval.MONTHLY, '2025-12-15'],
    ['2026-05-31', ServiceInterval.QUARTERLY, '2026-02-28'],
    ['2026-02-28', ServiceInterval.HALF_YEARLY, '2025-08-28'],
    ['2025-02-28', ServiceInterval.YEARLY, '2024-02-28'],
    ['2024-02-29', ServiceInterval.YEARLY, '2023-02-28'],
    ['2025-06-15', ServiceInterval.NONE, null],
    ['2025-06-15', 5, null],
  ])('%s − interval %i = %s', (date, value, before) => {
    expect(intervalBefore(date, value)).toBe(before);
  });
});

describe('book write schemas', () => {
  it('drops server-managed fields and has the SPEC §3 defaults', () => {
    const parsed = bookCreateSchema.parse({
      title: 'x',
      createdAt: 'a',
      updatedAt: 'b',
      __v: 3,
      qrCodes: [],
      _id: 'c',
      tenant: 'd',
      documents: [],
    });
    expect(parsed).toEqual({ title: 'x' });
    expect(BOOK_DEFAULTS).toMatchObject({
      lagerort: 'inFertigungsprozess',
      status: 1,
      active: true,
      serviceinterval: 0,
      selfserviceinterval: 0,
    });
  });

  it('needs __v on update and keeps it apart from the fields', () => {
    expect(bookUpdateSchema.safeParse({ title: 'x' }).success).toBe(false);
    expect(bookUpdateSchema.parse({ __v: 2, createdAt: 'x' })).toEqual({ __v: 2 });
  });
});
