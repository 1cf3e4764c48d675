/**
 * An inspection as a service technician does it: the QR label on the door opens the book, the
 * technician records an inspection with a defect, a photo and a signature and finalizes it; the
 * book's next date and ampel move, and the book's PDF holds the inspection.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { adminToken, api, baseUrl, downloadedFile, isoDay, login, setUpBrowser, sign, withTenant } from './fixtures';

const browser = setUpBrowser();
const run = randomUUID().slice(0, 6);
const SLIDING_DOOR_TYPE = '0b7c1a10-0001-4000-8000-000000000001';
/** A 1×1 PNG, the photo of the defect. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const german = (iso: string) => iso.split('-').reverse().join('.');
const addYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;

async function pdfText(path: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

describe('inspections', () => {
  it('a technician opens a book by its QR label, records and finalizes an inspection, and the book PDF holds it', async () => {
    const token = await adminToken();
    const tenants = await api<{ docs: { _id: string; name: string; url: string }[] }>(
      'GET',
      '/tenants?search=Rhein-Main',
      undefined,
      token,
    );
    const tenant = tenants.docs[0];
    if (!tenant) throw new Error('demo tenant missing');
    // An installation whose first service was due yesterday: overdue, red.
    const yesterday = isoDay(-1);
    const title = `Schiebetür Foyer ${run}`;
    const book = await withTenant<{ _id: string; nextInspectionDate: string; inspectionAmpel: string }>(
      'POST',
      '/books',
      tenant._id,
      token,
      {
        title,
        customer: 'Stadtwerke Offenbach',
        object: 'Kundencenter Offenbach',
        site: 'EG Foyer',
        manufacturerNo: `SN-${run}`,
        bookType: SLIDING_DOOR_TYPE,
        firstservice: yesterday,
      },
    );
    expect(book.nextInspectionDate).toBe(yesterday);
    expect(book.inspectionAmpel).toBe('red');
    const qr = await withTenant<{ code: string; url: string }>(
      'POST',
      `/qr/generate/${tenant._id}/${book._id}`,
      tenant._id,
      token,
      {},
    );
    expect(qr.url).toBe(`${baseUrl()}/app/q/${qr.code}`);

    const page = await browser.newPage({ width: 390 });
    await login(page, 'servicetechniker@demo.test');
    await page.waitForURL((u) => !u.pathname.includes('/login'));

    // The label's URL leads a signed-in technician straight into the book.
    await page.goto(new URL(qr.url).pathname);
    await page.waitForURL(new RegExp(`/app/book/[^/]+/${book._id}$`));
    const bookPath = new URL(page.url()).pathname;
    await page.getByText(title).first().waitFor();
    await page.getByText(german(yesterday)).first().waitFor();

    await page.getByTestId('new-inspection').click();
    await page.getByTestId('record-heading').waitFor();
    await page.getByTestId('checklist-all-ok').click();
    await page.getByTestId('defect-add').click();
    const defectText = `Sensor Außenseite verschmutzt ${run}`;
    await page.getByLabel('Beschreibung').fill(defectText);
    // A defect that allows continued operation ('Ja' beside a repair defect is refused, see records.e2e.ts).
    await page.getByLabel('Bewertung').selectOption({ label: 'Betrieb unbedenklich' });
    await page.getByLabel('Foto zu Mangel 1 aufnehmen').setInputFiles({
      name: 'sensor.png',
      mimeType: 'image/png',
      buffer: PHOTO,
    });
    await page.getByTestId('defect-photo').first().waitFor();
    await page.getByTestId('continued-operation').getByText('Ja', { exact: true }).click();
    await page.getByLabel('Name des Prüfers').fill('Tobias Techniker');
    await sign(page, 'signature-inspector');

    await page.getByTestId('record-finalize').click();
    await page.getByTestId('confirm-finalize').click();
    await expect.poll(() => page.getByTestId('record-status').first().textContent()).toMatch(/abgeschlossen/i);

    // The book: inspected today, next due in a year, green.
    const today = isoDay();
    const after = await withTenant<{ nextInspectionDate: string; inspectionAmpel: string }>(
      'GET',
      `/books/${book._id}`,
      tenant._id,
      token,
    );
    expect(after.nextInspectionDate).toBe(addYears(today, 1));
    expect(after.inspectionAmpel).toBe('green');
    await page.goto(bookPath);
    await page
      .getByText(german(addYears(today, 1)))
      .first()
      .waitFor();
    await page.getByTestId('record-row').first().waitFor();

    await page.getByTestId('book-pdf-menu').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pdf-book').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const path = await downloadedFile(download);
    const text = await pdfText(path);
    expect(text).toContain(title);
    expect(text).toContain(defectText);
    expect(text).toContain('Tobias Techniker');
    expect(text).toContain(german(today));
  });
});
