import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, login, settled, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

/** The start page: /app or /app/ */
const atHome = (u: URL) => u.pathname === '/app/' || u.pathname === '/app';
const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

describe('sign-in', () => {
  it('signs in with German texts, shows the role nav and the page title', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.waitForURL(/\/app\/?$/);
    await login(page, 'admin@demo.test');
    await page.waitForURL(atHome);
    await expect.poll(() => page.title()).toBe('Prüfbuch – Start');
    const nav = page.getByRole('navigation');
    await expect.poll(() => nav.getByText('Meine Prüfungen').first().isVisible()).toBe(true);
    await expect.poll(() => nav.getByText('QR-Code').first().isVisible()).toBe(true);
    expect(await nav.getByText('Auftragsabwicklung').count()).toBeGreaterThan(0);
    // The admin reaches the cost list and capacity planning from the nav.
    expect(await nav.getByText('Kostenliste').count()).toBeGreaterThan(0);
    expect(await nav.getByText('Kapazitätsplanung').count()).toBeGreaterThan(0);
  });

  it('shows one clear message for a wrong password', async () => {
    const page = await browser.newPage();
    await login(page, 'standard@demo.test', 'falsch');
    const alert = page.getByTestId('login-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('E-Mail-Adresse oder Passwort ist falsch.');
  });

  it('switches to English and stays there after a reload', async () => {
    const page = await browser.newPage();
    await page.goto('/app/admin/login');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await page.getByText('EN', { exact: true }).first().click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    // The switch is a radio group: the arrow keys move the choice back.
    expect(await page.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'English' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Deutsch' }).isChecked()).toBe(true);
  });
});

describe('route guard', () => {
  it('sends a signed-out visitor to login with the wanted path and back after sign-in', async () => {
    const page = await browser.newPage();
    await page.goto('/app/admin/useradministration');
    await page.waitForURL(/\/app\/admin\/login\?redirect=/);
    expect(decodeURIComponent(path(page))).toContain('redirect=/admin/useradministration');
    await page.getByLabel(/E-Mail/).fill('admin@demo.test');
    await page.locator('input[autocomplete="current-password"]').fill('pruefbuch');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(/\/app\/admin\/useradministration$/);
    await page.getByText('standard@demo.test').first().waitFor();
  });

  it('tells a user without the role, or without the evaluation flag, that the screen is not theirs', async () => {
    const page = await browser.newPage();
    await login(page, 'standard@demo.test');
    await page.waitForURL(atHome);
    // 'Kein Zugriff' where it was asked for, with the way to the start (decision 017).
    for (const screen of ['/app/admin/useradministration', '/app/opevaluation']) {
      await page.goto(screen);
      await page.getByTestId('no-access').getByText('Kein Zugriff').waitFor();
      expect(new URL(page.url()).pathname).toBe(screen);
      expect(await page.getByText('standard@demo.test').count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Zu meinem Start' }).click();
    await page.waitForURL(atHome);
  });

  it('lets the evaluation flag open the operations evaluation', async () => {
    const page = await browser.newPage();
    await login(page, 'auswertung@demo.test');
    await page.waitForURL(atHome);
    await page.goto('/app/opevaluation');
    await page.getByRole('heading', { name: 'Auswertung Auftragsabwicklung' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/opevaluation');
  });

  it('starts a regional branch manager on the branch list, and keeps staff lists closed', async () => {
    const page = await browser.newPage();
    await login(page, 'filiale-regional@demo.test');
    await page.waitForURL(/\/app\/customerlocationlist$/);
    await page.goto('/app/admin/tenant_list/');
    await page.getByTestId('no-access').waitFor();
  });
});

describe('account', () => {
  it('activates 2FA with a TOTP code and signs in with the next one', async () => {
    const account = await createAccount();
    const page = await browser.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(atHome);
    await page.goto(`/app/admin/settings/${account.id}`);
    const barcode = page.waitForResponse((r) => r.url().includes('/api/v1/users/barcode2fa/'));
    await page.getByRole('button', { name: 'QR-Code anzeigen' }).click();
    const { secret } = (await (await barcode).json()) as { secret: string };
    await page.getByRole('img', { name: 'QR-Code für die Authenticator-App' }).waitFor();
    await page.getByTestId('twofa-code').fill(codeAt(secret));
    await page.getByRole('button', { name: 'Aktivieren' }).click();
    await page.getByText('Die Zwei-Faktor-Anmeldung ist aktiv.').waitFor();

    // Sign out, sign in again: the second factor is asked.
    await page.getByRole('button', { name: /Benutzermenü/ }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL(/\/app\/admin\/login/);
    await login(page, account.email, account.password);
    await page.waitForURL(/\/app\/admin\/validate2fa/);
    // The six boxes submit by themselves once full.
    const firstBox = page.locator('[data-testid=totp-code] input').first();
    await firstBox.click();
    await page.keyboard.type('000000' === codeAt(secret, 30) ? '111111' : '000000');
    await page.getByText('Code nicht korrekt').first().waitFor();
    await firstBox.click();
    await page.keyboard.type(codeAt(secret, 30));
    await page.waitForURL(atHome);
  });

  it('changes the password with the strength meter; the button waits for valid input', async () => {
    const account = await createAccount();
    const page = await browser.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(atHome);
    await page.goto(`/app/admin/changepassword/${account.id}`);
    const submit = page.getByRole('button', { name: 'Passwort ändern' });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Aktuelles Passwort').fill(account.password);
    await page.getByLabel('Neues Passwort').first().fill('Neu-Passwort-42');
    await page.getByLabel('Neues Passwort bestätigen').fill('Neu-Passwort-4');
    await page.keyboard.press('Tab');
    await page.getByText('Das bestätigte Passwort stimmt nicht überein.').first().waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Neues Passwort bestätigen').fill('Neu-Passwort-42');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await page.waitForURL(/\/app\/admin\/login/);
    await login(page, account.email, 'Neu-Passwort-42');
    await page.waitForURL(atHome);
  });

  it('works on a phone: the nav opens from the burger', async () => {
    const page = await browser.newPage({ width: 375 });
    await login(page, 'servicetechniker@demo.test');
    await page.waitForURL(atHome);
    // The landing forwards to the role's first screen, and a change of address closes the drawer: the burger
    // is tapped once the screen has been reached (its nav entry marked) and has loaded.
    await page.locator('nav [data-testid^="nav-"][data-active]').first().waitFor({ state: 'attached' });
    await settled(page);
    const burger = page.getByRole('button', { name: 'Menü öffnen' });
    await burger.click();
    await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation').getByText('QR-Code').first().waitFor();
    // Tapping the entry of the screen already shown closes the drawer as well: nothing else would change.
    await page.locator('nav [data-testid^="nav-"][data-active]').first().click();
    await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('false');
  });
});
