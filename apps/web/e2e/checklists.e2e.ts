/**
 * The checklist of a book type (decision 021): an admin changes the operator's list on the book type screen
 * (renames an item, removes one, adds one of their own and moves it up), and a new self-inspection of a book of
 * that type asks exactly those items; a sliding door's operator is never asked about storage heights.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminToken, api, openAs, setUpBrowser, withTenant } from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);

const itemTexts = (page: import('playwright-core').Page) =>
  page
    .getByTestId('checklist-item')
    .evaluateAll((items) =>
      items.map((item) => (item.querySelector('p')?.textContent ?? '').replace(/^\d+\.\s*/, '').trim()),
    );

describe('the checklist of a book type', () => {
  it('edited by an admin, is what a new self-inspection of its books asks', async () => {
    const token = await adminToken();
    const type = await api<{ _id: string }>(
      'POST',
      '/booktype',
      { type: `Schiebetür Fluchtweg ${run}`, component: 'DIN 18650 / EN 16005', selfserviceinterval: 1 },
      token,
    );
    const page = await browser.newPage({ width: 1280 });
    await openAs(page, `/app/admin/booktype/${type._id}`, 'admin@demo.test');

    // The operator's list starts as the norm list of a sliding door.
    await page.getByTestId('checklist-tab-operator').click();
    const editor = page.getByTestId('checklist-operator-editor');
    await editor.getByTestId('checklist-operator-norm').waitFor();
    const labels = editor.getByTestId('checklist-operator-label');
    await expect.poll(() => labels.count()).toBe(8);
    expect(await labels.first().inputValue()).toBe('Tür öffnet bei Annäherung zügig und schließt nach dem Durchgang');
    const removed = await labels.nth(1).inputValue();

    // Rename the first item, remove the second, add one of our own and move it to the top.
    const renamed = `Tür öffnet auch für Rollstuhlfahrer weit genug ${run}`;
    await labels.first().fill(renamed);
    await editor.getByTestId('checklist-operator-remove').nth(1).click();
    await editor.getByTestId('checklist-operator-add').click();
    const own = `Schlüsselschalter außen schaltet auf Dauer-Auf ${run}`;
    await labels.last().fill(own);
    // Up, seven times: from the end (8.) to the top.
    for (let at = 7; at > 0; at--) await editor.getByTestId('checklist-operator-up').nth(at).click();
    await expect.poll(() => labels.first().inputValue()).toBe(own);
    expect(await editor.getByTestId('checklist-operator-norm').count()).toBe(0);
    await page.getByTestId('booktype-save').click();
    await page.getByText('Gespeichert!').waitFor();

    // A reload shows the list as saved.
    await page.reload();
    await page.getByTestId('checklist-tab-operator').click();
    await expect.poll(() => labels.count()).toBe(8);
    expect(await labels.nth(0).inputValue()).toBe(own);
    expect(await labels.nth(1).inputValue()).toBe(renamed);

    // A new self-inspection of a book of this type asks exactly these items.
    const tenants = await api<{ docs: { _id: string }[] }>('GET', '/tenants?search=Rhein-Main', undefined, token);
    const tenantId = tenants.docs[0]?._id ?? '';
    const book = await withTenant<{ _id: string }>('POST', '/books', tenantId, token, {
      title: `Notausgang Kundencenter ${run}`,
      bookType: type._id,
    });
    const office = await browser.newPage({ width: 1280 });
    await openAs(office, `/app/book/${tenantId}/${book._id}`, 'standard@demo.test');
    await office.getByTestId('book-heading').waitFor();
    await office.getByTestId('new-self').click();
    await office.getByTestId('record-heading').waitFor();
    await expect.poll(() => office.getByTestId('checklist-item').count()).toBe(8);
    const asked = await itemTexts(office);
    expect(asked.slice(0, 2)).toEqual([own, renamed]);
    expect(asked).not.toContain(removed);
    expect(asked.join(' ')).not.toContain('Lagerhöhe');
  });
});
