/**
 * How many files a screen needs as the build cuts its chunks (decision 069): a screen's code, and everything
 * it imports statically, is a handful of scripts and stylesheets, not the hundred small chunks the bundler
 * made of the shared modules by itself. Runs against apps/web/dist after a build (`.ci/run` builds before
 * `npm test`; locally it reads whatever build is there, and is skipped without one).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
const built = existsSync(manifestFile);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The scripts and stylesheets a chunk loads before it runs: its own, and its static imports', transitively. */
function filesOf(manifest: Record<string, ManifestChunk>, key: string) {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (seen.has(k) || !chunk) return;
    seen.add(k);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

describe.skipIf(!built)('the built chunks', () => {
  const manifest: Record<string, ManifestChunk> = built ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const screens = Object.keys(manifest).filter((key) => /^src\/features\/.+-page\.tsx$/.test(key));

  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));

  it('give the entry what the first screen needs in at most four files, each named by the page itself', () => {
    expect(entry).toBeDefined();
    const files = filesOf(manifest, entry as string);
    // The entry script is a stub that starts the app's chunk (decision 072): four files, one round of requests.
    expect(files.size).toBeLessThanOrEqual(4);
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    for (const file of files) expect(html, file).toContain(`/app/${file}`);
  });

  it('load the login page and the order list with at most ten files each (135 requests before)', () => {
    for (const screen of ['src/features/auth/pages/login-page.tsx', 'src/features/orders/pages/order-list-page.tsx']) {
      expect(filesOf(manifest, screen).size, screen).toBeLessThanOrEqual(10);
    }
  });

  it('load every screen with at most 25 files', () => {
    expect(screens.length).toBeGreaterThan(40);
    const tooMany = screens.map((s) => [s, filesOf(manifest, s).size] as const).filter(([, n]) => n > 25);
    expect(tooMany).toEqual([]);
  });

  it('keep the charts, the QR scanner and the error tracker out of the entry and the shared chunks', () => {
    const named = (name: string) => Object.values(manifest).filter((c) => c.file.startsWith(`assets/${name}-`));
    const entryFiles = [...filesOf(manifest, entry as string)].filter((f) => f.endsWith('.js'));
    const common = [...entryFiles.map((file) => ({ file })), ...named('ui'), ...named('shared')];
    expect(entryFiles.length).toBeGreaterThan(0);
    expect(named('ui').filter((c) => c.file.endsWith('.js'))).toHaveLength(1);
    expect(named('shared').filter((c) => c.file.endsWith('.js'))).toHaveLength(1);
    for (const chunk of common) {
      const text = readFileSync(path.join(dist, chunk.file), 'utf8');
      // Strings of recharts' SVG, of ZXing's decoder and of Sentry's SDK.
      expect(text, chunk.file).not.toMatch(/recharts-surface|NotFoundException|sentry\.override/);
    }
  });
});
