/**
 * What each role may change, field by field (decision 043): the warehouse sees an order's billing fields
 * and an offer's deletion date read-only with the reason, and no 'Prüfbuch anlegen'; the standard role
 * (billing, office, book writer) may change them and make the book.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminInDemoTenant, openAs, setUpBrowser, withTenant } from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);

describe('field permissions on the order and offer forms', () => {
  it('warehouse: billing and deletion date read-only, no book; standard: all of it', async () => {
    const { token, tenant } = await adminInDemoTenant();
    const order = await withTenant<{ _id: string }>('POST', '/orders', tenant, token, {
      objekt: `Lagerhalle ${run}`,
      tuer: { tuertyp: 'schieber', antrieb: 'SA-2-FR', fluegel: 'SFL2', stromart: 'FR-230', komponenten: [] },
    });
    const offer = await withTenant<{ _id: string }>('POST', '/offer', tenant, token, { objekt: `Lagerhalle ${run}` });
    const page = await browser.newPage({ keep: true });

    await openAs(page, `/app/orderprocessing/${order._id}`, 'lager@demo.test');
    const betrag = page.getByTestId('order-vkid-betrag');
    await betrag.waitFor();
    expect(await betrag.isDisabled()).toBe(true);
    expect(await page.getByTestId('order-vkid-verrechnet').isDisabled()).toBe(true);
    expect(await page.getByTestId('order-section-vkid').textContent()).toContain('Nur für die Verrechnung');
    expect(await page.getByTestId('order-create-book').count()).toBe(0);
    // What the warehouse may change stays open.
    expect(await page.getByLabel('Bestellnummer').isDisabled()).toBe(false);

    await openAs(page, `/app/offer/${offer._id}`, 'lager@demo.test');
    await page.getByTestId('offer-deleteFilesDate').waitFor();
    expect(await page.getByTestId('offer-deleteFilesDate').isDisabled()).toBe(true);

    await openAs(page, `/app/orderprocessing/${order._id}`, 'standard@demo.test');
    await betrag.waitFor();
    expect(await betrag.isDisabled()).toBe(false);
    expect(await page.getByTestId('order-vkid-verrechnet').isDisabled()).toBe(false);
    await page.getByTestId('order-create-book').waitFor();

    await openAs(page, `/app/offer/${offer._id}`, 'standard@demo.test');
    await page.getByTestId('offer-deleteFilesDate').waitFor();
    expect(await page.getByTestId('offer-deleteFilesDate').isDisabled()).toBe(false);
  });
});
