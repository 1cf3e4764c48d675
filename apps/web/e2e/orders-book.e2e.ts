/**
 * 'Prüfbuch anlegen' on an order (issue 13): an order with a sliding door configuration gets its book in the
 * chosen folder; an unknown component code is named; the order then links to its book, which shows the door.
 * Needs POST orders/{id}/book (branch orders-book).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminToken, api, baseUrl, openAs, setUpBrowser, withTenant } from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);

describe('orders: the book from the door configuration', () => {
  it('creates the book, names the unknown code and links order and book', async () => {
    const token = await adminToken();
    const tenants = await api<{ docs: { _id: string }[] }>('GET', '/tenants?search=Rhein-Main', undefined, token);
    const tenant = tenants.docs[0];
    if (!tenant) throw new Error('demo tenant missing');
    const objekt = `Einkaufszentrum Nordwest ${run}`;
    const unknown = `XQ-${run}`.toUpperCase();
    const order = await withTenant<{ _id: string }>('POST', '/orders', tenant._id, token, {
      objekt,
      abnr: `AB-${run}`,
      // The admin keeps the catalogue and confirms a code outside it (decision 052).
      tuer: {
        tuertyp: 'schieber',
        antrieb: 'SA-2-FR',
        fluegel: 'SFL2',
        stromart: 'FR-230',
        komponenten: [unknown],
        bestaetigt: [unknown],
      },
    });

    // Without a door type the button waits, and says why on screen (a phone shows no tooltip).
    const bare = await withTenant<{ _id: string }>('POST', '/orders', tenant._id, token, {
      objekt: `${objekt} ohne Tür`,
    });
    const phone = await browser.newPage({ width: 390 });
    await openAs(phone, `/app/orderprocessing/${bare._id}`, 'admin@demo.test');
    await phone.getByTestId('order-create-book-blocked').waitFor();
    expect(await phone.getByTestId('order-create-book-blocked').isDisabled()).toBe(true);
    expect(await phone.getByTestId('order-book-needs-door').isVisible()).toBe(true);
    expect(await phone.getByTestId('order-book-needs-door').textContent()).toContain('Türtyp');
    const removed = await fetch(`${baseUrl()}/api/v1/orders/${bare._id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, 'x-tenant': tenant._id },
    });
    expect(removed.status).toBe(204);

    const page = await browser.newPage({ width: 1280 });
    await openAs(page, `/app/orderprocessing/${order._id}`, 'admin@demo.test');
    const bar = page.getByTestId('order-status-bar');
    await bar.getByTestId('order-create-book').click();
    await page.getByTestId('order-book-folder').waitFor();
    await page.getByTestId('order-book-create').click();
    await page.getByTestId('order-book-unknown').waitFor();
    expect(await page.getByTestId('order-book-unknown').textContent()).toContain(unknown);
    await page.getByTestId('order-book-unknown-close').click();
    await page.getByTestId('order-book-unknown').waitFor({ state: 'detached' });

    // The order now links to its book and no longer offers to create one.
    await bar.getByTestId('order-book-link').waitFor();
    expect(await bar.getByTestId('order-create-book').count()).toBe(0);
    // The protocol says so in words, not as an id or a dash.
    const bookRow = page.getByTestId('protocol').getByRole('row').filter({ hasText: 'Prüfbuch' });
    await expect.poll(() => bookRow.first().textContent()).toContain('aus dem Auftrag angelegt');
    await bar.getByTestId('order-book-link').click();
    await page.waitForURL(new RegExp(`/app/book/${tenant._id}/[0-9a-f-]{36}$`));
    await page.getByText(unknown).first().waitFor();
  });
});
