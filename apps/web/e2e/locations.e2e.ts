/**
 * The branches (customer locations) as their people use them: a regional manager lands on the list of the
 * region, filters it red, opens a branch and an installation and downloads its PDF; a branch manager with one
 * branch lands on it and sees no other; the office creates a branch, assigns an installation and removes it
 * again; and a branch list is imported from a CSV after its preview, imported again with its changes shown,
 * and the run undone by an admin.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api, baseUrl, login, openAs, screenshot, setUpBrowser, withTenant } from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);
const SLIDING_DOOR_TYPE = '0b7c1a10-0001-4000-8000-000000000001';

const _signedIn = (page: Page) => page.waitForURL((u) => !u.pathname.includes('/login'));
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
// The visible one: the protocol names the link with the same words ('Anlage zugeordnet') in a row further down.
const toast = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).filter({ visible: true }).first().waitFor();

async function demoTenant(token: string) {
  const tenants = await api<{ docs: { _id: string }[] }>('GET', '/tenants?search=Rhein-Main', undefined, token);
  const tenant = tenants.docs[0];
  if (!tenant) throw new Error('demo tenant missing');
  return tenant._id;
}

async function createBook(title: string) {
  const token = await adminToken();
  const tenant = await demoTenant(token);
  const res = await fetch(`${baseUrl()}/api/v1/books`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-tenant': tenant },
    body: JSON.stringify({
      title,
      // The branch's customer: a book of another customer is refused (decision 038).
      customer: 'FrischeMarkt GmbH & Co. KG',
      object: 'Lagerhalle',
      site: 'Tor 3',
      bookType: SLIDING_DOOR_TYPE,
    }),
  });
  if (!res.ok) throw new Error(`POST /books: ${res.status} ${await res.text()}`);
  return (await res.json()) as { _id: string };
}

describe('branches', () => {
  it('a regional manager lands on the region, filters red, opens a branch and an installation and gets its PDF', async () => {
    const page = await browser.newPage();
    await login(page, 'filiale-regional@demo.test');
    await page.waitForURL(/\/app\/customerlocationlist$/);
    // The bar counts the twelve branches of the region; red is a filter in the address.
    await expect.poll(() => page.getByTestId('ampel-filter-all-count').textContent()).toBe('12');
    const red = Number(await page.getByTestId('ampel-filter-red-count').textContent());
    expect(red).toBeGreaterThan(0);
    await page.getByTestId('ampel-filter-red').click();
    await expect.poll(() => query(page)).toEqual({ ampel: 'red' });
    await expect.poll(() => page.getByTestId('ampel-filter-red').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('location-row').count()).toBe(red);
    for (const badge of await page.getByTestId('location-row').getByTestId('location-ampel').all()) {
      expect(await badge.getAttribute('data-ampel')).toBe('red');
    }
    // No 'Neue Filiale' and no import for a branch user.
    expect(await page.getByTestId('location-new').count()).toBe(0);
    expect(await page.getByTestId('location-import').count()).toBe(0);

    await page.getByTestId('location-row').first().click();
    await page.waitForURL(/\/app\/customerlocation\/[0-9a-f-]{36}$/);
    await page.getByTestId('location-details').waitFor();
    expect(await page.getByTestId('location-page-ampel').getAttribute('data-ampel')).toBe('red');
    expect(await page.getByTestId('location-form').count()).toBe(0);
    expect(await page.getByTestId('protocol').count()).toBe(0);
    const book = page.getByTestId('location-book-link').first();
    const title = (await book.textContent()) ?? '';
    await book.click();
    await page.waitForURL(/\/app\/book\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await page.getByText(title).first().waitFor();
    // The red branch's installation says since when its inspection is overdue, or when it is due.
    expect(await page.getByTestId('book-ampel').first().textContent()).toMatch(
      /^Prüfung (überfällig seit|fällig am) \d\d\.\d\d\.\d{4}$/,
    );
    await page.getByTestId('book-pdf-menu').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pdf-book').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });

  it('a branch manager with one branch lands on it and sees no other', async () => {
    const page = await browser.newPage({ width: 390 });
    await login(page, 'filiale-default@demo.test');
    await page.waitForURL(/\/app\/customerlocation\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: /Nr\. 4101/ }).waitFor();
    // Back would lead to the list, which leads here again: no way back is offered.
    expect(await page.getByRole('link', { name: 'Zurück' }).count()).toBe(0);
    expect(await page.getByTestId('location-book').count()).toBeGreaterThan(0);
    // A search stays on the list: of Frankfurt's branches only hers is there, and the bar counts one in all.
    await page.goto('/app/customerlocationlist?search=Frankfurt');
    await page.getByTestId('location-card').first().waitFor();
    await expect.poll(() => page.getByTestId('location-card').count()).toBe(1);
    expect(await page.getByTestId('location-total').textContent()).toBe('1 Filiale');
    await expect.poll(() => page.getByTestId('ampel-filter-all-count').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('location-card').first().textContent()).toContain('4101');
    // On the phone's card both colours are named ('Prüfung', 'Eigenprüfung'), and what a colour means is a tap away.
    const card = (await page.getByTestId('location-card').first().textContent()) ?? '';
    expect(card).toContain('Prüfung');
    expect(card).toContain('Eigenprüfung');
    await page.getByTestId('ampel-legend').getByText('Was bedeuten die Farben?').click();
    await page.getByTestId('ampel-legend').getByText('wegen eines Mangels stillgelegt', { exact: false }).waitFor();
    // The search finds a branch as the list names it, and by its street (issue 31 item 8).
    const token = await adminToken();
    const street = (
      await withTenant<{ docs: { address: { street: string } }[] }>(
        'GET',
        '/customerlocation?search=4101',
        await demoTenant(token),
        token,
      )
    ).docs[0]?.address.street;
    expect(street).toBeTruthy();
    for (const term of ['Nr. 4101', street as string]) {
      await page.goto(`/app/customerlocationlist?search=${encodeURIComponent(term)}`);
      await expect.poll(() => page.getByTestId('location-card').first().textContent()).toContain('4101');
    }
  });

  it('the office creates a branch, assigns an installation, is refused another branch’s, and removes it', async () => {
    const bookTitle = `Rolltor Lager ${run}`;
    await createBook(bookTitle);
    const page = await browser.newPage();
    await openAs(page, '/app/customerlocationlist', 'project@demo.test');
    await page.getByTestId('location-new').click();
    await page.waitForURL(/\/app\/customerlocation$/);
    // Without ZNL, Nr and SAP-Nr the form refuses.
    await page.getByTestId('location-save').click();
    await page.getByText('Dieses Feld wird benötigt.').first().waitFor();
    await page.getByTestId('location-znl').fill('E2E');
    await page.getByTestId('location-nr').fill(`N-${run}`);
    // A new branch has no customer until one is chosen (decision 039).
    expect(await page.getByTestId('location-customer').inputValue()).toBe('');
    await page.getByTestId('location-customer').click();
    await page.getByRole('option', { name: 'Einzelhandelskunde' }).click();
    await page.getByTestId('location-address-edit').click();
    await page.getByLabel('PLZ', { exact: true }).fill('60311');
    await page.getByLabel('Ort', { exact: true }).fill('Frankfurt am Main');
    await page.getByTestId('location-save').click();
    await toast(page, 'Angelegt!');
    await page.waitForURL(/\/app\/customerlocation\/[0-9a-f-]{36}$/);
    await page.getByTestId('location-books-empty').waitFor();

    // Assign: found as typed, linked, listed.
    await page.getByTestId('assign-book-search').fill(`Rolltor Lager ${run}`);
    await page.getByRole('option', { name: new RegExp(bookTitle) }).click();
    await page.getByTestId('assign-book-submit').click();
    await toast(page, 'Anlage zugeordnet');
    await expect.poll(() => page.getByTestId('location-book').count()).toBe(1);
    expect(await page.getByTestId('location-book-link').textContent()).toBe(bookTitle);

    // A door of another branch is not moved by accident: the picker and then the server name its branch.
    await page.getByTestId('assign-book-search').fill('FrischeMarkt 4101 – Eingangstür');
    const door = page.getByRole('option', { name: /FrischeMarkt 4101 – Eingangstür/ });
    await expect.poll(() => door.textContent()).toContain('in Filiale ZNL Rhein-Main · Nr. 4101');
    await door.click();
    await page.getByTestId('assign-book-submit').click();
    await toast(
      page,
      'Das Prüfbuch ist bereits der Filiale ZNL Rhein-Main · Nr. 4101 zugeordnet. Bitte dort zuerst entfernen.',
    );
    expect(await page.getByTestId('location-book').count()).toBe(1);

    // The protocol names the linked installation by its title.
    await page.getByTestId('protocol-row').filter({ hasText: bookTitle }).first().waitFor();

    // Remove: asked first, the book stays, the branch is empty again.
    await page.getByTestId('location-book-remove').click();
    await page.getByTestId('confirm-remove').click();
    await toast(page, 'Erfolgreich entfernt');
    await page.getByTestId('location-books-empty').waitFor();

    // An empty branch may go.
    await page.getByTestId('location-delete').click();
    await page.getByTestId('confirm-delete').click();
    await toast(page, 'Gelöscht!');
    await page.waitForURL(/\/app\/customerlocationlist$/);
  });

  it('imports branches from a CSV after a preview with its own column choice and a row with an error', async () => {
    const csv = [
      'ZNL;Filial-Nr.;SAP-Nr.;Straße;Hausnr.;PLZ;Standort',
      `Import-${run};7001;;Hafenstraße;1;20457;Hamburg`,
      `Import-${run};7002;;Kaistraße;2;20457;Hamburg`,
      ';;;Ohne Nummer;3;20457;Hamburg',
    ].join('\n');
    const page = await browser.newPage();
    await openAs(page, '/app/customerlocationlist', 'project@demo.test');
    await page.getByTestId('location-import').click();
    await chooseCustomer(page);
    await page
      .getByTestId('import-dialog')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'filialen.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv, 'utf8'),
      });
    await page.getByTestId('import-preview').waitFor();
    await expect.poll(() => page.getByTestId('import-count-create').textContent()).toBe('2 neu');
    expect(await page.getByTestId('import-count-error').textContent()).toBe('1 mit Fehlern');
    expect(await page.getByTestId('import-row-errors').textContent()).toContain('Nr.: Dieses Feld wird benötigt.');
    // 'Standort' is no name the guess knows: the city column is chosen by hand and the preview made again.
    expect(await page.getByTestId('import-map-location').inputValue()).toBe('– keine –');
    await page.getByTestId('import-map-location').click();
    await page.getByRole('option', { name: 'G · Standort' }).click();
    expect(await page.getByTestId('import-submit').isDisabled()).toBe(true);
    await page.getByTestId('import-preview-again').click();
    await expect
      .poll(() => page.getByTestId('import-row').filter({ hasText: '7001' }).textContent())
      .toContain('Hamburg');
    // Rows with errors block the import until they are skipped.
    expect(await page.getByTestId('import-submit').isDisabled()).toBe(true);
    await page.getByTestId('import-skip-invalid').check();
    await page.getByTestId('import-submit').click();
    await toast(page, 'Import abgeschlossen: 2 neu, 0 aktualisiert.');
    await page.getByTestId('import-submit').waitFor({ state: 'detached' });

    await page.getByTestId('location-search').fill(`Import-${run}`);
    await expect.poll(() => page.getByTestId('location-row').count()).toBe(2);
    expect(await page.getByTestId('location-row').first().textContent()).toContain('20457 Hamburg');
  });

  it('re-imports without damage, shows each change as old → new, and an admin undoes the run', async () => {
    const csv = (street: string) =>
      ['ZNL;Filial-Nr.;Straße;PLZ;Ort;Bemerkung', `Reimport-${run};8001;${street};60313;Frankfurt am Main;`].join('\n');
    const upload = async (page: Page, name: string, content: string) => {
      await page
        .getByTestId('import-dialog')
        .locator('input[type="file"]')
        .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
      await page.getByTestId('import-preview').waitFor();
    };
    const page = await browser.newPage();
    await openAs(page, '/app/customerlocationlist', 'project@demo.test');
    await page.getByTestId('location-import').click();
    // Without a customer there is no preview: the dialog asks for it first.
    await page
      .getByTestId('import-dialog')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'erst.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('Zeil 85'), 'utf8') });
    await page.getByTestId('import-customer-first').waitFor();
    await chooseCustomer(page);
    await expect.poll(() => page.getByTestId('import-count-create').textContent()).toBe('1 neu');
    await page.getByTestId('import-submit').click();
    await toast(page, 'Import abgeschlossen: 1 neu, 0 aktualisiert.');
    await page.getByTestId('import-submit').waitFor({ state: 'detached' });

    // The same branch again, moved to number 87a, its note cell empty: one change, the note kept.
    await page.getByTestId('location-import').click();
    await chooseCustomer(page);
    await upload(page, 'zweit.csv', csv('Zeil 87a'));
    await expect.poll(() => page.getByTestId('import-count-update').textContent()).toBe('1 aktualisiert');
    await expect.poll(() => page.getByTestId('import-change').first().textContent()).toBe('Hausnummer: 85 → 87a');
    await screenshot(page, 'locations-import-preview-changes', { fullPage: true });
    await page.getByTestId('import-submit').click();
    await toast(page, 'Import abgeschlossen: 0 neu, 1 aktualisiert.');
    await page.getByTestId('import-submit').waitFor({ state: 'detached' });
    // The office imports but does not see the runs.
    expect(await page.getByTestId('location-import-runs').count()).toBe(0);
    await page.close();

    const admin = await browser.newPage();
    await openAs(admin, '/app/customerlocationlist', 'admin@demo.test');
    await admin.getByTestId('location-import-runs').click();
    await admin.getByTestId('import-run').first().waitFor();
    await expect.poll(() => admin.getByTestId('import-run').count()).toBeGreaterThanOrEqual(3);
    const newest = admin.getByTestId('import-run').first();
    expect(await newest.textContent()).toContain('zweit.csv');
    await screenshot(admin, 'locations-import-runs', { fullPage: true });
    await newest.getByTestId('import-run-undo').click();
    await admin.getByTestId('import-run-undo-confirm').click();
    await toast(admin, 'Der Importlauf wurde rückgängig gemacht.');
    await expect.poll(() => newest.getAttribute('data-undone')).toBe('true');
    // The branch is back at number 85.
    await admin.keyboard.press('Escape');
    await admin.getByTestId('location-search').fill(`Reimport-${run}`);
    await expect.poll(() => admin.getByTestId('location-row').first().textContent()).toContain('Zeil 85');
    expect(await admin.getByTestId('location-row').first().textContent()).not.toContain('87a');
  });
});

/** The import's customer: the retail customer of the demo. */
async function chooseCustomer(page: Page) {
  await page.getByTestId('import-customer').click();
  await page.getByRole('option', { name: 'Einzelhandelskunde' }).click();
}
