/**
 * 'Für unterwegs laden' (issue 33 item 2, decision 061): the technician loads the day on their start, the card
 * says how many books are kept and since when, and with the network cut a reload still shows it (IndexedDB).
 */
import { describe, expect, it } from 'vitest';
import { openAs, screenshot, settled, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

describe('the prepared day', () => {
  it('loads the books of the day on the technician start, and shows them offline after a reload', async () => {
    const page = await browser.newPage({ width: 1280, serviceWorkers: 'allow' });
    await openAs(page, '/app/', 'servicetechniker@demo.test');
    const card = page.getByTestId('offline-day');
    await card.waitFor();
    await settled(page);
    // The worker precaches the shell and every screen's code once the first screen is idle.
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), {
        timeout: 30_000,
      })
      .toBe(true);

    await page.getByTestId('offline-day-load').click();
    const status = page.getByTestId('offline-day-status');
    await status.waitFor();
    const text = (await status.textContent()) ?? '';
    expect(text).toMatch(/^\d+ Prüfbücher? offline verfügbar, Stand \d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    expect(Number(text.split(' ')[0])).toBeGreaterThan(0);
    await screenshot(page, 'offline-day-online-1280');

    // A reload under the worker, then with the network cut: the card reads IndexedDB.
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.getByTestId('offline-day-status').waitFor();
    await settled(page);
    // Shown online, the card has loaded the day again: the time may have moved on.
    const again = (await page.getByTestId('offline-day-status').textContent()) ?? '';
    expect(again.split(',')[0]).toBe(text.split(',')[0]);
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-day-status').textContent(), { timeout: 30_000 }).toBe(again);
    // What the server would have sent is not an alarm offline: a calm note below the card, no red error.
    const note = page.getByTestId('load-offline');
    await note.waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    const [cardBox, noteBox] = [await card.boundingBox(), await note.boundingBox()];
    expect(cardBox && noteBox && cardBox.y < noteBox.y).toBe(true);
    await screenshot(page, 'offline-day-offline-1280');
    await page.context().setOffline(false);
  });
});
