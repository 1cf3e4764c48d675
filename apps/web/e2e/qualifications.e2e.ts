/**
 * Qualifications (issue 32 item 1, decision 055): a new service technician without a DIN 18650 qualification is
 * told before signing a door inspection that he may not sign it, and the server refuses the finalize; an admin
 * records his qualification (the matrix shows it); then he signs and finalizes. Screenshots land in test-results/.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminInDemoTenant,
  createAccount,
  germanDay,
  openAs,
  screenshot,
  setUpBrowser,
  sign,
  withTenant,
} from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);
/** The demo's sliding door type: its records need the automatic-door qualification. */
const SLIDING_DOOR_TYPE = '0b7c1a10-0001-4000-8000-000000000001';

const shot = (page: Page, name: string) => screenshot(page, `qualifications-${name}`, { fullPage: true });

describe('qualifications', () => {
  it('an admin records a technician’s DIN 18650 qualification, and then the technician finalizes a door inspection', async () => {
    const { token, tenant } = await adminInDemoTenant();
    const tech = await createAccount(9, 'start-pw-1', [tenant]);
    const book = await withTenant<{ _id: string }>('POST', '/books', tenant, token, {
      title: `Schiebetür Eingang ${run}`,
      customer: 'Stadtwerke Offenbach',
      object: 'Hallenbad Offenbach',
      site: 'EG Eingang',
      manufacturerNo: `SN-Q-${run}`,
      bookType: SLIDING_DOOR_TYPE,
      firstservice: null,
    });

    // Without the qualification: the editor says so above the signatures, before he signs.
    const page = await browser.newPage({ width: 390 });
    await openAs(page, `/app/book/${tenant}/${book._id}`, tech.email, tech.password);
    await page.getByTestId('new-inspection').click();
    await page.getByTestId('record-heading').waitFor();
    const missing = page.getByTestId('qualification-missing');
    await missing.waitFor();
    expect(await missing.textContent()).toContain('DIN 18650');
    await shot(page, 'missing-390');

    // The admin records it in the user administration; the matrix shows it.
    const admin = await browser.newPage({ width: 1280 });
    await openAs(admin, `/app/admin/useradministration/${tech.id}`, 'admin@demo.test');
    await admin.getByTestId('qualifications-section').waitFor();
    await admin.getByTestId('qualification-add').click();
    await admin.getByTestId('qualification-kind').click();
    await admin.getByRole('option', { name: /DIN 18650/ }).click();
    await admin.getByLabel('Nummer').fill(`TÜV-${run}`);
    await admin.getByTestId('qualification-valid-from').fill(germanDay(-30));
    await admin.getByTestId('qualification-save').click();
    await admin.getByTestId('qualification-automaticDoor').waitFor();
    await shot(admin, 'user-1280');
    await admin.goto('/app/admin/useradministration?view=qualifications');
    const row = admin.getByTestId(`matrix-row-${tech.id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Mustermann, Erika');
    expect(await row.locator('[data-state]').first().getAttribute('data-state')).toBe('valid');
    await shot(admin, 'matrix-1280');

    // Now he may: the editor names his qualification, he signs and finalizes.
    await page.reload();
    await page.getByTestId('record-heading').waitFor();
    await page.getByTestId('qualification-held').waitFor();
    await page.getByTestId('checklist-all-ok').click();
    await page.getByTestId('continued-operation').getByText('Ja', { exact: true }).click();
    await page.getByLabel('Name des Prüfers').fill('Erika Mustermann');
    await sign(page, 'signature-inspector');
    await page.getByTestId('record-finalize').click();
    await page.getByTestId('confirm-finalize').click();
    await expect.poll(() => page.getByTestId('record-status').first().textContent()).toMatch(/abgeschlossen/i);
  });
});
