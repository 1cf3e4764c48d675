/**
 * The door component catalogue (decision 025): an admin finds it in the user menu, searches a code, narrows by
 * kind; on a phone the rows are cards.
 */
import { describe, expect, it } from 'vitest';
import { openAs, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

describe('door component catalogue', () => {
  it('lists the starter set, searched and narrowed by kind', async () => {
    const page = await browser.newPage({ width: 1280 });
    await openAs(page, '/app/', 'admin@demo.test');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Türkomponenten' }).click();
    await page.waitForURL(/\/app\/admin\/component_list/);

    await page.getByTestId('component-search').fill('SA-2-FR');
    const row = page.getByTestId('component-row').filter({ hasText: 'SA-2-FR' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Schiebetürantrieb 2-flügelig, Fluchtweg (redundant)');
    expect(await row.textContent()).toContain('Antrieb');

    await page.getByTestId('component-search').fill('');
    await page.getByTestId('component-kind-filter').click();
    await page.getByRole('option', { name: 'Stromart' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('power');
    await expect.poll(() => page.getByTestId('component-row').count()).toBe(7);
    const texts = await page.getByTestId('component-row').allTextContents();
    expect(texts.every((t) => t.includes('Stromart'))).toBe(true);
  });

  it('creates an entry and changes its text', async () => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const page = await browser.newPage({ width: 1280 });
    await openAs(page, '/app/admin/component_list', 'admin@demo.test');
    await page.getByTestId('component-new').click();
    await page.getByTestId('component-code').fill(code);
    await page.getByTestId('component-text').fill('Radar-Bewegungsmelder Sonderausführung');
    await page.getByTestId('component-kind').click();
    await page.getByRole('option', { name: 'Sicherheitssensor' }).click();
    await page.getByTestId('component-save').click();
    await page.getByTestId('component-search').fill(code);
    const row = page.getByTestId('component-row').filter({ hasText: code });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Sicherheitssensor');

    await row.getByTestId('component-edit').click();
    await page.getByTestId('component-text').fill('Radar-Bewegungsmelder, geändert');
    await page.getByTestId('component-save').click();
    await expect.poll(() => row.textContent()).toContain('Radar-Bewegungsmelder, geändert');
  });

  it('shows cards at 390 px', async () => {
    const page = await browser.newPage({ width: 390 });
    await openAs(page, '/app/admin/component_list?kind=wings', 'admin@demo.test');
    await expect.poll(() => page.getByTestId('component-card').count()).toBe(10);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
