/**
 * The shared list page and entity editor as people meet them: the user list searched, sorted and paged with
 * its state in the address (a reload and Back keep it), the same list as cards on a phone, and a tenant form
 * that met a newer version on the server (409): 'Meine Eingaben behalten' saves over it, 'Neu laden' shows it.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api, openAs, setUpBrowser } from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);

const _signedIn = (page: Page) => page.waitForURL((u) => !u.pathname.includes('/login'));
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const firstEmail = (page: Page) => page.getByTestId('user-row').first().locator('td').nth(1).textContent();

/** Every account's email in the order the list shows them by email, descending. */
async function emailsDescending(token: string) {
  const reply = await api<{ docs: { email: string }[]; total: number }>(
    'GET',
    '/users?page=1&size=100&sort=-email',
    undefined,
    token,
  );
  return reply.docs.map((user) => user.email);
}

describe('the list page', () => {
  it('sorts, pages and searches the users, and keeps all of it in the address', async () => {
    const emails = await emailsDescending(await adminToken());
    expect(emails.length).toBeGreaterThan(10);
    const page = await browser.newPage();
    await openAs(page, '/app/admin/useradministration', 'admin@demo.test');
    await page.getByTestId('user-row').first().waitFor();
    await expect.poll(() => page.getByTestId('user-total').textContent()).toBe(`${emails.length} Einträge`);

    // Sort by email: ascending on the first click, descending on the second; the header says which.
    const header = page.getByRole('columnheader', { name: 'E-Mail-Adresse' });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => firstEmail(page)).toBe(emails[0]);

    // Ten a page, then the second page.
    await page.getByTestId('list-size').selectOption('10');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(10);
    await expect.poll(() => page.getByTestId('list-range').textContent()).toBe(`1–10 von ${emails.length}`);
    await page.getByRole('button', { name: 'Seite 2', exact: true }).click();
    await expect.poll(() => firstEmail(page)).toBe(emails[10]);
    expect(query(page)).toEqual({ sort: '-email', size: '10', page: '2' });

    // A reload shows the same page in the same order.
    await page.reload();
    await expect.poll(() => firstEmail(page)).toBe(emails[10]);
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    expect(await page.getByTestId('list-range').textContent()).toBe(
      `11–${Math.min(20, emails.length)} von ${emails.length}`,
    );

    // A search starts on page 1 and names the number of matches.
    await page.getByTestId('user-search').fill('lager@');
    await expect.poll(() => query(page)).toEqual({ sort: '-email', size: '10', search: 'lager@' });
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    expect(await page.getByTestId('user-total').textContent()).toBe('1 Eintrag');

    // Open the row, come back: the list is as it was left.
    await page.getByTestId('user-row').first().click();
    await page.waitForURL(/\/app\/admin\/useradministration\/[0-9a-f-]{36}$/);
    await page.goBack();
    await expect.poll(() => query(page)).toEqual({ sort: '-email', size: '10', search: 'lager@' });
    expect(await page.getByTestId('user-search').inputValue()).toBe('lager@');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);

    // Nothing matches: said so, with a way back to everything.
    await page.getByTestId('user-search').fill(`niemand-${run}`);
    await page.getByTestId('user-empty').waitFor();
    expect(await page.getByTestId('user-empty').textContent()).toContain(`Keine Treffer für „niemand-${run}“.`);
    await page.getByRole('button', { name: 'Suche zurücksetzen' }).first().click();
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(10);
    expect(query(page)).toEqual({ sort: '-email', size: '10' });
  });

  it('shows one card per user on a phone, sorted through the select', async () => {
    const emails = await emailsDescending(await adminToken());
    const page = await browser.newPage({ width: 390 });
    await openAs(page, '/app/admin/useradministration', 'admin@demo.test');
    await page.getByTestId('user-card').first().waitFor();
    expect(await page.getByTestId('user-row').first().isVisible()).toBe(false);
    await page.getByTestId('user-sort').selectOption('-email');
    await expect.poll(() => query(page)).toEqual({ sort: '-email' });
    await expect.poll(() => page.getByTestId('user-card').first().textContent()).toContain(emails[0]);
  });
});

describe('the entity editor', () => {
  /** Someone else saves the tenant meanwhile: the version the form holds is stale. */
  async function changeElsewhere(tenantId: string, token: string, addressName: string) {
    const current = await api<{ name: string; url: string; __v: number }>(
      'GET',
      `/tenants/${tenantId}`,
      undefined,
      token,
    );
    await api(
      'PUT',
      `/tenants/${tenantId}`,
      { name: current.name, url: current.url, addressName, __v: current.__v },
      token,
    );
  }
  const warnsOnUnload = (page: Page) =>
    page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });

  it('answers a stale save with the conflict dialog: keep the input, or load the newer version', async () => {
    const token = await adminToken();
    const tenant = await api<{ _id: string }>(
      'POST',
      '/tenants',
      { name: `Konflikt ${run}`, url: `konflikt-${run}` },
      token,
    );
    const page = await browser.newPage();
    await openAs(page, `/app/admin/tenant/${tenant._id}`, 'admin@demo.test');
    const addressName = page.getByLabel('Name in der Adresse', { exact: true });
    await addressName.waitFor();
    expect(await warnsOnUnload(page)).toBe(false);

    // Keep: the dialog closes, the input stays, and the next save goes through over the newer version.
    await addressName.fill('Meine Eingabe');
    expect(await warnsOnUnload(page)).toBe(true);
    await changeElsewhere(tenant._id, token, 'Von jemand anderem');
    await page.getByTestId('tenant-save').click();
    await page.getByTestId('conflict-keep').click();
    await expect.poll(() => page.getByTestId('conflict-keep').count()).toBe(0);
    expect(await addressName.inputValue()).toBe('Meine Eingabe');
    await page.getByTestId('tenant-save').click();
    await page.getByText('Gespeichert!', { exact: true }).first().waitFor();
    await expect.poll(() => warnsOnUnload(page)).toBe(false);
    await page.reload();
    await expect.poll(() => addressName.inputValue()).toBe('Meine Eingabe');

    // Reload: the server's version replaces the input, and the form is unchanged again.
    await addressName.fill('Zweite Eingabe');
    await changeElsewhere(tenant._id, token, 'Vom Server');
    await page.getByTestId('tenant-save').click();
    await page.getByTestId('conflict-reload').click();
    await expect.poll(() => addressName.inputValue()).toBe('Vom Server');
    expect(await page.getByTestId('tenant-save-bar').textContent()).toContain('Keine Änderungen');
    expect(await warnsOnUnload(page)).toBe(false);
  });

  it('a taken url is a failed save with its reason, not a conflict', async () => {
    const token = await adminToken();
    const tenant = await api<{ _id: string }>(
      'POST',
      '/tenants',
      { name: `Doppelt ${run}`, url: `doppelt-${run}` },
      token,
    );
    const page = await browser.newPage();
    await openAs(page, `/app/admin/tenant/${tenant._id}`, 'admin@demo.test');
    await page.getByTestId('tenant-url').fill('rhein-main');
    await page.getByTestId('tenant-save').click();
    await page.getByText('Fehler beim Speichern!', { exact: true }).first().waitFor();
    expect(await page.getByTestId('conflict-keep').count()).toBe(0);
  });
});
