/** The JSON text helpers of list pages. */
import { describe, expect, it } from 'vitest';
import { jsonObjectWith } from './replies';

describe('jsonObjectWith', () => {
  it('adds the fields after the object’s own, as one object', () => {
    const text = jsonObjectWith(JSON.stringify({ a: 1, b: 'x}' }), { c: null, d: { e: [1] } });
    expect(JSON.parse(text)).toEqual({ a: 1, b: 'x}', c: null, d: { e: [1] } });
  });

  it('keeps an empty object and adds nothing empty', () => {
    expect(JSON.parse(jsonObjectWith('{}', { offerNr: 'AN-8' }))).toEqual({ offerNr: 'AN-8' });
    expect(jsonObjectWith('{"a":1}', {})).toBe('{"a":1}');
    expect(jsonObjectWith('{}', {})).toBe('{}');
  });
});
