import { describe, expect, it } from 'vitest';
import { selectWidth } from './select-width';

describe('selectWidth', () => {
  it('fits the longest label, wider per character at size sm than at xs', () => {
    const labels = ['Türservice Rhein-Main GmbH', 'Demo'];
    expect(selectWidth(labels)).toBe(Math.ceil(26 * 7.2) + 64);
    expect(selectWidth(labels, { size: 'sm', min: 100 })).toBe(Math.ceil(26 * 8.4) + 72);
  });

  it('stays within its bounds', () => {
    expect(selectWidth([])).toBe(200);
    expect(selectWidth(['x'.repeat(200)])).toBe(360);
    expect(selectWidth(['x'.repeat(200)], { size: 'sm', max: 400 })).toBe(400);
    expect(selectWidth(['ab'], { size: 'sm', min: 260 })).toBe(260);
  });
});
