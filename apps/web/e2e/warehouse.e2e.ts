/**
 * The warehouse's start (decision 054, issue 31 items 4 and 7): lager@demo.test lands on the order list's tab
 * 'Lieferungen', the orders with a delivery still to come, and opens one on its deliveries; the serial number
 * search finds an order by its book's serial number.
 */
import { describe, expect, it } from 'vitest';
import { openAs, screenshot, settled, setUpBrowser } from './fixtures';

const browser = setUpBrowser();
const orderLinks = (page: import('playwright-core').Page) =>
  page.locator('[data-testid="order-table"] [data-testid="order-link"]');

describe('the warehouse', () => {
  it('lands on its deliveries, red first, and opens an order on its deliveries', async () => {
    const page = await browser.newPage();
    await openAs(page, '/app/', 'lager@demo.test');
    await page.waitForURL(
      (u) => u.pathname === '/app/orderprocessinglist' && u.searchParams.get('mode') === 'deliveries',
    );
    await settled(page);
    expect(await page.getByTestId('order-tab-deliveries').getAttribute('aria-selected')).toBe('true');
    const count = Number(await page.getByTestId('order-count-deliveries').textContent());
    expect(count).toBeGreaterThan(0);
    expect(await orderLinks(page).count()).toBe(Math.min(count, 20));
    // Each row says what it waits for: the part and supplier, and when it is planned.
    const awaited = page.getByTestId('order-awaited').filter({ visible: true });
    expect(await awaited.count()).toBe(Math.min(count, 20));
    expect(await awaited.first().textContent()).toMatch(/geplant \d\d\.\d\d\.\d{4}|ohne Termin/);
    // The tenant's installations are a click away: a book within two clicks of the start.
    expect(await page.getByTestId('order-installations').count()).toBe(1);
    await screenshot(page, 'warehouse-deliveries');

    await orderLinks(page).first().click();
    await page.waitForURL(/\/app\/orderprocessing\/[0-9a-f-]{36}/);
    await settled(page);
    // The order it opened has its deliveries, each with its part named.
    const deliveries = page.getByTestId('order-deliveries');
    await deliveries.scrollIntoViewIfNeeded();
    expect(await deliveries.getByTestId('order-delivery-bezeichnung').count()).toBeGreaterThan(0);
  });

  it('finds an order by its book’s serial number in the serial search', async () => {
    const page = await browser.newPage();
    await openAs(page, '/app/orderprocessinglist?mode=serial&search=gb-auf-0001', 'lager@demo.test');
    await settled(page);
    await expect.poll(() => orderLinks(page).count()).toBe(1);
    expect(await page.getByTestId('order-count-serial').textContent()).toBe('1');
    await screenshot(page, 'warehouse-serial');
  });
});
