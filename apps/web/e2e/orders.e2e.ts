/**
 * Order processing as the office uses it (issue 13): a commissioned offer is taken over, the order opens with
 * the offer's object, gets its sales week and planned installation, steps through the flow to VERRECHNET
 * (each step naming what it still needs), and is handed to another department; the offer links to its order
 * and the list shows it. Screenshots at 1280 and 390 px land in test-results/.
 */
import { randomUUID } from 'node:crypto';
import { SEARCH_COUNT_CAP } from '@pruefbuch/domain/constants';
import { weekOf } from '@pruefbuch/domain/rules/calendar-week';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  baseUrl,
  choose,
  germanDay as day,
  isoDay,
  openAs,
  screenshot,
  setUpBrowser,
  withTenant,
} from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
/** The week select's label of a week 'YYYY-Www'. */
const weekText = (week: string) => {
  const [year, w] = week.split('-W');
  return `KW ${w}/${year}`;
};

const shot = (page: Page, name: string) => screenshot(page, `orders-${name}`, { fullPage: true });

/** A commissioned offer in the demo tenant, made through the API. */
async function commissionedOffer() {
  const token = await adminToken();
  const tenants = await api<{ docs: { _id: string }[] }>('GET', '/tenants?search=Rhein-Main', undefined, token);
  const tenant = tenants.docs[0];
  if (!tenant) throw new Error('demo tenant missing');
  const objekt = `Klinikum Höchst Haus ${run}`;
  const offer = await withTenant<{ _id: string }>('POST', '/offer', tenant._id, token, {
    objekt,
    debitor: 'Klinikum Frankfurt Höchst',
    csnr: `CS-${run}`,
    receivedDate: isoDay(-30),
    angebot: {
      offerNr: `A-${run}`,
      offerDate: isoDay(-20),
      offerSum: 8400,
      offerFollowUpDate: null,
      talkResult: 'angebot_ist_beauftragt',
      notes: '',
    },
  });
  return { tenantId: tenant._id, offerId: offer._id, objekt };
}

const bar = (page: Page) => page.getByTestId('order-status-bar');
const statusOf = (page: Page) => bar(page).getByTestId('order-status').getAttribute('data-status');

async function step(page: Page, to: string) {
  await bar(page).getByTestId(`order-step-${to}`).click();
  await expect.poll(() => statusOf(page), { timeout: 10_000 }).toBe(to);
}

describe('orders', () => {
  it('an offer is taken over, the order steps to VERRECHNET and is handed to another department', async () => {
    const world = await commissionedOffer();
    const page = await browser.newPage({ width: 1280 });
    // The commissioned offer offers the take-over; it creates the order and opens it.
    await openAs(page, `/app/offer/${world.offerId}`, 'admin@demo.test');
    // The dialog proposes the department (a door to install: EL) and asks for the OPM (two in the demo), and says
    // the AB-Nr the order will get.
    await page.getByTestId('offer-take-over').click();
    await expect.poll(() => page.getByTestId('take-over-department').inputValue()).toBe('Einsatzleitung (EL)');
    expect(await page.getByTestId('take-over-confirm').isDisabled()).toBe(true);
    const numbered = await page.getByTestId('take-over-number').textContent();
    const abnr = /AB-\d{2}-\d+/.exec(numbered ?? '')?.[0];
    expect(abnr).toBeTruthy();
    await choose(page, 'take-over-opm', 'Peter Projekt (PP)');
    await shot(page, 'take-over-1280');
    await page.getByTestId('take-over-confirm').click();
    await page.waitForURL(/\/app\/orderprocessing\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('order-abnr').inputValue()).toBe(abnr);
    await expect.poll(() => page.getByTestId('order-opmUser').inputValue()).toBe('Peter Projekt (PP)');
    const orderPath = new URL(page.url()).pathname;
    await bar(page).waitFor();
    await expect.poll(() => page.getByTestId('order-objekt').inputValue()).toBe(world.objekt);
    expect(await page.getByTestId('order-csnr').inputValue()).toBe(`CS-${run}`);
    expect(await statusOf(page)).toBe('CREATED');
    expect(await bar(page).getByTestId('order-offer-link').textContent()).toBe(`Aus Angebot A-${run}`);
    // The first step names what it still needs and cannot be taken yet.
    const first = bar(page).getByTestId('order-step-AKT_KW_VKID');
    expect(await first.isDisabled()).toBe(true);
    const needs = await bar(page).getByTestId('order-step-needs-AKT_KW_VKID').textContent();
    expect(needs).toContain('Geplante Montage');
    expect(needs).toContain('KW Vertrieb');
    await shot(page, 'order-1280-created');

    // Sales week and planned installation: the step is offered and taken (the input is saved first).
    const week = weekOf(isoDay(14));
    await choose(page, 'order-vkid-akt_kw', weekText(week));
    await page.getByTestId('order-vkid-geplante_montage_date').fill(day(14));
    await page.getByTestId('order-vkid-betrag').click();
    await expect.poll(() => first.isDisabled()).toBe(false);
    await step(page, 'AKT_KW_VKID');

    // Operations confirm the week, then the installation date; installed, then billed.
    await choose(page, 'order-el-akt_kw', weekText(week));
    await step(page, 'AKT_KW');
    await page.getByTestId('order-el-montagedatum').fill(day(14));
    await page.getByTestId('order-el-akt_kw').click();
    await page.keyboard.press('Escape');
    await step(page, 'MONTAGE');
    // An installation two weeks ahead cannot be completed yet, and the step says why; once it is done it can.
    expect(await bar(page).getByTestId('order-step-MONTAGE_ABGESCHLOSSEN').isDisabled()).toBe(true);
    expect(await bar(page).getByTestId('order-step-needs-MONTAGE_ABGESCHLOSSEN').textContent()).toContain(
      'Das Montagedatum liegt in der Zukunft',
    );
    await page.getByTestId('order-el-montagedatum').fill(day(0));
    await page.getByTestId('order-el-akt_kw').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => bar(page).getByTestId('order-step-MONTAGE_ABGESCHLOSSEN').isDisabled()).toBe(false);
    await step(page, 'MONTAGE_ABGESCHLOSSEN');
    expect(await bar(page).getByTestId('order-step-VERRECHNET').isDisabled()).toBe(true);
    expect(await bar(page).getByTestId('order-step-needs-VERRECHNET').textContent()).toContain('Verrechnet');
    await page.getByRole('switch', { name: 'Verrechnet', exact: true }).check();
    await step(page, 'VERRECHNET');
    expect(await bar(page).getByTestId('order-ampel-gesamt').getAttribute('data-ampel')).toBe('none');

    // Handed to order management: the department changes and the protocol has it.
    await bar(page).getByTestId('order-transfer').click();
    await choose(page, 'order-transfer-department', 'Auftragsmanagement (OPM)');
    await page.getByTestId('order-transfer-message').fill('Bitte Abnahme terminieren.');
    await page.getByTestId('order-transfer-send').click();
    await toast(page, 'An Auftragsmanagement (OPM) übergeben.');
    await expect
      .poll(() => bar(page).getByTestId('order-department').textContent())
      .toContain('Auftragsmanagement (OPM)');
    await page.getByTestId('protocol').waitFor();
    await shot(page, 'order-1280-billed');
    // At 1280 every section link is in view (they wrap); 'Protokoll' jumps to the protocol, is marked as the
    // section being read, and leaves the address as it was.
    const nav = page.getByTestId('section-nav');
    const navBox = await nav.boundingBox();
    for (const link of await nav.getByRole('link').all()) {
      const box = await link.boundingBox();
      expect(box && navBox && box.x + box.width <= navBox.x + navBox.width + 1).toBe(true);
    }
    const protocolLink = nav.getByRole('link', { name: 'Protokoll' });
    await protocolLink.click();
    await expect.poll(() => protocolLink.getAttribute('aria-current')).toBe('location');
    expect(new URL(page.url()).hash).toBe('');
    // There the form's save bar has scrolled up to the top: the links stay above it, in view.
    const linkBox = await protocolLink.boundingBox();
    const onTop = await page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x ?? 0, y ?? 0)?.closest('[data-testid="section-nav"]'),
      [(linkBox?.x ?? 0) + (linkBox?.width ?? 0) / 2, (linkBox?.y ?? 0) + (linkBox?.height ?? 0) / 2],
    );
    expect(onTop).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'orders-order-1280-top');

    // The offer links to its order.
    await page.goto(`/app/offer/${world.offerId}`);
    await page.getByTestId('offer-order-link').click();
    await page.waitForURL((u) => u.pathname === orderPath);

    // The list finds it by its object, billed, in the OPM department; the tabs count.
    await page.goto(`/app/orderprocessinglist?search=${encodeURIComponent(world.objekt)}`);
    const row = page.getByTestId('order-row').filter({ hasText: world.objekt });
    await row.waitFor();
    expect(await row.getByTestId('order-status').getAttribute('data-status')).toBe('VERRECHNET');
    // The list shows the department's short code, the full name on hover.
    expect(await row.locator('[title="Auftragsmanagement (OPM)"]').textContent()).toBe('OPM');
    await page.getByTestId('order-count-all').waitFor();
    expect(Number(await page.getByTestId('order-count-all').textContent())).toBe(1);
    await page.getByTestId('order-tab-search').click();
    await row.waitFor();
    // The tab says what it lists and what the shared search field means on it.
    await expect.poll(() => page.getByTestId('order-mode-hint').textContent()).toContain('den Suchbegriff enthält');
    await shot(page, 'list-1280');
    // Grouped by KW: the weeks with their counts, the list sorted by the sales week.
    await page.getByTestId('order-tab-all').click();
    // The tab change rewrites the address first; then the search is cleared (its weeks go without totals).
    await expect.poll(() => new URL(page.url()).searchParams.get('mode')).toBeNull();
    // The search tab without a term asks for one, and counts nothing.
    await page.goto('/app/orderprocessinglist?mode=search');
    await page.getByText('Geben Sie einen Suchbegriff ein.').first().waitFor();
    expect(await page.getByTestId('order-total').count()).toBe(0);
    await page.goto('/app/orderprocessinglist');
    await page.getByTestId('order-row').first().waitFor();
    // Clicked as soon as the rows show: the week counts answer apart from them, and the switch waits for them.
    // A click, then the address: the list reloads under the switch, so Playwright's check() would read a
    // replaced element.
    await page.getByRole('switch', { name: 'Nach KW gruppieren' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('group')).toBe('kw');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('vkidKw');
    // Each sales week is headed with its total over all pages (the demo has 120 orders, six pages).
    const firstGroup = page.getByTestId('order-table').getByTestId('list-group').first();
    await expect
      .poll(() => firstGroup.textContent())
      .toMatch(/^(KW Vertrieb \d{2}\/\d{4}|Ohne KW Vertrieb) · \d+ (Auftrag|Aufträge)$/);
    // It opens on the page of this week's group (or the next later week's), not on the oldest weeks.
    expect(Number(new URL(page.url()).searchParams.get('page'))).toBeGreaterThan(1);
    const [thisYear, thisWeek] = weekOf(berlinToday()).split('-W').map(Number);
    // Polled: until the page's rows have arrived, the list shows the rows it had before under the new headings.
    const headed = async () =>
      (await page.getByTestId('order-table').getByTestId('list-group').allTextContents()).flatMap((h) =>
        [...h.matchAll(/KW Vertrieb (\d{2})\/(\d{4})/g)].map((m) => Number(m[2]) * 100 + Number(m[1])),
      );
    await expect
      .poll(async () => (await headed()).some((w) => w >= (thisYear ?? 0) * 100 + (thisWeek ?? 0)))
      .toBe(true);
    // The week filter offers every week that has orders, with its count, from this week on first.
    const groups = await page
      .getByTestId('order-filter-kw')
      .evaluate((el) => [...el.querySelectorAll('optgroup')].map((g) => g.label));
    expect(groups[0]).toBe('Ab dieser Woche');
    const ownWeek = weekText(week);
    const option = page.getByTestId('order-filter-kw').locator('option', { hasText: ownWeek });
    expect(await option.textContent()).toMatch(new RegExp(`^${ownWeek} \\(\\d+\\)$`));
    await shot(page, 'list-1280-grouped');
    // With a search typed the heading counts the search's matches (up to the search count's cap, decision 073),
    // and the week filter offers the weeks that hold them.
    await page.getByTestId('order-search').fill(world.objekt);
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(1);
    await expect.poll(() => firstGroup.textContent()).toBe(`KW Vertrieb ${weekText(week).slice(3)} · 1 Auftrag`);
    await expect.poll(() => option.textContent()).toBe(`${ownWeek} (1)`);
    // Sorted by another column the grouping ends: the switch is off and the address no longer asks for it.
    await page.getByTitle('Sortieren nach Objekt').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('objekt');
    await expect.poll(() => new URL(page.url()).searchParams.get('group')).toBeNull();
    expect(await page.getByRole('switch', { name: 'Nach KW gruppieren' }).isChecked()).toBe(false);

    // A new order with nothing to recognise it by is not saved: the form says why, at the object (decision 028).
    await page.goto('/app/orderprocessing/new');
    await page.getByTestId('order-objekt').waitFor();
    await page.getByTestId('order-kunde').fill('  ');
    await page.getByTestId('order-save').click();
    await page.getByText('Bitte Objekt, Kunde, AB-Nr. oder CS-Nr. angeben: daran wird der Auftrag gefunden.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/orderprocessing/new');

    // At 390 px (a technician's phone) the list shows cards and the order its sections in one column.
    const phone = await browser.newPage({ width: 390 });
    await openAs(phone, '/app/orderprocessinglist', 'servicetechniker@demo.test');
    await phone.getByTestId('order-card').first().waitFor();
    await shot(phone, 'list-390');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Opened on a tab far to the right, the strip scrolls to it and keeps it whole once the counts arrive.
    for (const mode of ['el', 'ad']) {
      await phone.goto(`/app/orderprocessinglist?mode=${mode}`);
      const tab = phone.getByTestId(`order-tab-${mode}`);
      await tab.getByTestId(`order-count-${mode}`).waitFor();
      await expect
        .poll(async () => {
          const box = await tab.boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= 390;
        })
        .toBe(true);
    }
    await phone.goto(orderPath);
    await phone.getByTestId('order-status-bar').waitFor();
    await phone.getByTestId('order-section-vkid').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'order-390');
    await screenshot(phone, 'orders-order-390-top');
    // On the phone the section links scroll sideways; a link out of view is still reached and marked.
    const phoneNav = phone.getByTestId('section-nav');
    expect(await phoneNav.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const tuerLink = phoneNav.getByRole('link', { name: 'Türkonfiguration' });
    await tuerLink.click();
    await expect.poll(() => tuerLink.getAttribute('aria-current')).toBe('location');
    await phone.getByTestId('order-section-vkid').scrollIntoViewIfNeeded();
    await screenshot(phone, 'orders-order-390-vkid');
    await phone.getByTestId('order-delivery-add').scrollIntoViewIfNeeded();
    await phone.getByTestId('order-delivery-add').click();
    await phone.getByTestId('order-delivery-row').waitFor();
    await screenshot(phone, 'orders-order-390-delivery');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
  it('an admin sees and sets the AB-Nr numbering; a number already given is refused at the field', async () => {
    const page = await browser.newPage({ width: 1280 });
    await openAs(page, '/app/orderprocessinglist', 'admin@demo.test');
    // The ampels explain themselves a click away (issue 31 item 8).
    await page.getByTestId('ampel-legend-open').click();
    await page.getByTestId('ampel-legend').getByText('Die geplante Montage ist vorbei.').waitFor();
    expect(await page.getByTestId('ampel-legend').getByTestId('ampel-legend-chip').count()).toBe(12);
    await page.waitForTimeout(400);
    await screenshot(page, 'orders-ampel-legend');
    await page.keyboard.press('Escape');
    await page.getByTestId('order-numbering').click();
    const next = page.getByTestId('numbering-next');
    await expect.poll(() => next.inputValue()).not.toBe('');
    const current = await next.inputValue();
    const yy = berlinToday().slice(2, 4);
    expect(await page.getByTestId('numbering-preview').textContent()).toBe(`Nächste AB-Nr.: AB-${yy}-${current}`);
    await next.fill('1');
    await page.getByTestId('numbering-save').click();
    await page.getByText('sind in diesem Jahr schon Nummern vergeben', { exact: false }).waitFor();
    await next.fill(current);
    await page.getByTestId('numbering-save').click();
    await toast(page, `Gespeichert. Nächste AB-Nr.: AB-${yy}-${current}`);
    // Staff who are not admins do not see it.
    const standard = await browser.newPage({ width: 1280 });
    await openAs(standard, '/app/orderprocessinglist', 'standard@demo.test');
    await standard.getByTestId('order-new').waitFor();
    expect(await standard.getByTestId('order-numbering').count()).toBe(0);
  });

  it('a step the user may not take is shown greyed, naming the roles that take it', async () => {
    const token = await adminToken();
    const tenants = await api<{ docs: { _id: string }[] }>('GET', '/tenants?search=Rhein-Main', undefined, token);
    const tenant = tenants.docs[0]?._id as string;
    const installed = await withTenant<{ docs: { _id: string; vkid: { zivi: boolean } }[] }>(
      'GET',
      '/orders?status=MONTAGE_ABGESCHLOSSEN&size=50',
      tenant,
      token,
    );
    const order = installed.docs.find((o) => !o.vkid.zivi);
    if (!order) throw new Error('no installed order without a civil acceptance in the demo');
    const page = await browser.newPage({ width: 1280 });
    await openAs(page, `/app/orderprocessing/${order._id}`, 'project@demo.test');
    const billing = bar(page).getByTestId('order-step-VERRECHNET');
    await billing.waitFor();
    expect(await billing.isDisabled()).toBe(true);
    expect(await bar(page).getByTestId('order-step-only-VERRECHNET').textContent()).toBe(
      'Diesen Schritt gehen: Administrator, Listen-Administrator, Standard',
    );
  });

  it('a search that finds more orders than it counts says so, and pages on past them', async () => {
    const CAP = SEARCH_COUNT_CAP;
    const token = await adminToken();
    const tenants = await api<{ docs: { _id: string }[] }>('GET', '/tenants?search=Rhein-Main', undefined, token);
    const tenant = tenants.docs[0]?._id;
    if (!tenant) throw new Error('demo tenant missing');
    const objekt = `Massensuche ${run}`;
    const made: string[] = [];
    try {
      // CAP + 5 orders with the term, ten at a time.
      for (let i = 0; i < CAP + 5; i += 10) {
        const batch = Array.from({ length: Math.min(10, CAP + 5 - i) }, (_, j) =>
          withTenant<{ _id: string }>('POST', '/orders', tenant, token, { objekt: `${objekt} Tür ${i + j}` }),
        );
        made.push(...(await Promise.all(batch)).map((o) => o._id));
      }
      const page = await browser.newPage({ width: 1280 });
      await openAs(
        page,
        `/app/orderprocessinglist?mode=search&search=${encodeURIComponent(objekt)}`,
        'admin@demo.test',
      );
      // The search counts to the cap: the total, the tab and the range say 'more than' it.
      await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(`mehr als ${CAP} Aufträge`);
      expect(await page.getByTestId('order-count-search').textContent()).toBe(`${CAP}+`);
      expect(await page.getByTestId('list-range').textContent()).toBe(`1–20 von mehr als ${CAP}`);
      // The pager offers one page past the cap; there the count goes on to the end.
      await page.getByRole('button', { name: `Seite ${CAP / 20 + 1}` }).click();
      await expect
        .poll(() => page.getByTestId('list-range').textContent())
        .toBe(`${CAP + 1}–${CAP + 5} von ${CAP + 5}`);
      // The next page starts at its first row, not where the pager was.
      const tableTop = await page.getByTestId('order-table').evaluate((el) => el.getBoundingClientRect().top);
      expect(tableTop).toBeGreaterThan(0);
      expect(tableTop).toBeLessThan(400);
      expect(await page.getByTestId('order-total').textContent()).toBe(`${CAP + 5} Aufträge`);
      expect(await page.getByTestId('order-row').count()).toBe(5);
      await shot(page, 'search-more');
      // On a phone the total, the tab's count and the range fit as well.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Seite 1', exact: true }).click();
      await expect.poll(() => page.getByTestId('list-range').textContent()).toBe(`1–20 von mehr als ${CAP}`);
      await shot(page, 'search-more-390');
      await page.close();
    } finally {
      for (let i = 0; i < made.length; i += 10) {
        await Promise.all(
          made.slice(i, i + 10).map((id) =>
            fetch(`${baseUrl()}/api/v1/orders/${id}`, {
              method: 'DELETE',
              headers: { authorization: `Bearer ${token}`, 'x-tenant': tenant },
            }),
          ),
        );
      }
    }
  });
});
