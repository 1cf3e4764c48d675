/**
 * The offer evaluation shows offers the office recorded: three offers of the first quarter of 2019 (one
 * commissioned after its talk, one cancelled, one still waiting) appear in the success rate, the offer
 * times and the talk results with their figures; another department shows the empty state; the XLSX
 * export downloads the same figures; at 390 px the screen does not overflow sideways, and at 1280 px every
 * table fits without scrolling.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, downloadedFile, login, setUpBrowser, withTenant } from './fixtures';

const browser = setUpBrowser();

/** The admin signed in, on the tenant the browser works in. */
async function signedInAdmin(width: number) {
  const page = await browser.newPage({ width });
  await login(page, 'admin@demo.test');
  await page.waitForURL((u) => !u.pathname.includes('/login'));
  // The admin's start (its greeting) stands before the test clicks.
  await page.locator('main h1').first().waitFor();
  const tenant = await page.evaluate(() => localStorage.getItem('pruefbuch.currentTenant'));
  if (!tenant) throw new Error('no current tenant');
  return { page, tenant };
}

let created: Promise<void> | null = null;
/**
 * Q1 2019 (long before the demo offers): A received 1 Feb, offered 11 Feb at 1000 €, then commissioned;
 * B received 5 Feb, offered 8 Feb at 500 €, cancelled (price); C received 1 Mar, offered 4 Mar at 250.50 €.
 */
function createOffers(tenant: string) {
  created ??= (async () => {
    const token = await adminToken();
    const post = (body: object) =>
      withTenant<{ _id: string; __v: number }>('POST', '/offer', tenant, token, {
        receivedVia: 'kunde',
        objekt: 'Einkaufszentrum Main-Taunus',
        ...body,
      });
    const angebot = (offerNr: string, offerDate: string, offerSum: number, talkResult: string | null = null) => ({
      offerNr,
      offerDate,
      offerSum,
      offerFollowUpDate: null,
      talkResult,
      notes: '',
    });
    const a = await post({ receivedDate: '2019-02-01', angebot: angebot('E2E-A', '2019-02-11', 1000) });
    await post({
      receivedDate: '2019-02-05',
      angebot: angebot('E2E-B', '2019-02-08', 500, 'absage_preis_war_zu_hoch'),
    });
    await post({ receivedDate: '2019-03-01', angebot: angebot('E2E-C', '2019-03-04', 250.5) });
    // The talk went well: A is commissioned.
    await withTenant('PUT', `/offer/${a._id}`, tenant, token, {
      __v: a.__v,
      angebot: angebot('E2E-A', '2019-02-11', 1000, 'angebot_ist_beauftragt'),
    });
  })();
  return created;
}

/** Text with the non-breaking spaces of Intl ('1.750,50 €') as plain ones. */
const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\u00a0|\u202f/g, ' ');

async function chooseQ1(page: Page) {
  for (const [id, value] of [
    ['evaluation-from', '01.01.2019'],
    ['evaluation-to', '31.03.2019'],
  ] as const) {
    const field = page.getByTestId(id);
    await field.fill(value);
    await field.press('Enter');
    await field.blur();
  }
  await page.waitForURL(/from=2019-01-01/);
  await page.waitForURL(/to=2019-03-31/);
}

describe('offer evaluation', () => {
  it('shows the recorded offers in chart and table, per view, and exports them as XLSX', async () => {
    const { page, tenant } = await signedInAdmin(1280);
    await createOffers(tenant);

    await page.getByTestId('nav-offerEvaluation').click();
    await page.waitForURL(/\/app\/offerevaluation/);
    // The first range has loaded (chart or empty state) before another is typed in.
    await page.getByTestId('evaluation-chart').or(page.getByTestId('evaluation-empty')).first().waitFor();
    await chooseQ1(page);

    // Success rate: February has A and B, March C; the total all three.
    await page.getByTestId('evaluation-chart').waitFor();
    await expect.poll(() => page.getByTestId('evaluation-row').count()).toBe(3);
    const rows = page.getByTestId('evaluation-row');
    const feb = ((await rows.nth(1).textContent()) ?? '').replace(/\u00a0|\u202f/g, ' ');
    expect(feb).toContain('Feb. 2019');
    expect(feb).toContain('1.500,00 €');
    expect(feb).toContain('750,00 €');
    expect(feb).toContain('1 (50,0 %)');
    const total = await text(page, 'evaluation-total');
    expect(total).toContain('Gesamt');
    for (const figure of ['1.750,50 €', '583,50 €', '1.000,00 €', '1 (33,3 %)']) expect(total).toContain(figure);
    // The chart's bars are there: one stacked bar part per month and status with offers.
    expect(await page.locator('[data-testid="evaluation-chart"] .recharts-bar-rectangle').count()).toBeGreaterThan(0);

    // Offer times: receipt to offer 10 and 3 days in February (median 6.5), 3 in March.
    await page.getByTestId('evaluation-tab-angebotszeiten').click();
    await page.waitForURL(/view=angebotszeiten/);
    await expect.poll(() => text(page, 'evaluation-table')).toContain('4,8–8,3');
    const times = await text(page, 'evaluation-table');
    expect(times).toContain('6,5');

    // Talk results: A commissioned, B cancelled for its price, C without a result.
    await page.getByTestId('evaluation-tab-gespraechsresultat').click();
    await expect.poll(() => text(page, 'evaluation-table')).toContain('Absage: Preis war zu hoch');
    const results = await text(page, 'evaluation-table');
    expect(results).toContain('Ohne Gesprächsergebnis');
    await page.getByTestId('evaluation-tab-erfolgsquote').click();
    // The first view drops ?view= from the address; the export names the view rendered, so wait until the
    // page has rendered it: the address changes first, and on a busy machine a click in between exported
    // the view before.
    await page.waitForURL((url) => !url.searchParams.has('view'));
    await expect.poll(() => page.getByTestId('evaluation-tab-erfolgsquote').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('evaluation-total').waitFor();

    // The export downloads the view as the server writes it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('evaluation-export-xlsx').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Angebotsauswertung-Erfolgsquote-2019-01-01-2019-03-31.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await downloadedFile(download))) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const last = sheet ? (sheet.getRow(5).values as unknown[]).slice(1) : [];
    expect(last.slice(0, 6)).toEqual(['Gesamt', 3, 1750.5, 583.5, 1, 1000]);

    // No offer of these months is in order processing (OPM): the empty state.
    await page.getByTestId('evaluation-department').click();
    await page.getByRole('option', { name: 'Auftragsmanagement (OPM)' }).click();
    await page.waitForURL(/department=3/);
    await page.getByTestId('evaluation-empty').waitFor();
  });

  it('works at 390 px: nothing overflows the screen sideways, the table scrolls in its frame', async () => {
    const { page, tenant } = await signedInAdmin(390);
    await createOffers(tenant);
    await page.goto('/app/offerevaluation?from=2019-01-01&to=2019-03-31&view=ktbauswertung');
    await page.getByTestId('evaluation-chart').waitFor();
    await expect.poll(() => text(page, 'evaluation-table')).toContain('Ohne KTB');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The chosen tab is in view even though the tabs scroll.
    const box = await page.getByTestId('evaluation-tab-ktbauswertung').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  });

  it('fits at 1280 px: every table shows all its columns without scrolling sideways', async () => {
    const { page } = await signedInAdmin(1280);
    for (const view of ['erfolgsquote', 'angebotszeiten', 'ktbauswertung', 'gespraechsresultat', 'erhaltenueber']) {
      await page.goto(`/app/offerevaluation?view=${view}`);
      await page.getByTestId('evaluation-table').or(page.getByTestId('evaluation-empty')).first().waitFor();
      const sideways = await page.evaluate(() => {
        const table = document.querySelector('[data-testid="evaluation-table"]');
        const frame = table?.parentElement;
        return {
          page: document.documentElement.scrollWidth - window.innerWidth,
          table: table && frame ? table.scrollWidth - frame.clientWidth : 0,
        };
      });
      expect(sideways, view).toEqual({ page: 0, table: 0 });
    }
  });
});
