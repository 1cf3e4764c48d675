/**
 * A defect reported on the public QR page reaches the office: the nav counts it, the list shows it with the
 * reporter, 'Erledigen' closes it with a note, and the closed report names who closed it; the book's page no
 * longer shows it as open.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminToken, api, login, setUpBrowser, withTenant } from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);

/** A new book of the demo tenant with a QR code, and a defect reported on its public page. */
async function reportedDefect(text: string) {
  const token = await adminToken();
  const tenants = await api<{ docs: { _id: string }[] }>('GET', '/tenants?search=Rhein-Main', undefined, token);
  const tenantId = tenants.docs[0]?._id;
  if (!tenantId) throw new Error('demo tenant missing');
  const book = await withTenant<{ _id: string; title: string }>('POST', '/books', tenantId, token, {
    title: `Schiebetür Kundencenter ${run}`,
    object: 'Kundencenter Offenbach',
  });
  const code = await withTenant<{ code: string }>('POST', `/qr/generate/${tenantId}/${book._id}`, tenantId, token, {});
  await api('POST', `/public/qr/${code.code}/defects`, { name: 'Herr Passant', contact: '0151 2345678', text });
  return { tenantId, book, token };
}

const openCount = async (tenantId: string, token: string) =>
  (await withTenant<{ open: number }>('GET', '/defectreports/count', tenantId, token)).open;

describe('defect reports', () => {
  it('closes a report from its list with a note, which then names who closed it', async () => {
    const text = `Tür schließt nicht mehr ${run}`;
    const { tenantId, book, token } = await reportedDefect(text);
    const before = await openCount(tenantId, token);
    const page = await browser.newPage({ width: 1280 });
    await login(page, 'standard@demo.test');
    await page.waitForURL((u) => !u.pathname.includes('/login'));

    // The nav counts the open reports and leads to them.
    await expect.poll(() => page.getByTestId('nav-defectReports-count').textContent()).toBe(String(before));
    await page.getByTestId('nav-defectReports').click();
    await page.waitForURL(/\/app\/defectreports/);
    await page.getByTestId('defects-search').fill(run);
    const row = page.getByTestId('defects-row').filter({ hasText: text });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Herr Passant');
    expect(await row.textContent()).toContain('0151 2345678');

    // 'Erledigen' with a note.
    await row.getByTestId('defect-close').click();
    const note = `Türschließer nachgestellt ${run}`;
    await page.getByTestId('defect-close-note').fill(note);
    await page.getByTestId('defect-close-confirm').click();
    await page.getByText('Die Mangelmeldung ist erledigt.').waitFor();
    await expect.poll(() => page.getByTestId('defects-row').filter({ hasText: text }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('nav-defectReports-count').textContent()).toBe(String(before - 1));

    // Among the closed ones: the note, who closed it.
    await page.getByTestId('defect-filter').getByText('Erledigt', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('done');
    const closed = page.getByTestId('defects-row').filter({ hasText: text });
    await expect.poll(() => closed.count()).toBe(1);
    expect(await closed.textContent()).toContain(`Erledigt: ${note}`);
    expect(await closed.textContent()).toContain('Sabine Schmidt');

    // The book's page shows no open report any more; the API keeps the closing.
    await closed.getByRole('link', { name: book.title }).click();
    await page.getByTestId('book-heading').waitFor();
    expect(await page.getByTestId('book-defect-reports').count()).toBe(0);
    const reports = await withTenant<{ status: string; note: string; closedBy: string }[]>(
      'GET',
      `/books/${book._id}/defectreports`,
      tenantId,
      token,
    );
    expect(reports).toEqual([expect.objectContaining({ status: 'done', note, closedBy: 'Sabine Schmidt' })]);
  });
});
