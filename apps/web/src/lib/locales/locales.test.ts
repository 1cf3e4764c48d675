/**
 * The browser's split of the texts (first load / screens / English) holds exactly the domain's texts, and the
 * code of the first load (everything main.tsx imports statically) names only keys of the first load's German.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resources } from '@pruefbuch/domain/locales/resources';
import { describe, expect, it } from 'vitest';
import { translation as deScreens } from './de';
import { translation as deStart } from './de-start';
import { translation as en } from './en';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Files reached from main.tsx through static imports (dynamic import() starts a chunk of its own). */
function firstLoadFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'"]*?\s+from\s+)?'([^']+)'/gm)) {
      const spec = m[1] ?? '';
      const base = spec.startsWith('@/')
        ? path.join(SRC, spec.slice(2))
        : spec.startsWith('.')
          ? path.resolve(path.dirname(file), spec)
          : null;
      if (!base) continue;
      const found = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => existsSync(f));
      if (found) visit(found);
    }
  };
  visit(path.join(SRC, 'main.tsx'));
  return [...seen];
}

function lookup(tree: object, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

describe('texts in the browser', () => {
  it('German first load plus screen texts are the domain German, without overlap', () => {
    const startNs = Object.keys(deStart);
    expect(Object.keys(deScreens).filter((ns) => startNs.includes(ns))).toEqual([]);
    expect({ ...deStart, ...deScreens }).toEqual(resources.de.translation);
  });

  it('English is the domain English', () => {
    expect(en).toEqual(resources.en.translation);
  });

  it('English says traffic light, never the German Ampel', () => {
    const german: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (typeof node === 'string') {
        if (/\bAmpel/i.test(node.replace(/\{\{\w+\}\}/g, ''))) german.push(`${at}: ${node}`);
      } else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) walk(v, at ? `${at}.${k}` : k);
      }
    };
    walk(resources.en.translation, '');
    expect(german).toEqual([]);
  });

  it('the first load names only keys of its own German texts', () => {
    const files = firstLoadFiles();
    expect(files.some((f) => f.endsWith('app-layout.tsx'))).toBe(true);
    expect(files.some((f) => f.includes('/features/books/'))).toBe(false);
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([\w.]+)'/g)) {
        // A plural key is there when its `_other` form is (i18next picks `_one` / `_other` by the count).
        const key = m[1] ?? '';
        if (typeof lookup(deStart, key) !== 'string' && typeof lookup(deStart, `${key}_other`) !== 'string')
          missing.push(`${path.relative(SRC, file)}: ${key}`);
      }
      for (const m of text.matchAll(/\bt\(\s*`([\w.]+)\.\$\{/g)) {
        if (typeof lookup(deStart, m[1] ?? '') !== 'object') missing.push(`${path.relative(SRC, file)}: ${m[1]}.*`);
      }
    }
    expect(missing).toEqual([]);
  });
});
