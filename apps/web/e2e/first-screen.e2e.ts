/**
 * A screen's code and its first data are asked for together (app/preload.ts): on a cold load of the order
 * list the orders are asked for before the page's code has arrived, once, under the keys the page reads, and
 * a nav link about to be followed loads its screen before the click.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAs, settled, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

const FIRST_PAGE = /\/api\/v1\/orders\?page=1&size=20&sort=gesamt_ampel$/;
const LIST_CODE = /\/assets\/order-list-page-[\w-]+\.js$/;

/** The order in which the orders were asked for and the list's code arrived. */
function watch(page: Page) {
  const events: string[] = [];
  page.on('request', (request) => {
    if (FIRST_PAGE.test(request.url())) events.push('orders asked');
  });
  page.on('requestfinished', (request) => {
    if (LIST_CODE.test(request.url())) events.push('code arrived');
  });
  return events;
}

describe('the first screen', () => {
  it('a cold order list asks for its orders before its code has arrived, and only once', async () => {
    const page = await browser.newPage();
    const events = watch(page);
    await openAs(page, '/app/orderprocessinglist', 'standard@demo.test');
    await page.getByTestId('order-link').first().waitFor();
    await settled(page);
    expect(events.filter((e) => e === 'orders asked')).toHaveLength(1);
    expect(events.indexOf('orders asked')).toBeLessThan(events.indexOf('code arrived'));
    // The tabs' counts came with it: they are shown without another round.
    await page.getByTestId('order-count-all').waitFor();
  });

  it('a nav link loads its screen when the pointer rests on it, before the click', async () => {
    const page = await browser.newPage();
    await openAs(page, '/app/offerlist', 'standard@demo.test');
    await settled(page);
    const events = watch(page);
    await page.getByTestId('nav-orderProcessing').hover();
    await expect.poll(() => events.includes('code arrived') && events.includes('orders asked')).toBe(true);
    await page.getByTestId('nav-orderProcessing').click();
    await page.getByTestId('order-link').first().waitFor();
    await settled(page);
    expect(events.filter((e) => e === 'orders asked')).toHaveLength(1);
  });
});
