/** Text cells of the product's CSV files (decision 035), one row per case. */
import { describe, expect, it } from 'vitest';
import { FORMULA_STARTS, neutraliseCsvText } from './csv-cell';

describe('neutraliseCsvText', () => {
  it.each([
    ['equals: a formula', '=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['equals: DDE', "=cmd|' /C calc'!A0", `'=cmd|' /C calc'!A0`],
    ['plus', '+1+1', `'+1+1`],
    ['minus', '-2+3', `'-2+3`],
    ['at', '@SUM(1)', `'@SUM(1)`],
    ['a leading tab', '\t=1+1', `'\t=1+1`],
    ['a leading carriage return', '\r=1+1', `'\r=1+1`],
    ['a formula character later in the text', 'Filiale =1', 'Filiale =1'],
    ['a leading space', ' =1', ' =1'],
    ['a quote already', "'=1", "'=1"],
    ['plain text', 'Zeil 85', 'Zeil 85'],
    ['empty', '', ''],
  ])('%s', (_, input, written) => {
    expect(neutraliseCsvText(input)).toBe(written);
  });

  it('covers OWASP’s list of formula starts', () => {
    expect([...FORMULA_STARTS].sort()).toEqual(['\t', '\r', '+', '-', '=', '@'].sort());
  });
});
