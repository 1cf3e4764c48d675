/**
 * The installable app as the build writes it (decision 060): the web app manifest, its icons, and the
 * service worker's precache list, which must hold the shell and every screen's chunks (so a screen
 * opened once opens again offline) and nothing of the API. Runs against apps/web/dist after a build.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const built = existsSync(path.join(dist, 'sw.js')) && existsSync(path.join(dist, '.vite/manifest.json'));

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (file: string) => {
  const bytes = readFileSync(file);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

describe.skipIf(!built)('the built app shell', () => {
  it('has a manifest with the German name, English localized names, icons, theme colour and start under /app/', () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, 'manifest.webmanifest'), 'utf8'));
    expect(manifest).toMatchObject({
      name: expect.stringContaining('Prüfbuch'),
      short_name: 'Prüfbuch',
      lang: 'de',
      start_url: '/app/',
      scope: '/app/',
      display: 'standalone',
      theme_color: '#1c7ed6',
      name_localized: { en: expect.stringContaining('inspection books') },
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(path.join(dist, icon.src)), icon.src).toEqual({ width, height });
    }
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toContain(
      '<link rel="manifest" href="/app/manifest.webmanifest">',
    );
  });

  it("precaches the page and every screen's scripts and styles, and routes no API request", () => {
    const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
    const precached = new Set([...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]));
    const chunks = Object.values(
      JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        { file: string; css?: string[] }
      >,
    ).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
    expect(chunks.length).toBeGreaterThan(50);
    const missing = chunks.filter((file) => !precached.has(file));
    expect(missing).toEqual([]);
    expect(precached.has('index.html')).toBe(true);
    // Navigations fall back to the shell, but never those to /api/; no runtime route caches anything.
    expect(sw).toContain('createHandlerBoundToURL("index.html")');
    expect(sw).toMatch(/denylist:\[\/\^\\\/api\\\/\/\]/);
    expect(sw).not.toMatch(/registerRoute\((?!new \w+\.NavigationRoute)/);
    // A new build's worker waits for 'Aktualisierung starten' (the app's SKIP_WAITING message).
    expect(sw).toContain('SKIP_WAITING');
    expect(sw).not.toMatch(/self\.skipWaiting\(\)\s*[,;]\s*\w+\.clientsClaim/);
  });
});
