import type { Component } from '@pruefbuch/domain/schemas/component';
import { ORDER_DEFAULTS } from '@pruefbuch/domain/schemas/order';
import { describe, expect, it } from 'vitest';
import { doorCodeOptions, matchesSearch, takeOption, withConfirmed } from './door-codes';

const entry = (code: string, kind: Component['kind'], doorType: Component['doorType'], text: string, active = true) =>
  ({ _id: code, code, kind, doorType, text, active, __v: 0, createdAt: '', updatedAt: '' }) satisfies Component;
const CATALOGUE = [
  entry('SA-2', 'drive', 'schieber', 'Schiebetürantrieb 2-flügelig'),
  entry('DA-EM-1', 'drive', 'dreher', 'Drehtürantrieb elektromechanisch'),
  entry('SA-ALT', 'drive', 'schieber', 'Alter Antrieb', false),
  entry('TA-AP', 'control', 'both', 'Taster Aufputz'),
];
const textOf = (code: string) => CATALOGUE.find((c) => c.code === code)?.text;

describe('the door code pick lists (decision 052)', () => {
  it('offers the active codes of the field’s groups that fit the door type, and keeps the current codes', () => {
    expect(doorCodeOptions(CATALOGUE, ['drive'], 'schieber', ['']).map((o) => o.value)).toEqual(['SA-2']);
    expect(doorCodeOptions(CATALOGUE, ['drive'], null, []).map((o) => o.value)).toEqual(['SA-2', 'DA-EM-1']);
    // A retired code and one outside the catalogue stay pickable while the order has them.
    expect(doorCodeOptions(CATALOGUE, ['drive'], 'dreher', ['SA-ALT', 'ES200'])).toEqual([
      { value: 'DA-EM-1', label: 'DA-EM-1', kind: 'drive' },
      { value: 'SA-ALT', label: 'SA-ALT', kind: 'drive' },
      { value: 'ES200', label: 'ES200', kind: null },
    ]);
  });

  it('searches code and text, and offers a typed code outside the list once', () => {
    const options = doorCodeOptions(CATALOGUE, ['drive', 'control'], null, []);
    expect(options.filter((o) => matchesSearch(o, 'aufputz', textOf)).map((o) => o.value)).toEqual(['TA-AP']);
    expect(options.filter((o) => matchesSearch(o, 'sa-', textOf)).map((o) => o.value)).toEqual(['SA-2']);
    expect(takeOption(options, ' XQ-1 ')).toEqual({ value: 'XQ-1', label: 'XQ-1', kind: null, take: true });
    expect(takeOption(options, 'sa-2')).toBeNull();
    expect(takeOption(options, '  ')).toBeNull();
  });

  it('confirms a code taken outside the catalogue and forgets confirmed codes the door no longer uses', () => {
    const tuer = { ...ORDER_DEFAULTS.tuer, antrieb: 'XQ-1', komponenten: ['TA-AP'], bestaetigt: ['OLD'] };
    expect(withConfirmed(tuer, 'XQ-1').bestaetigt).toEqual(['XQ-1']);
    expect(withConfirmed({ ...tuer, antrieb: 'SA-2' }, null)).not.toHaveProperty('bestaetigt');
  });
});
