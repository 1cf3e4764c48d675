/**
 * Unsaved input is not lost without a word: a half-edited book asks before a nav link or the
 * browser's back button takes the user away, and the browser asks before a reload; 'Weiter
 * bearbeiten' keeps the input, 'Verlassen und verwerfen' leaves.
 */
import { describe, expect, it } from 'vitest';
import { adminToken, baseUrl, openAs, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

async function firstDemoBook() {
  const token = await adminToken();
  const get = async <T>(url: string, tenant?: string) => {
    const res = await fetch(`${baseUrl()}/api/v1${url}`, {
      headers: { authorization: `Bearer ${token}`, ...(tenant ? { 'x-tenant': tenant } : {}) },
    });
    return (await res.json()) as T;
  };
  const tenants = await get<{ docs: { _id: string; url: string }[] }>('/tenants?page=1&size=50');
  const tenant = tenants.docs.find((t) => t.url === 'rhein-main');
  if (!tenant) throw new Error('demo tenant missing');
  const books = await get<{ docs: { _id: string }[] }>('/books?page=1&size=1', tenant._id);
  const book = books.docs[0];
  if (!book) throw new Error('demo book missing');
  return { tenantId: tenant._id, bookId: book._id };
}

describe('unsaved input', () => {
  it('asks before a nav link leaves a half-edited book, and keeps the input on "Weiter bearbeiten"', async () => {
    const { tenantId, bookId } = await firstDemoBook();
    const page = await browser.newPage();
    const editPath = `/app/book/${tenantId}/${bookId}/edit`;
    await openAs(page, editPath, 'admin@demo.test');
    const title = page.getByLabel('Titel', { exact: false }).first();
    await title.waitFor();
    // The loaded book is the form's clean baseline; typing before it arrives would not count as a change.
    await expect.poll(() => title.inputValue()).not.toBe('');
    await title.fill('Halb bearbeitet – nicht gespeichert');

    await page.getByTestId('nav-myInspections').first().click();
    await page.getByTestId('unsaved-stay').waitFor();
    await page.getByTestId('unsaved-stay').click();
    expect(new URL(page.url()).pathname).toBe(editPath);
    expect(await title.inputValue()).toBe('Halb bearbeitet – nicht gespeichert');

    await page.getByTestId('nav-myInspections').first().click();
    await page.getByTestId('unsaved-leave').click();
    await page.waitForURL(/\/app\/allmyinspections/);
  });

  it('asks before the back button leaves a half-edited book, and the browser asks before a reload', async () => {
    const { tenantId, bookId } = await firstDemoBook();
    const page = await browser.newPage();
    const bookPath = `/app/book/${tenantId}/${bookId}`;
    const editPath = `${bookPath}/edit`;
    await openAs(page, bookPath, 'admin@demo.test');
    // Into the editor through the book's own button: an entry of the app, so back stays in the app.
    await page.getByTestId('book-edit').click();
    await page.waitForURL((url) => url.pathname === editPath);
    const title = page.getByLabel('Titel', { exact: false }).first();
    await title.waitFor();
    await expect.poll(() => title.inputValue()).not.toBe('');
    await title.fill('Halb bearbeitet – nicht gespeichert');

    await page.goBack({ waitUntil: 'commit' }).catch(() => {});
    await page.getByTestId('unsaved-stay').waitFor();
    await page.getByTestId('unsaved-stay').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(editPath);
    expect(await title.inputValue()).toBe('Halb bearbeitet – nicht gespeichert');

    // A reload: the browser's own question; dismissed, the input stays.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.reload({ waitUntil: 'commit', timeout: 2000 }).catch(() => {});
    expect(await asked).toBe('beforeunload');
    expect(await title.inputValue()).toBe('Halb bearbeitet – nicht gespeichert');

    await page.goBack({ waitUntil: 'commit' }).catch(() => {});
    await page.getByTestId('unsaved-leave').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(bookPath);
  });
});
