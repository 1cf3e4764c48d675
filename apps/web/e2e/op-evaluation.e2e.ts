/**
 * The operations evaluation shows the orders of the current tenant per month: the demo orders of the
 * last twelve months in chart and table, a new order counted as received in this month, the CSV
 * export with the server's figures, the empty state for a range without orders, at 390 px the screen
 * does not overflow sideways, and at 1280 px the whole table fits beside the navigation.
 */
import { readFile } from 'node:fs/promises';
import type { OpEvaluationReply } from '@pruefbuch/domain/schemas/op-evaluation';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, downloadedFile, login, setUpBrowser, withTenant } from './fixtures';

const browser = setUpBrowser();

async function signedInAdmin(width: number) {
  const page = await browser.newPage({ width });
  await login(page, 'admin@demo.test');
  await page.waitForURL((u) => !u.pathname.includes('/login'));
  const tenant = await page.evaluate(() => localStorage.getItem('pruefbuch.currentTenant'));
  if (!tenant) throw new Error('no current tenant');
  return { page, tenant };
}

/** The orders received of the total row: its second cell ('1.234' → 1234). */
const received = async (page: Page) =>
  Number(
    ((await page.getByTestId('opevaluation-total').locator('th').nth(1).textContent()) ?? '-1').replace(/\./g, ''),
  );

describe('operations evaluation', () => {
  it('shows the orders per month, counts a new order, and exports CSV', async () => {
    const { page, tenant } = await signedInAdmin(1280);
    const token = await adminToken();
    await page.goto('/app/opevaluation');
    await page.getByRole('heading', { name: 'Auswertung Auftragsabwicklung' }).waitFor();
    await page.getByTestId('opevaluation-chart').waitFor();
    // The last twelve calendar months, this one included.
    await expect.poll(() => page.getByTestId('opevaluation-row').count()).toBe(12);
    const before = await received(page);
    expect(before).toBeGreaterThan(0);

    // A new order is received today.
    await withTenant('POST', '/orders', tenant, token, { objekt: 'E2E Ärztehaus Bad Vilbel', abnr: 'AB-26-9999' });
    await page.reload();
    await expect.poll(() => received(page)).toBe(before + 1);

    // The CSV holds the server's total.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('opevaluation-export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^Auswertung_Auftragsabwicklung-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile(await downloadedFile(download), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]?.startsWith('Monat;Eingegangen;Montiert')).toBe(true);
    expect(csv.at(-1)?.startsWith(`Gesamt;${before + 1};`)).toBe(true);

    // A range long before the demo: the empty state.
    await page.goto('/app/opevaluation?from=2019-01-01&to=2019-03-31');
    await page.getByTestId('opevaluation-empty').waitFor();
  });

  it('answers the same figures as the API, per department', async () => {
    const { page, tenant } = await signedInAdmin(1280);
    const token = await adminToken();
    await page.goto('/app/opevaluation?from=2025-01-01&to=2026-12-31&department=2');
    await page.getByTestId('opevaluation-total').waitFor();
    const reply = await withTenant<OpEvaluationReply>(
      'GET',
      '/orders/getOpevaluation/all?from=2025-01-01&to=2026-12-31&department=2',
      tenant,
      token,
    );
    expect(await received(page)).toBe(reply.total.received);
  });

  it('works at 390 px: nothing overflows the screen sideways, the table scrolls in its frame, the bars lie across', async () => {
    const { page } = await signedInAdmin(390);
    await page.goto('/app/opevaluation');
    await page.getByTestId('opevaluation-chart').waitFor();
    await page.getByTestId('opevaluation-total').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The counts chart lays its bars across: each month a label of its own on the upright axis.
    const months = await page.getByTestId('opevaluation-row').count();
    const ticks = page.getByTestId('opevaluation-chart').locator('.recharts-yAxis .recharts-cartesian-axis-tick');
    expect(months).toBeGreaterThan(1);
    await expect.poll(() => ticks.count()).toBe(months);
  });

  it('shows the whole table beside the navigation at 1280 px, without scrolling it sideways', async () => {
    const { page } = await signedInAdmin(1280);
    await page.goto('/app/opevaluation');
    await page.getByTestId('opevaluation-total').waitFor();
    // The table's frame (Table.ScrollContainer) scrolls only when the table is wider than the frame.
    const hidden = await page
      .getByTestId('opevaluation-table')
      .evaluate((table) => table.getBoundingClientRect().width - (table.parentElement?.clientWidth ?? 0));
    expect(hidden).toBeLessThanOrEqual(0);
    // The last column's heading, under its group's, ends inside the window.
    await expect.poll(() => page.getByRole('columnheader', { name: 'Summen in €' }).isVisible()).toBe(true);
    const last = await page.getByRole('columnheader', { name: 'Montiert, nicht verrechnet' }).boundingBox();
    expect(last && last.x + last.width).toBeLessThanOrEqual(1280);
  });
});
