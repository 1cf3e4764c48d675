import { describe, expect, it } from 'vitest';
import { activeSection } from './form-section';

describe('activeSection', () => {
  it.each([
    { tops: [], atEnd: false, expected: -1, why: 'no sections' },
    { tops: [300, 900, 1500], atEnd: false, expected: 0, why: 'above the first: the first' },
    { tops: [120, 700, 1300], atEnd: false, expected: 0, why: 'the first just under the header' },
    { tops: [-500, 121, 900], atEnd: false, expected: 1, why: 'the second just reached the header' },
    { tops: [-900, -200, 400], atEnd: false, expected: 1, why: 'inside a long second section' },
    { tops: [-1400, -800, 300], atEnd: true, expected: 2, why: 'at the end: the short last one' },
  ])('$why', ({ tops, atEnd, expected }) => {
    expect(activeSection(tops, atEnd, 120)).toBe(expected);
  });
});
