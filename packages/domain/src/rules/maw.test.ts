import { describe, expect, it } from 'vitest';
import { MAW_DEFAULTS } from '../schemas/capacity';
import { MAW_ENTRY_DEFAULTS, type MawEntry } from '../schemas/order';
import { mawAmountOf, mawTotalsOf } from './maw';

const entry = (over: Partial<MawEntry>): MawEntry => ({ ...MAW_ENTRY_DEFAULTS, ...over });

describe('maw amounts (SPEC §9 default rates)', () => {
  it.each([
    ['internal hours', entry({ art: 'int', stunden: 2 }), 240],
    ['external hours', entry({ art: 'ext', stunden: 1.5 }), 225],
    ['travel flat rate', entry({ anfahrt: true }), 100],
    ['shipping cost', entry({ versand: true }), 100],
    ['all of it', entry({ art: 'ext', stunden: 0.25, anfahrt: true, versand: true }), 237.5],
  ])('%s', (_name, e, amount) => {
    expect(mawAmountOf(e, MAW_DEFAULTS)).toBe(amount);
  });

  it('uses the rates it is given', () => {
    expect(mawAmountOf(entry({ art: 'int', stunden: 1 }), { ...MAW_DEFAULTS, intMaw: 99.99 })).toBe(99.99);
  });

  it('sums all entries and the unbilled ones', () => {
    const entries = [entry({ stunden: 1 }), entry({ art: 'ext', stunden: 1, verrechnet: true })];
    expect(mawTotalsOf(entries, MAW_DEFAULTS)).toEqual({ total: 270, open: 120 });
  });
});
