/** Every translation key the web app names literally exists in German and English. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resources } from '@pruefbuch/domain/locales/resources';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

function lookup(lang: 'de' | 'en', key: string): unknown {
  let node: unknown = resources[lang].translation;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

/** A text, or the plural forms i18next picks from `count` (key_one, key_other). */
const isText = (lang: 'de' | 'en', key: string) =>
  typeof lookup(lang, key) === 'string' ||
  (typeof lookup(lang, `${key}_one`) === 'string' && typeof lookup(lang, `${key}_other`) === 'string');

const literalKeys = new Set<string>();
/** `common.nav.${entry}` → 'common.nav' must be a group of texts. */
const dynamicPrefixes = new Set<string>();
for (const file of sourceFiles(SRC)) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\bt\(\s*'([\w.]+)'/g)) if (m[1]) literalKeys.add(m[1]);
  for (const m of text.matchAll(/\bt\(\s*`([\w.]+)\.\$\{/g)) if (m[1]) dynamicPrefixes.add(m[1]);
}

describe('translation keys used by the web app', () => {
  it('finds keys in the sources', () => {
    expect(literalKeys.size).toBeGreaterThan(100);
  });

  it.each(['de', 'en'] as const)('every literal key is a text in %s', (lang) => {
    const missing = [...literalKeys].filter((key) => !isText(lang, key));
    expect(missing).toEqual([]);
  });

  it.each(['de', 'en'] as const)('every dynamic key prefix is a group in %s', (lang) => {
    const missing = [...dynamicPrefixes].filter((prefix) => {
      const node = lookup(lang, prefix);
      return !node || typeof node !== 'object';
    });
    expect(missing).toEqual([]);
  });
});
