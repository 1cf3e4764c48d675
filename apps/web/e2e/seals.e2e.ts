/**
 * The tamper-evident record (decision 057) as people meet it: a standard user checks a book with 'Prüfen' in
 * its menu and reads 'Unverändert seit Abschluss'; after the stored PDF of a record was changed on the disk,
 * behind the application, the same check names that record. The warehouse, which does not edit books, has
 * 'Prüfen' too; a branch user has not.
 */
import { createHash } from 'node:crypto';
import { appendFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminInDemoTenant,
  baseUrl,
  bookWithFinalizedRecord,
  isoDay,
  openAs,
  screenshot,
  settled,
  setUpBrowser,
  withTenant,
} from './fixtures';

const browser = setUpBrowser();

/** A new book of the demo tenant with one finalized inspection, and the path of its archived PDF. */
async function bookWithRecord() {
  const made = await bookWithFinalizedRecord({ title: `Drehtür Foyer ${Date.now()}`, customer: 'Kaufhaus Zeil' });
  const [asset] = await withTenant<{ path: string }[]>(
    'GET',
    `/pdfassets/book?book=${made.bookId}`,
    made.tenant,
    made.token,
  );
  return { ...made, pdfPath: asset?.path as string };
}

/** The stored file of a PDF (content-addressed: its name is its SHA-256) in the data dir of this test's server. */
async function storedFile(sha: string) {
  for (const dir of await readdir(tmpdir())) {
    if (!dir.startsWith('pruefbuch-e2e-')) continue;
    const file = path.join(tmpdir(), dir, 'files', sha.slice(0, 2), sha.slice(2, 4), sha);
    if (
      await readdir(path.dirname(file))
        .then((names) => names.includes(sha))
        .catch(() => false)
    )
      return file;
  }
  throw new Error(`stored file ${sha} not found`);
}

/**
 * Book menu, 'Prüfen'. The dialog host loads after the first render; on a busy machine a click before it
 * is there opens nothing (openModalWhenReady waits 4 s for it), so the click is given another go.
 */
const openCheck = async (page: Page) => {
  for (let i = 0; ; i++) {
    await page.getByTestId('book-actions').click();
    await page.getByTestId('book-verify').click();
    const opened = await page
      .getByTestId('verify-result')
      .or(page.getByTestId('verify-running'))
      .first()
      .waitFor({ timeout: 8000 })
      .then(() => true)
      .catch(() => false);
    if (opened || i === 2) break;
  }
  await page.getByTestId('verify-result').waitFor();
};

describe('the tamper-evident record', () => {
  it('a standard user checks a book: unchanged since finalized; a PDF changed on the disk is named', async () => {
    const b = await bookWithRecord();
    const page = await browser.newPage();
    await openAs(page, `/app/book/${b.tenant}/${b.bookId}`, 'standard@demo.test');
    await page.getByTestId('book-heading').waitFor();
    await settled(page);
    await openCheck(page);
    await expect.poll(() => page.getByTestId('verify-ok').textContent()).toContain('Unverändert seit Abschluss');
    const ok = (await page.getByTestId('verify-ok').textContent()) ?? '';
    expect(ok).toContain('1 abgeschlossener Eintrag geprüft');
    expect(ok).toContain('1 gespeichertes PDF Byte für Byte nachgerechnet');
    await screenshot(page, 'seals-ok');

    // Someone changes the archived PDF on the disk, behind the application.
    const res = await fetch(`${baseUrl()}/api/v1/${b.pdfPath}`, {
      headers: { authorization: `Bearer ${b.token}`, 'x-tenant': b.tenant },
    });
    const sha = createHash('sha256')
      .update(Buffer.from(await res.arrayBuffer()))
      .digest('hex');
    await appendFile(await storedFile(sha), '% nachträglich geändert\n');

    await page.getByTestId('verify-again').click();
    await page.locator('[data-testid="verify-result"][data-checking="false"]').waitFor();
    await page.getByTestId('verify-problems').waitFor();
    const problem = page.getByTestId('verify-problem');
    expect(await problem.count()).toBe(1);
    expect(await problem.getAttribute('data-record')).toBe(b.recordId);
    const text = (await page.getByTestId('verify-problems').textContent()) ?? '';
    expect(text).toContain('1 Abweichung gefunden');
    expect(text).toContain(`Prüfung vom ${isoDay(-1).split('-').reverse().join('.')}`);
    expect(text).toContain('PDF geändert');
    expect(text).toContain('Die gespeicherte PDF-Datei wurde verändert.');
    await screenshot(page, 'seals-problem');
    // The record's name leads to it.
    await problem.getByRole('link').click();
    await page.waitForURL((u) => u.pathname.includes(b.recordId));
  });

  it('the warehouse checks a demo book from the book page; a branch user has no check', async () => {
    const { token, tenant } = await adminInDemoTenant();
    // A book of the demo data (the oldest records come last; the other test's book is the newest).
    const records = await withTenant<{ docs: { book: string }[] }>(
      'GET',
      '/inspections?finalized=true&size=200',
      tenant,
      token,
    );
    const bookId = records.docs.at(-1)?.book as string;
    const page = await browser.newPage();
    await openAs(page, `/app/book/${tenant}/${bookId}`, 'lager@demo.test');
    await page.getByTestId('book-heading').waitFor();
    await settled(page);
    await openCheck(page);
    await expect.poll(() => page.getByTestId('verify-ok').textContent()).toContain('Unverändert seit Abschluss');

    const branch = await browser.newPage();
    await openAs(branch, '/app/', 'filiale-control@demo.test');
    await branch.goto(`/app/book/${tenant}/${bookId}`);
    await settled(branch);
    if (await branch.getByTestId('book-actions').count()) {
      await branch.getByTestId('book-actions').click();
      expect(await branch.getByTestId('book-verify').count()).toBe(0);
    }
  });
});
