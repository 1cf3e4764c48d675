/**
 * Every role has a working start (decision 017, issue 10): each demo account, signed in, lands on a
 * screen that is useful to it, follows every nav entry without meeting a placeholder, a 'nicht
 * gefunden' or a jump home, and reaches an installation's book within two clicks of its start.
 */
import { NAV, screenPath } from '@pruefbuch/domain/access';
import { CustomerRole, Role } from '@pruefbuch/domain/roles';
import { usableNav } from '@pruefbuch/domain/start';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAs, settled, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

const ACCOUNTS: [email: string, role: number, customerRole: number | null][] = [
  ['admin@demo.test', Role.ADMIN_ROLE, null],
  ['listadmin@demo.test', Role.LIST_ADMIN_ROLE, null],
  ['standard@demo.test', Role.STANDARD_ROLE, null],
  ['acceptor@demo.test', Role.ACCEPTOR_ROLE, null],
  ['acceptorlite@demo.test', Role.ACCEPTOR_LITE_ROLE, null],
  ['project@demo.test', Role.PROJECT_ROLE, null],
  ['projectonly@demo.test', Role.PROJECT_ONLY_ROLE, null],
  ['lager@demo.test', Role.ROLE_LAGER, null],
  ['servicetechniker@demo.test', Role.ROLE_SERVICE_TECHNIKER, null],
  ['fertigung@demo.test', Role.ROLE_FERTIGUNG, null],
  ['leiterfertigung@demo.test', Role.ROLE_LEITER_FERTIGUNG, null],
  ['auswertung@demo.test', Role.STANDARD_ROLE, null],
  ['filiale-default@demo.test', Role.ROLE_FILIALE, CustomerRole.ROLE_DEFAULT],
  ['filiale-regional@demo.test', Role.ROLE_FILIALE, CustomerRole.ROLE_REGIONAL_MANAGER],
  ['filiale-control@demo.test', Role.ROLE_FILIALE, CustomerRole.ROLE_CONTROL],
];

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** No placeholder, no 'not found', no refusal on the page; its main content is there. */
async function expectUsable(page: Page, where: string) {
  // The screen's chunk and data load after the address changes: wait for its heading, then look.
  await page.locator('main h1, main h2').first().waitFor({ timeout: 30_000 });
  // The screen's loader goes first, then its data: settled only waits for the requests already made.
  await page
    .locator('main .mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => {});
  await settled(page);
  for (const id of ['not-available', 'not-found', 'no-access']) {
    expect(await page.getByTestId(id).count(), `${where}: ${id}`).toBe(0);
  }
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not hidden parts of the page
  const body = (await page.locator('main').innerText()).toLowerCase();
  expect(body, where).not.toContain('nicht gefunden');
  expect(body, where).not.toContain('noch keine bereiche');
}

/** The visible links to a book's page on the current page. */
const bookLinks = (page: Page) => page.locator('main a[href*="/app/book/"]:visible');
/** Links that lead towards books: a tenant's installations, a branch. */
const stepLinks = (page: Page) =>
  page.locator('main a[href*="/app/map/"]:visible, main a[href*="/app/customerlocation/"]:visible');

/**
 * A page one click from the landing page that lists books, found among the landing page's links towards
 * books (a tenant's installations, a branch), or null. Used only when neither the landing page nor a nav
 * entry lists a book.
 */
async function bookPageViaStepLink(page: Page, landing: string) {
  await page.goto(landing);
  await page.locator('main h1, main h2').first().waitFor();
  await settled(page);
  const hrefs = await stepLinks(page).evaluateAll((as) => as.slice(0, 3).map((a) => a.getAttribute('href') ?? ''));
  for (const hop of hrefs.filter(Boolean)) {
    await page.goto(hop);
    await page.locator('main h1, main h2').first().waitFor();
    await settled(page);
    if ((await bookLinks(page).count()) > 0) return hop;
  }
  return null;
}

/** Follows a nav entry and waits for its screen. */
/**
 * Follows a nav entry to its screen, or to a screen the entry leads on to by itself (its `related`):
 * a branch manager with one branch is sent from the branch list straight on to the branch, and may be
 * there before the list's own address was ever seen.
 */
async function openNav(page: Page, email: string, entry: string) {
  await page.getByTestId(`nav-${entry}`).first().click();
  const nav = NAV.find((n) => n.entry === entry);
  const targets = [nav?.screen ?? 'home', ...(nav?.related ?? [])].map((screen) =>
    `/app${screenPath(screen).replace(/\/\{.*$/, '')}`.replace(/\/+$/, ''),
  );
  await page.waitForURL((u) => targets.some((target) => u.pathname.startsWith(target)));
  await expectUsable(page, `${email} nav ${entry}`);
}

describe('every role has a working start', () => {
  // One browser for all accounts, as on a shared office computer: each test signs its account in anew.
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage({ keep: true });
  });

  it.each(ACCOUNTS)(
    '%s lands, follows each nav entry and reaches a book within two clicks',
    async (email, role, customerRole) => {
      // Signed in through the API (the form itself: auth.e2e.ts): the app's root leads to the account's start.
      await openAs(page, '/app/', email);
      await expectUsable(page, `${email} landing`);
      const landing = pathOf(page);

      // Daily work: a book opens within two clicks of the start, from the landing page or a page one click away.
      let bookWithinTwoClicks = (await bookLinks(page).count()) > 0;

      // Every nav entry opens a usable screen and stays there.
      const entries = usableNav({ role: role as never, customerRole: customerRole as never });
      expect(entries.length, `${email}: nav entries`).toBeGreaterThan(0);
      let bookEntry: string | null = null;
      for (const entry of entries) {
        await openNav(page, email, entry);
        expect(pathOf(page), `${email} nav ${entry}: no jump home`).not.toMatch(/^\/app\/?$/);
        if (!bookEntry && (await bookLinks(page).count()) > 0) bookEntry = entry;
      }
      bookWithinTwoClicks ||= bookEntry !== null;
      if (!bookWithinTwoClicks) bookWithinTwoClicks = (await bookPageViaStepLink(page, landing)) !== null;
      expect(bookWithinTwoClicks, `${email}: a book within two clicks`).toBe(true);
      // Open one: from the page the walk is on if it lists books, else from the nav entry that does.
      if ((await bookLinks(page).count()) === 0 && bookEntry) {
        await openNav(page, email, bookEntry);
      }
      if ((await bookLinks(page).count()) === 0) {
        await page.goto(landing);
        await expectUsable(page, `${email} landing ${landing}`);
      }
      await bookLinks(page).first().click();
      await page.waitForURL(/\/app\/book\//);
      await expectUsable(page, `${email} book`);
    },
  );
});
