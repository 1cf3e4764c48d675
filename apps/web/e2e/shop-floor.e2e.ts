/**
 * The shop floor end to end (issue 31): a commissioned offer is taken over into EL with its OPM, the order is
 * configured from the component catalogue, planned by proposal in the order of the work steps, flagged when its
 * installation date moves before its production, its week levelled, stepped to VERRECHNET, and the book made
 * from it shows labels. Screenshots land in test-results/.
 */
import { randomUUID } from 'node:crypto';
import { weekOf } from '@pruefbuch/domain/rules/calendar-week';
import type { WorkArea } from '@pruefbuch/domain/schemas/capacity';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminInDemoTenant,
  capacityDay,
  choose,
  germanDay as day,
  isoDay,
  openAs,
  overbook,
  pick,
  screenshot,
  setUpBrowser,
  withTenant,
} from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);
const FLOW: WorkArea[] = ['profilbearbeitung', 'antrieb', 'verglasen', 'versand'];

const shot = (page: Page, name: string) => screenshot(page, `shop-floor-${name}`, { fullPage: true });

const weekText = (week: string) => {
  const [year, w] = week.split('-W');
  return `KW ${w}/${year}`;
};
const german = (iso: string) => iso.split('-').reverse().join('.');

const bar = (page: Page) => page.getByTestId('order-status-bar');
async function step(page: Page, to: string) {
  await bar(page).getByTestId(`order-step-${to}`).click();
  await expect
    .poll(() => bar(page).getByTestId('order-status').getAttribute('data-status'), { timeout: 10_000 })
    .toBe(to);
}

type Slot = { _id: string; date: string; area: WorkArea; minutes: number; employee: string | null };

describe('the shop floor', () => {
  it('an offer becomes an order in EL, is configured from the catalogue, planned in step order, levelled, billed, and its book shows labels', async () => {
    const { token, tenant } = await adminInDemoTenant();
    const objekt = `Hallenbad Rödelheim ${run}`;
    const offer = await withTenant<{ _id: string }>('POST', '/offer', tenant, token, {
      objekt,
      debitor: 'Bäderbetriebe Frankfurt',
      csnr: `CS-${run}`,
      receivedDate: isoDay(-21),
      angebot: {
        offerNr: `A-${run}`,
        offerDate: isoDay(-14),
        offerSum: 12400,
        offerFollowUpDate: null,
        talkResult: 'angebot_ist_beauftragt',
        notes: '',
      },
    });
    const page = await browser.newPage({ width: 1280 });

    // 1. Taken over into EL with its OPM; the order opens numbered.
    await openAs(page, `/app/offer/${offer._id}`, 'admin@demo.test');
    await page.getByTestId('offer-take-over').click();
    await expect.poll(() => page.getByTestId('take-over-department').inputValue()).toBe('Einsatzleitung (EL)');
    await choose(page, 'take-over-opm', 'Peter Projekt (PP)');
    await page.getByTestId('take-over-confirm').click();
    await page.waitForURL(/\/app\/orderprocessing\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split('/').at(-1) as string;
    await expect.poll(() => page.getByTestId('order-abnr').inputValue()).toMatch(/^AB-\d{2}-\d+$/);
    const abnr = await page.getByTestId('order-abnr').inputValue();
    expect(await page.getByTestId('order-department').textContent()).toContain('Einsatzleitung (EL)');

    // 2. The door from the catalogue, by text and by code.
    await page.getByTestId('order-section-tuer').scrollIntoViewIfNeeded();
    await page.getByTestId('order-tuer-tuertyp').click();
    await page.getByRole('option', { name: 'Schiebetür' }).click();
    await pick(page, 'order-tuer-antrieb', '2-flügelig, Fluchtweg', 'SA-2-FR');
    await pick(page, 'order-tuer-fluegel', 'SFL2', 'SFL2');
    await pick(page, 'order-tuer-stromart', 'FR-230', 'FR-230');
    await pick(page, 'order-tuer-komponenten', 'Kombisensor', 'SE-KOMBI');
    await page.getByTestId('order-save').click();
    await page.getByText('Gespeichert!', { exact: true }).first().waitFor();

    // 3. Sold for six weeks ahead: the sales week and the planned installation, then the first step.
    const installation = isoDay(42);
    await choose(page, 'order-vkid-akt_kw', weekText(weekOf(installation)));
    await page.getByTestId('order-vkid-geplante_montage_date').fill(day(42));
    // Tab, not a click elsewhere: the field takes the date when it loses the focus, and a field to click may sit
    // under the sticky section links.
    await page.getByTestId('order-vkid-geplante_montage_date').press('Tab');
    await step(page, 'AKT_KW_VKID');

    // 4. Planned by proposal: backward from the installation, each step no earlier than the one before it.
    await page.goto('/app/capacities');
    await page.getByTestId('to-plan-search').fill(abnr);
    const item = page.locator(`[data-testid="to-plan-item"][data-order="${orderId}"]`);
    await item.getByTestId('to-plan-propose').click();
    const proposal = page.getByTestId('proposal');
    await proposal.getByTestId('proposal-slot').first().waitFor();
    expect(await proposal.getByRole('radio', { name: 'Rückwärts' }).isChecked()).toBe(true);
    await shot(page, 'proposal');
    await proposal.getByTestId('proposal-apply').click();
    await page.getByText('Erfolgreich in Kapazitäten eingeplant', { exact: true }).first().waitFor();
    const planOf = () =>
      withTenant<{ slots: Slot[]; conflicts: { kind: string }[] }>(
        'GET',
        `/capacity/get/requiredTime/${orderId}`,
        tenant,
        token,
      );
    const plan = await planOf();
    const dates = (area: WorkArea) =>
      plan.slots
        .filter((s) => s.area === area)
        .map((s) => s.date)
        .sort();
    for (let k = 1; k < FLOW.length; k++) {
      const before = dates(FLOW[k - 1] as WorkArea).at(-1);
      const first = dates(FLOW[k] as WorkArea)[0];
      if (before && first) expect(FLOW[k] === 'versand' ? first > before : first >= before).toBe(true);
    }
    expect(plan.slots.every((s) => s.date < installation)).toBe(true);
    expect(plan.conflicts).toEqual([]);

    // 5. The installation moves before the shipping: the order says its production comes too late.
    const lastDay = plan.slots
      .map((s) => s.date)
      .sort()
      .at(-1) as string;
    await page.goto(`/app/orderprocessing/${orderId}`);
    await page.getByTestId('order-vkid-geplante_montage_date').fill(german(lastDay));
    await page.getByTestId('order-vkid-geplante_montage_date').press('Tab');
    await page.getByTestId('order-save').click();
    await page.getByText('Gespeichert!', { exact: true }).first().waitFor();
    await page.reload();
    await page.getByTestId('order-plan-conflicts').locator('[data-conflict="afterInstallation"]').waitFor();
    await shot(page, 'conflict');
    // Back to the sold date: the warning goes.
    await page.getByTestId('order-vkid-geplante_montage_date').fill(day(42));
    await page.getByTestId('order-vkid-geplante_montage_date').press('Tab');
    await page.getByTestId('order-save').click();
    await page.getByText('Gespeichert!', { exact: true }).first().waitFor();
    await expect.poll(async () => (await planOf()).conflicts).toEqual([]);

    // 6. Another order takes the day of this order's profile machining over its time; 'Woche ausgleichen' moves
    // that order's excess (it has no installation date, so it gives way) and leaves this one's steps in order.
    const day0 = dates('profilbearbeitung')[0] as string;
    const filler = await withTenant<{ _id: string }>('POST', '/orders', tenant, token, {
      objekt: `Lagerhalle Fechenheim ${run}`,
      abnr: `AB-F-${run}`,
      tuer: { tuertyp: 'dreher', antrieb: '', fluegel: 'FL2', stromart: '', komponenten: [] },
    });
    await overbook(tenant, token, { orderId: filler._id, date: day0, area: 'profilbearbeitung' }, 90);
    await page.goto(`/app/capacities?date=${day0}`);
    const level = page.getByTestId('capacity-level');
    await expect.poll(() => level.getAttribute('data-overloaded')).toBe('true');
    await level.click();
    await page
      .getByTestId('levelling-move')
      .filter({ hasText: `AB-F-${run}` })
      .waitFor();
    await shot(page, 'levelling');
    await page.getByTestId('levelling-apply').click();
    await page
      .getByText(/Zeitbl(ock|öcke) verschoben\./)
      .first()
      .waitFor();
    const levelled = await capacityDay(tenant, token, day0);
    expect(levelled.ordersTime.profilbearbeitung).toBeLessThanOrEqual(levelled.employeeTime.profilbearbeitung);
    expect((await planOf()).conflicts).toEqual([]);

    // 7. Installed and billed.
    await page.goto(`/app/orderprocessing/${orderId}`);
    await bar(page).waitFor();
    await choose(page, 'order-el-akt_kw', weekText(weekOf(installation)));
    await step(page, 'AKT_KW');
    await page.getByTestId('order-el-montagedatum').fill(day(0));
    await page.getByTestId('order-el-montagedatum').press('Tab');
    await step(page, 'MONTAGE');
    await step(page, 'MONTAGE_ABGESCHLOSSEN');
    await page.getByRole('switch', { name: 'Verrechnet', exact: true }).check();
    await step(page, 'VERRECHNET');

    // 8. Its book: labels, not codes or keys.
    await bar(page).getByTestId('order-create-book').click();
    await page.getByTestId('order-book-folder').waitFor();
    await page.getByTestId('order-book-create').click();
    await bar(page).getByTestId('order-book-link').click();
    await page.waitForURL(new RegExp(`/app/book/${tenant}/[0-9a-f-]{36}$`));
    const misc = page.getByTestId('book-section-misc');
    await misc.waitFor();
    const shown = (await misc.textContent()) ?? '';
    expect(shown).toContain('Schiebetür');
    expect(shown).not.toMatch(/\bschieber\b/);
    expect(shown).toContain('Schiebetürantrieb 2-flügelig, Fluchtweg (redundant)');
    await shot(page, 'book');
  });
});
