/**
 * The installable app shell (issue 33 item 1, decision 060): the manifest is served, the service worker takes the
 * page over after the first visit, and with the network cut a reload still brings the app and the code of a
 * screen opened before; no script or stylesheet fails to load offline.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, openAs, screenshot, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

/**
 * Scripts and stylesheets that failed to load since the call: none may, offline. A load the reload itself cut
 * short (the old page's idle imports, ERR_ABORTED) is no failure of the cache.
 */
function failedAssets(page: Page) {
  const failed: string[] = [];
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText.includes('ERR_ABORTED')) return;
    if (/\.(js|css)$/.test(new URL(r.url()).pathname)) failed.push(`${r.url()} ${r.failure()?.errorText}`);
  });
  return failed;
}

describe('the app shell', () => {
  it('is installable, and after one visit the shell and a screen opened before load with the network cut', async () => {
    const manifest = await fetch(`${baseUrl()}/app/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(await manifest.json()).toMatchObject({ start_url: '/app/', scope: '/app/', display: 'standalone' });

    const page = await browser.newPage({ width: 1280, serviceWorkers: 'allow' });
    await openAs(page, '/app/orderprocessinglist', 'standard@demo.test');
    await page.getByTestId('order-row').first().waitFor();
    // The worker registers once the first screen is idle and precaches the shell and every screen's code.
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), {
        timeout: 30_000,
      })
      .toBe(true);
    // A reload puts the page under the worker.
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.getByTestId('order-row').first().waitFor();

    const failed = failedAssets(page);
    await page.context().setOffline(true);
    await page.reload();
    // The shell: the app's own page (not the browser's offline page), its header and navigation, and the header
    // says the app is offline.
    await page.getByRole('navigation').first().waitFor();
    await page.getByTestId('connection-offline').waitFor();
    expect(await page.title()).toContain('Prüfbuch');
    // Another screen's code comes from the cache too (its data cannot, offline).
    await page.evaluate(() => {
      window.history.pushState({}, '', '/app/capacities');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForTimeout(1000);
    expect(failed).toEqual([]);
    await screenshot(page, 'app-shell-offline-1280');
    await page.context().setOffline(false);
    await page.getByTestId('connection-offline').waitFor({ state: 'detached' });
  });
});

describe('reduced motion', () => {
  it('leaves out animations and transitions for whoever asks their system for less motion, and only for them', async () => {
    const page = await browser.newPage({ reducedMotion: 'no-preference' });
    await page.goto('/app/admin/login');
    await page.getByRole('button', { name: /^Anmelden$/ }).waitFor();
    /** The computed durations (in seconds) and repeats of an element with a transition and an endless animation. */
    const motion = () =>
      page.evaluate(() => {
        const el = document.createElement('div');
        el.style.transition = 'opacity 1s';
        el.style.animation = 'spin 2s infinite';
        document.body.append(el);
        const style = getComputedStyle(el);
        const result = [
          Number.parseFloat(style.transitionDuration),
          Number.parseFloat(style.animationDuration),
          style.animationIterationCount,
        ];
        el.remove();
        return result;
      });
    expect(await motion()).toEqual([1, 2, 'infinite']);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const [transition, animation, repeats] = await motion();
    expect(transition).toBeLessThan(0.001);
    expect(animation).toBeLessThan(0.001);
    expect(repeats).toBe('1');
  });
});
