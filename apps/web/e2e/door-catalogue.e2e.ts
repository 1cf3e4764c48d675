/**
 * Door configurations from the catalogue (issue 31 item 6, decision 052): the office configures an order's door
 * by picking codes from the component catalogue by code or text, sees the text the book will get beside each
 * pick and cannot take a code outside the catalogue; the book made from the order shows labels ('Schiebetür',
 * not 'schieber') and its editor shows the door data as labelled fields. Screenshots land in test-results/.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api, openAs, pick, screenshot, setUpBrowser, withTenant } from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);

/** A screenshot of the part of the page around `part` (and `below` px under it, for an open pick list). */
async function shot(page: Page, part: Locator, name: string, below = 0) {
  await part.scrollIntoViewIfNeeded();
  const box = await part.boundingBox();
  if (!box) throw new Error(`${name}: not on screen`);
  const clip = { x: 0, y: box.y, width: page.viewportSize()?.width ?? 1280, height: box.height + below };
  await screenshot(page, `door-catalogue-${name}`, { clip });
}

describe('door configurations from the catalogue', () => {
  it('the order is configured from the catalogue, and its book shows labels', async () => {
    const token = await adminToken();
    const tenants = await api<{ docs: { _id: string }[] }>('GET', '/tenants?search=Rhein-Main', undefined, token);
    const tenant = tenants.docs[0];
    if (!tenant) throw new Error('demo tenant missing');
    const objekt = `Stadtbibliothek Sachsenhausen ${run}`;
    const order = await withTenant<{ _id: string }>('POST', '/orders', tenant._id, token, {
      objekt,
      abnr: `AB-${run}`,
    });

    const page = await browser.newPage({ width: 1280 });
    await openAs(page, `/app/orderprocessing/${order._id}`, 'standard@demo.test');
    const section = page.getByTestId('order-section-tuer');
    await section.scrollIntoViewIfNeeded();
    await page.getByTestId('order-tuer-tuertyp').click();
    await page.getByRole('option', { name: 'Schiebetür' }).click();

    // By text: the drive for an escape route; the text the book gets stands below the pick.
    await pick(page, 'order-tuer-antrieb', '2-flügelig, Fluchtweg', 'SA-2-FR');
    await expect
      .poll(() => page.getByTestId('order-tuer-antrieb-text').textContent())
      .toBe('Schiebetürantrieb 2-flügelig, Fluchtweg (redundant)');
    // By code.
    await pick(page, 'order-tuer-fluegel', 'SFL2', 'SFL2');
    await pick(page, 'order-tuer-stromart', 'Fluchtwegausführung 230 V, redundant', 'FR-230');
    await pick(page, 'order-tuer-komponenten', 'Kombisensor', 'SE-KOMBI');
    await pick(page, 'order-tuer-komponenten', 'TA-AP', 'TA-AP');
    const texts = page.getByTestId('order-tuer-komponenten-texts');
    await expect.poll(() => texts.textContent()).toContain('Kombisensor Radar und Aktiv-Infrarot-Präsenzmelder');
    expect(await texts.textContent()).toContain('Taster Aufputz');

    // A code outside the catalogue is not offered to who does not keep it.
    const components = page.getByTestId('order-tuer-komponenten');
    await components.click();
    await components.fill(`XQ-${run}`);
    await page.getByText('Kein passender Code im Komponentenkatalog.').waitFor();
    expect(
      await page
        .getByRole('option')
        .filter({ hasText: `XQ-${run}` })
        .count(),
    ).toBe(0);
    await components.fill('');
    await page.keyboard.press('Escape');
    await shot(page, section, 'order');
    // The pick list: each code with the text the book gets.
    const antrieb = page.getByTestId('order-tuer-antrieb');
    await antrieb.click();
    await antrieb.fill('flügelig');
    await page.getByRole('option').first().waitFor();
    await shot(page, section, 'order-pick-list', 340);
    await page.keyboard.press('Escape');

    await page.getByTestId('order-save').click();
    await page.getByText('Gespeichert!', { exact: true }).first().waitFor();
    const saved = await withTenant<{ tuer: unknown }>('GET', `/orders/${order._id}`, tenant._id, token);
    expect(saved.tuer).toEqual({
      tuertyp: 'schieber',
      antrieb: 'SA-2-FR',
      fluegel: 'SFL2',
      stromart: 'FR-230',
      komponenten: ['SE-KOMBI', 'TA-AP'],
    });

    // 'Prüfbuch anlegen', then the book: labels, not codes or keys.
    const bar = page.getByTestId('order-status-bar');
    await bar.getByTestId('order-create-book').click();
    await page.getByTestId('order-book-folder').waitFor();
    await page.getByTestId('order-book-create').click();
    await bar.getByTestId('order-book-link').waitFor();
    await bar.getByTestId('order-book-link').click();
    await page.waitForURL(new RegExp(`/app/book/${tenant._id}/[0-9a-f-]{36}$`));
    const misc = page.getByTestId('book-section-misc');
    await misc.waitFor();
    const shown = (await misc.textContent()) ?? '';
    expect(shown).toContain('Schiebetür');
    expect(shown).not.toMatch(/\bschieber\b/);
    expect(shown).toContain('Schiebetürantrieb 2-flügelig, Fluchtweg (redundant)');
    expect(shown).toContain('Fluchtwegausführung 230 V, redundant, bauaufsichtlich zugelassen');
    expect(shown).toContain('Kombisensor Radar und Aktiv-Infrarot-Präsenzmelder nach DIN 18650, Taster Aufputz');
    expect(shown).not.toContain('[');
    await shot(page, misc, 'book');

    // The book editor: the door data as labelled fields, no key/value rows of them.
    await page.getByTestId('book-edit').click();
    const door = page.getByTestId('book-door-data');
    await door.waitFor();
    expect(await page.getByTestId('book-door-tuerart').inputValue()).toBe('Schiebetür');
    expect(await page.getByTestId('book-door-fluchtweg').inputValue()).toBe('Ja');
    expect(await page.getByTestId('book-door-fluegel').inputValue()).toBe('2');
    expect(await page.getByTestId('book-door-antrieb').inputValue()).toBe(
      'Schiebetürantrieb 2-flügelig, Fluchtweg (redundant)',
    );
    expect(await door.textContent()).toContain('Taster Aufputz');
    expect(await page.getByTestId('misc-key').count()).toBe(0);
    await shot(page, door, 'book-editor');
  });

  it('a catalogue keeper takes a code outside the catalogue, and the order records it as confirmed', async () => {
    const token = await adminToken();
    const tenants = await api<{ docs: { _id: string }[] }>('GET', '/tenants?search=Rhein-Main', undefined, token);
    const tenant = tenants.docs[0];
    if (!tenant) throw new Error('demo tenant missing');
    const order = await withTenant<{ _id: string }>('POST', '/orders', tenant._id, token, {
      objekt: `Ärztehaus Bornheim ${run}`,
      tuer: { tuertyp: 'dreher', antrieb: 'DA-EM-1', fluegel: 'FL1', stromart: 'STD-230', komponenten: [] },
    });
    const outside = `KD-${run}`.toUpperCase();

    const page = await browser.newPage({ width: 390 });
    await openAs(page, `/app/orderprocessing/${order._id}`, 'admin@demo.test');
    const components = page.getByTestId('order-tuer-komponenten');
    await components.scrollIntoViewIfNeeded();
    await components.click();
    await components.fill(outside);
    await page.getByRole('option', { name: `„${outside}“ ohne Katalogeintrag übernehmen` }).click();
    const texts = page.getByTestId('order-tuer-komponenten-texts');
    await expect.poll(() => texts.textContent()).toContain('Außerhalb des Katalogs bestätigt');
    await page.keyboard.press('Escape');
    await shot(page, page.getByTestId('order-section-tuer'), 'order-keeper-390');

    await page.getByTestId('order-save').click();
    await page.getByText('Gespeichert!', { exact: true }).first().waitFor();
    const saved = await withTenant<{ tuer: { komponenten: string[]; bestaetigt?: string[] } }>(
      'GET',
      `/orders/${order._id}`,
      tenant._id,
      token,
    );
    expect(saved.tuer).toMatchObject({ komponenten: [outside], bestaetigt: [outside] });
  });
});
