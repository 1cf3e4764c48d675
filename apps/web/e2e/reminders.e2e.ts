/**
 * The weekly digest (decision 019): an installation of a branch that has just turned red appears in
 * the digest mail, which the admin finds in the outbox of the dashboard.
 */
import { describe, expect, it } from 'vitest';
import { adminToken, baseUrl, isoDay, openAs, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

async function call<T>(method: string, url: string, token: string, tenant: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(tenant ? { 'x-tenant': tenant } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

describe('the weekly digest', () => {
  it('lists an installation that just turned red, in the outbox of the dashboard', async () => {
    const token = await adminToken();
    const tenants = await call<{ _id: string; name: string }[]>('GET', '/tenants/user', token, '');
    const tenant = tenants.find((t) => t.name.startsWith('Türservice Rhein-Main'))?._id ?? '';
    // The demo's last digest is a week old; this run reports what changed since and sets the new baseline.
    await call('POST', '/reminders/digest/run', token, tenant);

    const yesterday = isoDay(-1);
    const title = `Schiebetür Windfang ${Date.now()}`;
    const book = await call<{ _id: string; inspectionAmpel: string }>('POST', '/books', token, tenant, {
      title,
      firstservice: yesterday,
      serviceinterval: 12,
    });
    expect(book.inspectionAmpel).toBe('red');
    const locations = await call<{ docs: { _id: string; nr: string }[] }>(
      'GET',
      '/customerlocation?search=4101',
      token,
      tenant,
    );
    await call('POST', `/customerlocation/${locations.docs[0]?._id}/books`, token, tenant, {
      bookId: book._id,
      confirm: true,
    });
    const run = await call<{ changed: number; mails: number }>('POST', '/reminders/digest/run', token, tenant);
    expect(run.changed).toBeGreaterThanOrEqual(1);
    // The tenant's address, Frieda (branch 4101), Rolf (Rhein-Main) and Carla (all of the customer).
    expect(run.mails).toBe(4);

    const page = await browser.newPage();
    await openAs(page, '/app/admin/dashboard', 'admin@demo.test');
    const row = page.getByTestId('outbox-row').filter({ hasText: 'filiale-default@demo.test' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('bald fällig oder überfällig');
    await row.click();
    const mail = page.getByRole('dialog');
    await mail.waitFor();
    expect(await mail.textContent()).toContain(title);
    expect(await mail.textContent()).toContain('überfällig');
  });
});
