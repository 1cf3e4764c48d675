import { describe, expect, it } from 'vitest';
import { countryCode, isValidZip, ZIP_RULES, zipIssue, zipRule } from './zip-codes';

describe('the ZIP code rules (decision 041)', () => {
  it('has a row for exactly these countries', () => {
    expect(Object.keys(ZIP_RULES).sort()).toEqual(['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'FR', 'IT', 'LU', 'NL', 'PL']);
  });

  it.each([
    // country, valid, invalid
    ['DE', ['60311', '01067'], ['6031', '603111', '6O311', 'D-60311']],
    ['AT', ['1010'], ['10100', '101']],
    ['CH', ['8001'], ['80011', 'CH-8001']],
    ['BE', ['1000'], ['100']],
    ['LU', ['1111'], ['L-1111']],
    ['DK', ['1050'], ['10500']],
    ['NL', ['1012 AB', '1012AB'], ['1012', '1012 ab1', 'AB 1012']],
    ['FR', ['75001'], ['7500']],
    ['IT', ['00184'], ['0018']],
    ['ES', ['28013'], ['2801']],
    ['PL', ['00-950'], ['00950', '0-950']],
  ] as const)('%s', (country, valid, invalid) => {
    for (const zip of valid) expect(isValidZip(zip, country), zip).toBe(true);
    for (const zip of invalid) expect(isValidZip(zip, country), zip).toBe(false);
    // The example shown in messages fits its own rule.
    expect(zipRule(country).pattern.test(zipRule(country).example)).toBe(true);
  });

  it('takes free text of up to 10 characters for any other country', () => {
    expect(isValidZip('SW1A 1AA', 'GB')).toBe(true);
    expect(isValidZip('12345678901', 'GB')).toBe(false);
    expect(isValidZip('x', '')).toBe(true);
  });

  it('lets an empty code pass and compares the country without case', () => {
    expect(isValidZip('', 'DE')).toBe(true);
    expect(isValidZip(' 60311 ', 'de')).toBe(true);
  });
});

describe('countryCode', () => {
  it.each([
    ['', ''],
    ['DE', 'DE'],
    ['de', 'DE'],
    ['D', 'DE'],
    ['Deutschland', 'DE'],
    ['Österreich', 'AT'],
    ['Schweiz', 'CH'],
    ['Niederlande', 'NL'],
    ['Polen', 'PL'],
    ['gb', 'GB'],
    ['Atlantis', 'ATLANTIS'],
  ])('%s → %s', (cell, code) => {
    expect(countryCode(cell)).toBe(code);
  });
});

describe('when a write checks the ZIP code', () => {
  const de = (zip: string) => ({ zip, country: 'DE' });
  it.each([
    ['a new address with a German code', null, de('60311'), null],
    ['a new address with a short code', null, de('6031'), 'validation.zip'],
    ['a new address without a code', null, de(''), null],
    ['an odd stored code left as it is', de('6031'), de('6031'), null],
    ['an odd stored code, spaces around it only', de('6031'), de(' 6031 '), null],
    ['a code changed to a wrong one', de('60311'), de('603111'), 'validation.zip'],
    ['a code changed to a right one', de('6031'), de('60311'), null],
    ['the country changed under an old code', de('1010'), { zip: '1010', country: 'AT' }, null],
    ['the country changed, the code no longer fits', { zip: '1010', country: 'AT' }, de('1010'), 'validation.zip'],
  ] as const)('%s', (_, before, after, verdict) => {
    expect(zipIssue(before, after)).toBe(verdict);
  });
});
