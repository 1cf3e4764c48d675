#!/usr/bin/env node
/**
 * Bundle budget: the JavaScript and CSS the browser must load before the first screen, gzipped.
 * Reads the Vite manifest of the web build (apps/web/dist/.vite/manifest.json), starts at the entry
 * (index.html) and follows static imports only – dynamic imports load with their screens. Every script
 * and stylesheet that dist/index.html references (module preloads included) is counted as well.
 * Prints a table and the total; exits 1 over the budget or when the build is missing.
 *
 *   node scripts/bundle-budget.mjs            (after npm run build)
 *   import { measureInitialBundle, reportInitialBundle } from './scripts/bundle-budget.mjs'
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** At most this many gzipped kilobytes (1 KB = 1000 bytes, as Vite reports) of initial JS + CSS. */
export const BUDGET_KB = 200;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(root, 'apps/web/dist');

const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (bytes) => (bytes / 1000).toFixed(1);

/** The files of the first screen: { files: [{ file, kind, raw, gzip, entry }], js, css, total } (gzip bytes). */
export function measureInitialBundle(dist = DIST) {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} missing: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('no index.html entry in the Vite manifest');

  const files = new Map(); // file → is the entry chunk
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (!files.has(chunk.file)) files.set(chunk.file, key === entryKey);
    for (const css of chunk.css ?? []) if (!files.has(css)) files.set(css, false);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);

  // What index.html itself makes the browser fetch (scripts, module preloads, stylesheets).
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  for (const [, ref] of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+\.(?:js|css))"/g)) {
    const file = ref.replace(/^\/app\//, '').replace(/^\//, '');
    if (!files.has(file)) files.set(file, false);
  }

  const rows = [...files].map(([file, entry]) => {
    const buf = readFileSync(path.join(dist, file));
    return { file, kind: file.endsWith('.css') ? 'css' : 'js', raw: buf.length, gzip: gzipSize(buf), entry };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const sum = (kind) => rows.filter((r) => !kind || r.kind === kind).reduce((n, r) => n + r.gzip, 0);
  return { files: rows, js: sum('js'), css: sum('css'), total: sum() };
}

/** One line for logs and the bench: 'initial bundle 163.2 KB gzip (JS 139.0, CSS 24.2; entry 61.5) of 200 KB'. */
export function summary(m) {
  const entry = m.files.find((r) => r.entry);
  return `initial bundle ${kb(m.total)} KB gzip (JS ${kb(m.js)}, CSS ${kb(m.css)}; entry chunk ${kb(entry?.gzip ?? 0)}) – budget ${BUDGET_KB} KB`;
}

/** Prints the table and the summary line (also used by npm run bench); returns the measure. */
export function reportInitialBundle(dist = DIST) {
  const m = measureInitialBundle(dist);
  const names = m.files.map((r) => `${r.file}${r.entry ? ' (entry)' : ''}`);
  const width = Math.max(...names.map((name) => name.length));
  console.log(`${'file'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}`);
  m.files.forEach((r, i) => {
    console.log(`${names[i].padEnd(width)}  ${kb(r.raw).padStart(8)}  ${kb(r.gzip).padStart(8)}`);
  });
  console.log(summary(m));
  return m;
}

function main() {
  let m;
  try {
    m = reportInitialBundle();
  } catch (err) {
    console.error(`bundle budget: ${err.message}`);
    process.exit(1);
  }
  if (m.total > BUDGET_KB * 1000) {
    console.error(`bundle budget exceeded: ${kb(m.total)} KB > ${BUDGET_KB} KB`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
