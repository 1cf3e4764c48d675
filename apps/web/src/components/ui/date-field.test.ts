import { describe, expect, it, vi } from 'vitest';

// The i18n setup (through the shared dayjs locales) marks the page's language on load; a bare document is enough.
vi.hoisted(() => Object.assign(globalThis, { document: { documentElement: {} } }));

import { parseDateInput } from './date-field';

describe('date input in DD.MM.YYYY or DD/MM/YYYY', () => {
  it.each([
    ['03.02.2027', '2027-02-03'],
    ['3.2.2027', '2027-02-03'],
    ['03.02.27', '2027-02-03'],
    ['2027-02-03', '2027-02-03'],
    ['03/02/2027', '2027-02-03'],
    ['3/2/27', '2027-02-03'],
    ['29.02.2028', '2028-02-29'],
    ['29.02.2027', null],
    ['32.01.2027', null],
    ['morgen', null],
    ['', null],
  ])('%s → %s', (input, iso) => {
    expect(parseDateInput(input)).toBe(iso);
  });
});
