/**
 * Text PostgreSQL refuses to store (decision 035): a NUL character (not allowed in text or jsonb),
 * and a UTF-16 surrogate without its partner (no Unicode character at all: jsonb refuses its
 * escape, and a text column would get U+FFFD in its place). The API answers both with a 400 naming
 * the field instead of a 500 from the database.
 */
export type UnstorableReason = 'nul' | 'surrogate';

/** In Unicode mode a surrogate pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Why the text cannot be stored, or null when it can. */
export function unstorableCharacter(text: string): UnstorableReason | null {
  if (text.includes('\0')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

export const isStorableText = (text: string) => unstorableCharacter(text) === null;
