/**
 * The cost list (issue 14): a production lead adds a time-effort template, saves it, and removes it again
 * after the question.
 */
import { randomUUID } from 'node:crypto';
import type { CostList } from '@pruefbuch/domain/schemas/capacity';
import { describe, expect, it } from 'vitest';
import { adminInDemoTenant, openAs, setUpBrowser, withTenant } from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);

describe('cost list', () => {
  it('the cost list keeps time-effort templates: add one, save, remove it after the question', async () => {
    const { token, tenant } = await adminInDemoTenant();
    const page = await browser.newPage();
    await openAs(page, '/app/costlist', 'leiterfertigung@demo.test');
    await page.getByTestId('costlist-template-add').click();
    const row = page.getByTestId('costlist-template-row').last();
    await row.getByTestId('costlist-template-name').fill(`Karusselltür ${run}`);
    await row.getByLabel('Antrieb').fill('240');
    await page.getByTestId('costlist-save').click();
    await page.getByText('Gespeichert!', { exact: true }).first().waitFor();
    const saved = await withTenant<CostList>('GET', '/costlist/find/first', tenant, token);
    const template = saved.vorlagen.find((v) => v.name === `Karusselltür ${run}`);
    expect(template?.zeitaufwandAntrieb).toBe(240);
    expect(template?._id).toBeTruthy();

    const rows = page.getByTestId('costlist-template-row');
    const count = await rows.count();
    await rows
      .filter({ has: page.locator(`input[value="Karusselltür ${run}"]`) })
      .getByTestId('costlist-template-remove')
      .click();
    await page.getByTestId('costlist-template-remove-confirm').click();
    await expect.poll(() => rows.count()).toBe(count - 1);
    await page.getByTestId('costlist-save').click();
    await expect
      .poll(async () =>
        (await withTenant<CostList>('GET', '/costlist/find/first', tenant, token)).vorlagen.some(
          (v) => v.name === `Karusselltür ${run}`,
        ),
      )
      .toBe(false);
  });
});
