/**
 * Retention and legal hold (decision 059) as an admin meets them: deleting a book with a finalized record
 * retires it (the question says so, it leaves the tenant's book list and is listed under 'Stillgelegte
 * Prüfbücher'), 'Wiederherstellen' brings it back into the list, and a legal hold set from the book's menu
 * shows on its page and on the admins' page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookWithFinalizedRecord, openAs, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

/** A new book of the demo tenant with one finalized inspection. */
const bookWithRecord = (title: string) => bookWithFinalizedRecord({ title, customer: 'Städel Museum' });

/** The tenant's book list searched for `text`: its rows of that title, or its empty state. */
async function searchBooks(page: Page, tenant: string, text: string) {
  await page.goto(`/app/map/${tenant}/?search=${encodeURIComponent(text)}`);
  return { row: page.getByTestId('book-row').filter({ hasText: text }), empty: page.getByTestId('book-empty') };
}

/** Opens the book's menu and clicks an item (the menu may still be loading on a busy machine). */
async function menuItem(page: Page, testId: string) {
  await page.getByTestId('book-actions').click();
  await page.getByTestId(testId).click();
}

describe('retention', () => {
  it('an admin deletes a book with a finalized record: it is retired, restored, then held', async () => {
    const title = `Schiebetür Gartenhallen ${Date.now()}`;
    const { tenant, bookId } = await bookWithRecord(title);
    const page = await browser.newPage();
    await openAs(page, `/app/book/${tenant}/${bookId}`, 'admin@demo.test');
    await page.getByTestId('book-heading').filter({ hasText: title }).waitFor();

    // Delete: the question says the book is retired, not deleted, and the button says 'Stilllegen'.
    await menuItem(page, 'book-delete');
    const confirm = page.getByTestId('confirm-delete');
    await confirm.waitFor();
    expect(await page.getByRole('dialog').textContent()).toContain('nicht gelöscht, sondern stillgelegt');
    expect(await confirm.textContent()).toBe('Stilllegen');
    await confirm.click();
    await page.getByText('Stillgelegt: Das Prüfbuch ist aus allen Listen verschwunden').waitFor();
    await page.waitForURL(/\/app\/map\//);

    // Gone from the tenant's book list.
    await (await searchBooks(page, tenant, title)).empty.waitFor();

    // Listed on 'Stillgelegte Prüfbücher', reached from the admin menu.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-retired').click();
    await page.waitForURL(new RegExp(`/app/admin/retired/${tenant}`));
    await page.getByTestId('retired-search').fill(title);
    const row = page.getByTestId('retired-row').filter({ hasText: title });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('retired-row').count()).toBe(1);
    expect(await row.textContent()).toContain('Städel Museum');
    // The demo's own retired book and hold are there too.
    await page.getByTestId('holds-row').filter({ hasText: 'Parkhaus Konstablerwache GmbH' }).waitFor();

    // Restored, after a question: off this list and back in the tenant's.
    await row.getByTestId('retired-restore').click();
    await page.getByTestId('confirm-restore').click();
    await page.getByText('Prüfbuch wiederhergestellt').waitFor();
    await page.getByTestId('retired-empty').waitFor();
    const back = await searchBooks(page, tenant, title);
    await back.row.waitFor();

    // A legal hold from the book's menu: shown on its page, and among the holds of the admins' page.
    await back.row.getByRole('link', { name: title }).click();
    await page.getByTestId('book-heading').filter({ hasText: title }).waitFor();
    await menuItem(page, 'book-hold-set');
    await page.getByTestId('hold-reason').fill('Beweissicherung nach Unfall am 3. März');
    await page.getByTestId('hold-save').click();
    await page.getByText('Aufbewahrungssperre gesetzt').waitFor();
    const hold = page.getByTestId('book-hold');
    await hold.waitFor();
    expect(await hold.textContent()).toContain('Beweissicherung nach Unfall am 3. März');
    await page.goto(`/app/admin/retired/${tenant}`);
    const held = page.getByTestId('holds-row').filter({ hasText: title });
    await held.waitFor();
    expect(await held.textContent()).toContain('Beweissicherung nach Unfall am 3. März');
  });
});
