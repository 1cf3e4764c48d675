/**
 * The record reads as people speak (issue 31 item 8, decision 053): a user who switches to English signs out,
 * signs in again on another device and reads the order list in English, its dates as 27/11/2026; one save of
 * an order shows one toast, not two.
 */
import { randomUUID } from 'node:crypto';
import { ORDER_DEFAULTS } from '@pruefbuch/domain/schemas/order';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminInDemoTenant, createAccount, login, settled, setUpBrowser, withTenant } from './fixtures';

const browser = setUpBrowser();

/** An office account of its own in the demo tenant, with one order planned for Friday 27 November 2026. */
async function world() {
  const { token, tenant } = await adminInDemoTenant();
  const account = await createAccount(3, 'start-pw-1', [tenant]);
  const objekt = `E2E Sprache ${randomUUID().slice(0, 8)}`;
  await withTenant('POST', '/orders', tenant, token, {
    objekt,
    kunde: 'E2E Kunde',
    vkid: { ...ORDER_DEFAULTS.vkid, geplante_montage_date: '2026-11-27' },
  });
  return { account, objekt };
}

const toasts = (page: Page) => page.locator('.mantine-Notification-root');

describe('language and toasts', () => {
  it('keeps English for the user: signed out and in again elsewhere, the dates read 27/11/2026', async () => {
    const { account, objekt } = await world();
    const list = `/app/orderprocessinglist?search=${encodeURIComponent(objekt)}`;
    const row = (page: Page) => page.getByTestId('order-row').filter({ hasText: objekt });

    const page = await browser.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL((u) => !u.pathname.includes('/login'));
    await page.goto(list);
    await row(page).getByText('27.11.2026').waitFor();

    await page.getByTitle('English').click();
    await row(page).getByText('27/11/2026').waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    const stored = page.waitForResponse((r) => r.url().includes('/api/v1/users/logout'));
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await stored;

    // Another device: its browser never chose a language, so the sign-in screen is German.
    const other = await browser.newPage();
    await login(other, account.email, account.password);
    await other.waitForURL((u) => !u.pathname.includes('/login'));
    await expect.poll(() => other.evaluate(() => document.documentElement.lang)).toBe('en');
    await other.goto(list);
    await row(other).getByText('27/11/2026').waitFor();
    expect(await row(other).textContent()).not.toContain('27.11.2026');
  });

  it('shows one toast for one save of an order', async () => {
    const { account, objekt } = await world();
    const page = await browser.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL((u) => !u.pathname.includes('/login'));
    await page.goto(`/app/orderprocessinglist?search=${encodeURIComponent(objekt)}`);
    await page.getByTestId('order-row').filter({ hasText: objekt }).click();
    await page.getByTestId('order-objekt').waitFor();
    await settled(page);

    await page.getByTestId('order-kunde').fill('E2E Kunde geändert');
    await page.getByTestId('order-save').click();
    await page.getByText('Gespeichert!', { exact: true }).waitFor();
    // A second toast of the same save (a generic one beside a specific one, or one of a reload) would come
    // with the reply or the reads after it: the screen is settled before the toasts are counted.
    await settled(page);
    await page.waitForTimeout(500);
    // A success toast closes after 3 s, which a busy machine may reach by now: no other toast, and not two of it.
    expect(await toasts(page).filter({ hasNotText: 'Gespeichert!' }).count()).toBe(0);
    expect(await toasts(page).filter({ hasText: 'Gespeichert!' }).count()).toBeLessThanOrEqual(1);
  });
});
