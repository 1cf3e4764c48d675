/**
 * Nothing the office reads at a glance is cut off on the usual laptop widths: the status and ampel badges of
 * the book lists and the name of the current tenant, in the header and in a per-tenant list's own select.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api, login, settled, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

/** Badges and the tenant select whose text does not fit their box (shown with an ellipsis). */
const cutOff = (page: Page) =>
  page.evaluate(() => {
    const cut: string[] = [];
    for (const el of document.querySelectorAll('.mantine-Badge-root, .mantine-Badge-label')) {
      if (el.scrollWidth > el.clientWidth + 1) cut.push(`badge ${el.textContent}`);
    }
    // The header's picker, and the per-tenant lists' own 'Mandant' select.
    for (const picker of document.querySelectorAll<HTMLInputElement>(
      '[data-testid="tenant-picker"], [data-testid="list-tenant"]',
    )) {
      if (picker.offsetParent && picker.scrollWidth > picker.clientWidth + 1) cut.push(`tenant ${picker.value}`);
    }
    return cut;
  });

describe('layout', () => {
  it.each([1280, 1366])('cuts off no badge and no tenant name at %i px', async (width) => {
    const tenants = await api<{ docs: { _id: string }[] }>(
      'GET',
      '/tenants?search=Rhein-Main',
      undefined,
      await adminToken(),
    );
    const tenant = tenants.docs[0]?._id ?? '';
    const page = await browser.newPage({ width });
    await login(page, 'admin@demo.test');
    await page.waitForURL((u) => !u.pathname.includes('/login'));
    for (const path of [
      `/app/map/${tenant}/`,
      '/app/allmyinspections',
      '/app/admin/tenant_list/',
      // Lists of one tenant, opened from 'Meine Prüfungen'.
      `/app/allinspectionsinprogress/${tenant}`,
      `/app/statistik_gutachten/${tenant}`,
    ]) {
      await page.goto(path);
      await page.locator('[data-testid="tenant-picker"]:visible').waitFor();
      await page.locator('main h1, main h2').first().waitFor();
      await settled(page);
      expect(await cutOff(page), path).toEqual([]);
    }
  });

  it('on a touch screen, icon buttons, page buttons and small buttons are at least 36 px each way', async () => {
    const page = await browser.newPage({ width: 390, touch: true });
    await login(page, 'leiterfertigung@demo.test');
    await page.waitForURL(/\/app\/capacities/);
    // The planning board: its cards' menus (icon buttons) and the list's small buttons.
    await page.getByTestId('slot-menu').first().waitFor();
    const small = async (page: Page) =>
      page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            '.mantine-ActionIcon-root, .mantine-Button-root, button.mantine-Anchor-root',
          ),
        ]
          .filter((el) => el.offsetParent && !el.closest('.mantine-Input-section'))
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ el, box }) => box.height < 36 || (el.matches('.mantine-ActionIcon-root') && box.width < 36))
          .map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent} ${box.width}×${box.height}`),
      );
    expect(await small(page)).toEqual([]);
    // The warehouse's start: the order list with its pager.
    const warehouse = await browser.newPage({ width: 390, touch: true });
    await login(warehouse, 'lager@demo.test');
    await warehouse.waitForURL((u) => !u.pathname.includes('/login'));
    await warehouse.getByRole('heading', { name: 'Auftragsabwicklung' }).waitFor();
    await settled(warehouse);
    expect(await small(warehouse)).toEqual([]);
    // A number field has no up/down arrows on a phone: its number keyboard does their work.
    await warehouse.getByTestId('order-link').first().click();
    await warehouse.locator('.mantine-NumberInput-root').first().waitFor();
    expect(await warehouse.locator('.mantine-NumberInput-controls:visible').count()).toBe(0);
  });
});
