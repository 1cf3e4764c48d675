/**
 * Consistent records and the registration card, as people use them: a technician marks a checklist item as a
 * defect and gets a defect linked to it, is told at the continued-operation field that 'Ja' does not fit a
 * shut-down defect before anything is sent, finalizes with 'Nein', and the book page shows the installation
 * out of service with that defect. A technician registers for an inspection and withdraws; the office sees
 * who registered and removes the registration.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminToken, api, isoDay, openAs, setUpBrowser, sign, withTenant } from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);
const SLIDING_DOOR_TYPE = '0b7c1a10-0001-4000-8000-000000000001';

/** The demo tenant of the service technician, and a new sliding door in it. */
async function newBook(fields: Record<string, unknown>) {
  const token = await adminToken();
  const tenants = await api<{ docs: { _id: string }[] }>('GET', '/tenants?search=Rhein-Main', undefined, token);
  const tenant = tenants.docs[0];
  if (!tenant) throw new Error('demo tenant missing');
  const book = await withTenant<{ _id: string; title: string }>('POST', '/books', tenant._id, token, {
    customer: 'Stadtwerke Offenbach',
    object: 'Kundencenter Offenbach',
    bookType: SLIDING_DOOR_TYPE,
    ...fields,
  });
  return { tenantId: tenant._id, book, token };
}

describe('records', () => {
  it("a defect opened from the checklist, 'Ja' refused at the field before sending, the book shut down", async () => {
    const title = `Schiebetür Lager ${run}`;
    const { tenantId, book } = await newBook({ title, site: 'Lager' });
    const page = await browser.newPage({ width: 1280 });
    await openAs(page, `/app/book/${tenantId}/${book._id}/inspection_wartung/new`, 'servicetechniker@demo.test');
    await page.getByTestId('record-heading').waitFor();

    // Marking item 3 (drive) as a defect opens a defect linked to it, its description ready for typing.
    await page.getByTestId('checklist-all-ok').click();
    const drive = page.getByTestId('checklist-item').nth(2);
    await drive.getByText('Mangel', { exact: true }).click();
    const defect = page.getByTestId('defect');
    await expect.poll(() => defect.count()).toBe(1);
    await expect
      .poll(() => defect.getByLabel('Prüfpunkt').evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text))
      .toMatch(/^3\. Antrieb/);
    const text = `Zahnriemen gerissen ${run}`;
    await page.keyboard.type(text);
    await expect.poll(() => defect.getByLabel('Beschreibung').inputValue()).toBe(text);
    await defect.getByLabel('Bewertung').selectOption({ label: 'Stilllegen' });

    // 'Ja' beside a shut-down defect: the field says so at once, and finalizing stops before any request.
    const finalizeCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/finalize')) finalizeCalls.push(req.url());
    });
    await page.getByTestId('continued-operation').getByText('Ja', { exact: true }).click();
    const fieldError = page.getByTestId('continued-operation-error');
    await fieldError.waitFor();
    expect(await fieldError.textContent()).toContain('Stilllegen');
    await page.getByLabel('Name des Prüfers').fill('Tobias Techniker');
    await sign(page, 'signature-inspector');
    await page.getByTestId('record-finalize').click();
    const blockers = page.getByTestId('finalize-blockers');
    await blockers.waitFor();
    expect(await blockers.textContent()).toContain('nicht weiter betrieben werden');
    expect(await page.getByTestId('confirm-finalize').count()).toBe(0);
    expect(finalizeCalls).toEqual([]);

    // 'Nein' fits: the message goes, the record is finalized.
    await page.getByTestId('continued-operation').getByText('Nein', { exact: true }).click();
    await expect.poll(() => fieldError.count()).toBe(0);
    await page.getByTestId('record-finalize').click();
    await page.getByTestId('confirm-finalize').click();
    await expect.poll(() => page.getByTestId('record-status').first().textContent()).toMatch(/abgeschlossen/i);

    // The book page shows the installation out of service, with the defect that caused it.
    await page.goto(`/app/book/${tenantId}/${book._id}`);
    const panel = page.getByTestId('book-shutdown');
    await panel.waitFor();
    expect(await panel.getByTestId('public-ampel').getAttribute('data-ampel')).toBe('shutdown');
    expect(await panel.textContent()).toContain('Außer Betrieb');
    expect(await page.getByTestId('book-shutdown-cause').textContent()).toContain(text);
    await expect.poll(() => page.title()).toBe(`Prüfbuch – ${title}`);
  });

  it('the PDF preview opens in a tab of its own', async () => {
    const { tenantId, book } = await newBook({ title: `Schiebetür Vorschau ${run}` });
    const page = await browser.newPage({ width: 1280 });
    await openAs(page, `/app/book/${tenantId}/${book._id}/inspection_wartung/new`, 'servicetechniker@demo.test');
    await page.getByTestId('record-heading').waitFor();
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('record-preview').click()]);
    await expect.poll(() => tab.url(), { timeout: 15_000 }).toMatch(/^blob:/);
    // The editor stays where it was.
    expect(new URL(page.url()).pathname).toContain('/inspection_wartung/new');
  });

  it('registering for an inspection, withdrawing, and the office removing a registration', async () => {
    const { tenantId, book } = await newBook({
      title: `Drehtür Anmeldung ${run}`,
      slots: 2,
      enableFrom: isoDay(-1),
      enableTo: isoDay(10),
    });
    const tech = await browser.newPage({ width: 390 });
    await openAs(tech, `/app/book/${tenantId}/${book._id}`, 'servicetechniker@demo.test');
    const card = tech.getByTestId('booking-card');
    const register = card.getByTestId('booking-register');
    await register.waitFor();
    expect(await register.textContent()).toBe('Für Prüfung anmelden');
    await register.click();
    await card.getByTestId('booking-registered').waitFor();
    expect(await card.getByTestId('booking-registered').textContent()).toBe('Angemeldet');
    expect(await card.getByTestId('booking-meta').textContent()).toContain('1 von 2 Plätzen frei');

    // Withdrawn: the place is free again and the button is back.
    await card.getByTestId('booking-cancel').click();
    await tech.getByTestId('confirm-delete').click();
    await register.waitFor();
    expect(await card.getByTestId('booking-meta').textContent()).toContain('2 von 2 Plätzen frei');

    // Registered again; the office sees who it is (the account's name, not a guess) and removes it.
    await register.click();
    await card.getByTestId('booking-registered').waitFor();
    const office = await browser.newPage({ width: 1366 });
    await openAs(office, `/app/book/${tenantId}/${book._id}`, 'admin@demo.test');
    const entry = office.getByTestId('booking-entry');
    await entry.first().waitFor();
    expect(await entry.count()).toBe(1);
    expect(await entry.first().textContent()).toContain('Tobias Techniker');
    await entry.first().getByTestId('booking-remove').click();
    await office.getByTestId('confirm-delete').click();
    await expect.poll(() => office.getByTestId('booking-entry').count()).toBe(0);
    await tech.reload();
    await tech.getByTestId('booking-register').waitFor();
  });
});
