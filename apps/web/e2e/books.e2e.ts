/**
 * The register of installations as people use it: an admin sets up a tenant with its address, a folder and a
 * book with a document; a standard user of the tenant finds the book and downloads the document; a user of
 * another tenant who types the book's address sees nothing of it.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api, createAccount, downloadedFile, openAs, settled, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

const run = randomUUID().slice(0, 6);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** What the admin's part leaves for the others. */
const story = {
  tenantId: '',
  tenantName: `E2E Mandant ${run}`,
  bookTitle: `Schiebetür Halle ${run}`,
  /** The book page's path, /app/book/{tenant}/{book}. */
  bookPath: '',
};

const _signedIn = (page: Page) => page.waitForURL((u) => !u.pathname.includes('/login'));
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('inspection books', () => {
  it('an admin creates a tenant with an address, a folder and a book with a document', async () => {
    const page = await browser.newPage();
    await openAs(page, '/app/admin/tenant_list/', 'admin@demo.test');
    await page.getByTestId('tenant-new').click();
    await page.getByTestId('tenant-name').fill(story.tenantName);
    // The url follows the name until typed by hand.
    await expect.poll(() => page.getByTestId('tenant-url').inputValue()).toBe(`e2e-mandant-${run}`);

    await page.getByTestId('tenant-address-edit').click();
    await page.getByLabel('Straße', { exact: true }).fill('Ringstraße');
    await page.getByLabel('Hausnummer', { exact: true }).fill('7');
    await page.getByLabel('PLZ', { exact: true }).fill('1010');
    await page.getByLabel('Ort', { exact: true }).fill('Wien');
    await page.getByTestId('tenant-address-country').fill('Österr');
    await page.getByRole('option', { name: 'Österreich' }).click();
    await page.getByTestId('tenant-address-ok').click();
    expect(await page.getByTestId('tenant-address-summary').textContent()).toBe('Ringstraße 7, 1010 Wien, Österreich');

    await page.getByTestId('tenant-save').click();
    await page.waitForURL(/\/app\/admin\/tenant\/[0-9a-f-]{36}$/);
    await toast(page, 'Angelegt!');
    story.tenantId = new URL(page.url()).pathname.split('/').pop() ?? '';
    // Saved and read back from the server.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('tenant-address-summary').textContent())
      .toBe('Ringstraße 7, 1010 Wien, Österreich');

    await page.getByRole('link', { name: 'Prüfbücher öffnen' }).click();
    await page.waitForURL(new RegExp(`/app/map/e2e-mandant-${run}/`));
    await page.getByTestId('folder-new-root').click();
    await page.getByTestId('folder-name').fill('Halle 1');
    await page.getByTestId('folder-save').click();
    await toast(page, 'Angelegt!');
    await expect.poll(() => page.getByTestId('folder-breadcrumbs').textContent()).toContain('Halle 1');

    await page.getByTestId('book-new').click();
    await page.getByTestId('book-form').waitFor();
    // Saving without a title names the field.
    await page.getByTestId('book-save').click();
    await page.getByText('Dieses Feld wird benötigt.').first().waitFor();
    await page.getByTestId('book-title').fill(story.bookTitle);
    await page.getByTestId('book-customer').fill('Kaufhaus am Ring');
    await page.getByTestId('book-site').fill('EG Haupteingang');
    await page.getByTestId('book-completedOn').fill('03.02.2026');
    await expect.poll(() => page.getByTestId('book-folder').inputValue()).toBe('Halle 1');
    await page.getByTestId('book-save').click();
    await page.waitForURL(/\/app\/book\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await toast(page, 'Angelegt!');
    story.bookPath = new URL(page.url()).pathname;
    expect(await page.getByTestId('book-heading').textContent()).toBe(story.bookTitle);
    expect(await page.getByTestId('book-status').first().textContent()).toBe('Initial');

    await page.locator('[data-testid=documents-card] input[type=file]').setInputFiles({
      name: 'Prüfbericht 2026.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await toast(page, 'Dokument hinzugefügt!');
    await page.getByTestId('document-row').filter({ hasText: 'Prüfbericht 2026.pdf' }).waitFor();
    // The protocol names the creation and the editor.
    await page.getByTestId('protocol-row').filter({ hasText: story.bookTitle }).first().waitFor();
  });

  it('a standard user of the tenant finds the book by search and downloads the document', async () => {
    expect(story.bookPath).not.toBe('');
    const user = await createAccount(3, 'start-pw-1', [story.tenantId]);
    const page = await browser.newPage();
    // A book without an order is a normal book: its page asks for the order and gets none, not a 404.
    const notFound: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) notFound.push(r.url());
    });
    await openAs(page, '/app/admin/tenant_list/', user.email, user.password);
    await page.getByTestId('tenant-row').filter({ hasText: story.tenantName }).click();
    await page.waitForURL(/\/app\/map\//);
    await page.getByTestId('book-search').fill(run);
    // The search settles into the address and the list reloads with it: a click before could land on a row
    // being replaced (on a busy machine, between the press and the release) and open nothing.
    await page.waitForURL((u) => u.searchParams.get('search') === run);
    await settled(page);
    await expect.poll(() => page.getByTestId('book-row').count()).toBe(1);
    await page.getByTestId('book-row').getByRole('link', { name: story.bookTitle }).click();
    await page.waitForURL((u) => u.pathname === story.bookPath);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('document-download').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe('Prüfbericht 2026.pdf');
    const bytes = await readFile(await downloadedFile(download));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(notFound).toEqual([]);
  });

  it('a user of another tenant who types the book’s address sees no data', async () => {
    expect(story.bookPath).not.toBe('');
    const token = await adminToken();
    const other = await api<{ _id: string }>('POST', '/tenants', { name: `Fremd ${run}`, url: `fremd-${run}` }, token);
    const user = await createAccount(3, 'start-pw-1', [other._id]);
    const page = await browser.newPage();
    await openAs(page, story.bookPath, user.email, user.password);
    await page.getByTestId('no-access').waitFor();
    expect(await page.getByText(story.bookTitle).count()).toBe(0);
    expect(await page.getByTestId('documents-card').count()).toBe(0);

    await page.goto(`${story.bookPath}/edit`);
    await page.getByTestId('no-access').waitFor();
    expect(await page.getByTestId('book-form').count()).toBe(0);

    await page.goto(`/app/map/e2e-mandant-${run}/`);
    await page.getByTestId('no-access').waitFor();
    expect(await page.getByText(story.tenantName).count()).toBe(0);
  });
});
