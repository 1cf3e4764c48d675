import { describe, expect, it } from 'vitest';
import { RSA_P12 } from '../../server/test/fixtures/certificates';
import { adminToken, api, openAs, screenshot, setUpBrowser } from './fixtures';

/**
 * Sealed PDFs (decision 056): the demo tenant's page shows the self-made certificate its finalized reports are
 * sealed under; an admin uploads the company's PKCS#12, a wrong password is refused at its field; a standard user
 * does not see the section.
 */
const browser = setUpBrowser();

async function demoTenant() {
  const token = await adminToken();
  return api<{ _id: string }>('GET', '/tenants/url?url=rhein-main', undefined, token);
}

describe('the tenant’s certificate for sealed PDFs', () => {
  it('an admin sees the self-made certificate, is refused a wrong password and uploads the company’s file', async () => {
    const tenant = await demoTenant();
    const page = await browser.newPage();
    await openAs(page, `/app/admin/tenant/${tenant._id}`, 'admin@demo.test');
    const section = page.getByTestId('tenant-certificate');
    await section.getByTestId('tenant-certificate-subject').waitFor();
    expect(await section.getByTestId('tenant-certificate-subject').textContent()).toBe(
      'CN=Türservice Rhein-Main GmbH, O=Türservice Rhein-Main GmbH',
    );
    expect(await section.textContent()).toContain('Von Prüfbuch erzeugt');
    await section.getByTestId('tenant-certificate-self-signed').waitFor();
    expect(await section.getByTestId('tenant-certificate-fingerprint').textContent()).toMatch(
      /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/,
    );
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'certificate-generated', { fullPage: true });

    const form = page.getByTestId('tenant-certificate-upload');
    await form.locator('input[type="file"]').setInputFiles({
      name: 'firma.p12',
      mimeType: 'application/x-pkcs12',
      buffer: RSA_P12.bytes,
    });
    await page.getByTestId('tenant-certificate-password').fill('falsch');
    await page.getByTestId('tenant-certificate-submit').click();
    await expect.poll(() => form.textContent()).toContain('Das Passwort öffnet diese PKCS#12-Datei nicht.');
    await screenshot(page, 'certificate-wrong-password', { fullPage: true });

    await page.getByTestId('tenant-certificate-password').fill(RSA_P12.password);
    await page.getByTestId('tenant-certificate-submit').click();
    await expect.poll(() => section.textContent()).toContain('Hochgeladen');
    expect(await section.textContent()).toContain('CN=Beispiel Test-CA, O=Beispiel CA, C=DE');
    expect(await section.getByTestId('tenant-certificate-self-signed').count()).toBe(0);
    await screenshot(page, 'certificate-uploaded', { fullPage: true });
  });

  it('a standard user opens the tenant page without the section', async () => {
    const tenant = await demoTenant();
    const page = await browser.newPage({ width: 390 });
    await openAs(page, `/app/admin/tenant/${tenant._id}`, 'standard@demo.test');
    await page.getByTestId('tenant-name').waitFor();
    expect(await page.getByTestId('tenant-certificate').count()).toBe(0);
  });
});
