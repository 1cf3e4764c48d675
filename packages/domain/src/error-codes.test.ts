import { describe, expect, it } from 'vitest';
import { type ErrorCode, isKnownKey } from './error-codes';
import { resources } from './locales/resources';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('error codes', () => {
  const de = resources.de.translation.errors as Record<string, string>;
  const en = resources.en.translation.errors as Record<string, string>;

  it('every code of the catalogue has a German and an English text with the same placeholders', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort());
    for (const code of Object.keys(de)) {
      for (const text of [de[code], en[code]]) {
        expect(typeof text === 'string' && text.trim().length > 0, code).toBe(true);
        expect(text, code).not.toContain(code);
      }
      expect(placeholders(en[code] ?? ''), code).toEqual(placeholders(de[code] ?? ''));
    }
  });

  it('covers the codes that once reached screens as raw keys', () => {
    const codes: ErrorCode[] = ['TENANT_FORBIDDEN', 'TENANT_REQUIRED', 'TWO_FA_ACTIVE'];
    for (const code of codes) expect(isKnownKey(`errors.${code}`), code).toBe(true);
  });

  it('knows a key only when both languages have a text for it', () => {
    expect(isKnownKey('validation.dateRange')).toBe(true);
    expect(isKnownKey('validation.email.invalid')).toBe(true);
    expect(isKnownKey('validation.email')).toBe(false);
    expect(isKnownKey('errors.NO_SUCH_CODE')).toBe(false);
    expect(isKnownKey('Invalid input')).toBe(false);
  });
});
