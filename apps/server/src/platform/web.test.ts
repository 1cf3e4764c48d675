/** The built web app as the server sends it: compressed variants the browser accepts, and how long it may keep each file. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';
import { tempDir } from '../../test/temp-dir';

// A build as vite.config.ts writes it: each page and script also as .br and .gz beside it.
const dist = tempDir('pb-dist-');
mkdirSync(path.join(dist, 'assets'));
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Prüfbuch ${i}`))};\n`;
const page = '<!doctype html><html lang="de"><body><div id="root"></div></body></html>\n';
const write = (file: string, text: string) => {
  writeFileSync(path.join(dist, file), text);
  writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
  writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
};
write('index.html', page);
write('assets/index-abc123.js', script);
// The service worker and the manifest (decision 060), at the root of the build.
const worker = `self.addEventListener('message', () => {}); // ${'precache '.repeat(200)}\n`;
write('sw.js', worker);
writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Prüfbuch","start_url":"/app/"}');

const t = await createTestApp({ WEB_DIST_DIR: dist });
const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('the web app', () => {
  it('sends a script brotli- or gzip-compressed as the browser accepts, else plain; kept for a year', async () => {
    const br = await get('/app/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('/app/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/app/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [br, gz, plain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toBe('accept-encoding');
    }
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('sends the page for a screen’s address compressed too, never kept without asking', async () => {
    for (const url of ['/app/', '/app/orderprocessinglist']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the service worker and its manifest so that every build is looked for anew, with the app as scope', async () => {
    for (const encoding of ['br', undefined]) {
      const sw = await get('/app/sw.js', encoding);
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['content-type']).toMatch(/javascript/);
      expect(sw.headers['cache-control']).toBe('no-cache');
      // Its own folder, /app/, is its widest scope: no Service-Worker-Allowed widens it.
      expect(sw.headers['service-worker-allowed']).toBeUndefined();
    }
    const manifest = await get('/app/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    // The default CSP lets the page load a worker and a manifest of its own origin (default-src 'self').
    expect(manifest.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });
});
