/**
 * The inspection file in one click (decision 058): the control user of the branches lands on their list,
 * opens a branch and downloads its file, a ZIP whose manifest lists every file in it with its SHA-256.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { downloadedFile, login, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

describe('inspection file', () => {
  it("the branch's control user downloads the branch's file, and its manifest matches its files", async () => {
    const page = await browser.newPage();
    await login(page, 'filiale-control@demo.test');
    await page.waitForURL(/\/app\/customerlocationlist$/);
    await page.getByTestId('location-export-customer').waitFor();
    await page.getByTestId('location-row').first().click();
    await page.waitForURL(/\/app\/customerlocation\/[0-9a-f-]{36}$/);
    await page.getByTestId('location-details').waitFor();
    const books = await page.getByTestId('location-book-link').count();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('location-export-file').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Prüfakte_.*\.zip$/);
    await page.getByTestId('export-direct').waitFor();
    const file = await downloadedFile(download);
    const entries = unzipSync(new Uint8Array(readFileSync(file)));
    const manifest = JSON.parse(Buffer.from(entries['manifest.json'] as Uint8Array).toString('utf8')) as {
      exportedBy: { email: string };
      books: unknown[];
      files: { path: string; sha256: string }[];
    };
    expect(manifest.exportedBy.email).toBe('filiale-control@demo.test');
    expect(manifest.books).toHaveLength(books);
    const inZip = Object.keys(entries).filter((n) => !n.startsWith('manifest.'));
    expect(inZip.sort()).toEqual(manifest.files.map((f) => f.path).sort());
    for (const f of manifest.files) {
      expect(
        createHash('sha256')
          .update(entries[f.path] as Uint8Array)
          .digest('hex'),
        f.path,
      ).toBe(f.sha256);
    }
    await page.getByTestId('export-close').click();
  });
});
