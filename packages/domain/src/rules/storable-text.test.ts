/** Text the database can store (decision 035), case by case. */
import { describe, expect, it } from 'vitest';
import { text } from '../schemas/common';
import { type UnstorableReason, unstorableCharacter } from './storable-text';

describe('unstorableCharacter', () => {
  it.each<[string, string, UnstorableReason | null]>([
    ['plain German text', 'Obere Königsstraße 28', null],
    ['empty', '', null],
    ['an emoji (a surrogate pair)', 'Tür 🚪 klemmt', null],
    ['a pair at the very end', 'x\uD83D\uDEAA', null],
    ['tab, CR, LF and other control characters PostgreSQL stores', 'a\tb\r\nc\u0001', null],
    ['U+FFFD itself', '\uFFFD', null],
    ['NUL alone', '\u0000', 'nul'],
    ['NUL inside', 'Tür\u0000code', 'nul'],
    ['a lone high surrogate', '\uD800', 'surrogate'],
    ['a lone low surrogate', '\uDC00', 'surrogate'],
    ['a high surrogate before a letter', 'a\uD83Db', 'surrogate'],
    ['two high surrogates', '\uD83D\uD83D', 'surrogate'],
    ['a reversed pair', '\uDEAA\uD83D', 'surrogate'],
    ['NUL wins over a surrogate', '\uD800\u0000', 'nul'],
  ])('%s', (_, input, reason) => {
    expect(unstorableCharacter(input)).toBe(reason);
  });
});

describe('the shared text schema refuses what cannot be stored', () => {
  it.each([
    ['\uD800', 'validation.characters'],
    ['Zeil 85\u0000', 'validation.characters'],
    ['x'.repeat(11), 'validation.max'],
  ])('%j → %s', (input, key) => {
    const res = text(10).safeParse(input);
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe(key);
  });

  it('keeps valid text, trimmed', () => {
    expect(text(10).parse('  Tür 🚪 ')).toBe('Tür 🚪');
  });
});
