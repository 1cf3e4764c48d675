/**
 * Nothing the office reads at a glance is cut off on the usual laptop widths: the status and ampel badges of
 * the book lists and the name of the current tenant in the header.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api, login, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

/** Badges and the tenant select whose text does not fit their box (shown with an ellipsis). */
const cutOff = (page: Page) =>
  page.evaluate(() => {
    const cut: string[] = [];
    for (const el of document.querySelectorAll('.mantine-Badge-root, .mantine-Badge-label')) {
      if (el.scrollWidth > el.clientWidth + 1) cut.push(`badge ${el.textContent}`);
    }
    for (const picker of document.querySelectorAll<HTMLInputElement>('[data-testid="tenant-picker"]')) {
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
    for (const path of [`/app/map/${tenant}/`, '/app/allmyinspections', '/app/admin/tenant_list/']) {
      await page.goto(path);
      await page.locator('[data-testid="tenant-picker"]:visible').waitFor();
      await page.locator('.mantine-Badge-root').first().waitFor();
      expect(await cutOff(page), path).toEqual([]);
    }
  });
});
