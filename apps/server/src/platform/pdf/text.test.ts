import { describe, expect, it } from 'vitest';
import { pdfFileName } from './file-names';
import { addressLine, formatDate, winAnsi } from './text';

describe('winAnsi', () => {
  it.each([
    ['Prüfung für Türen: ä ö ü Ä Ö Ü ß €', 'Prüfung für Türen: ä ö ü Ä Ö Ü ß €'],
    ['„Zitat“ – Gedankenstrich … • ‚x‘', '„Zitat“ – Gedankenstrich … • ‚x‘'],
    ['Łódź, Kraków', 'Lódz, Kraków'],
    ['Čeněk Šťastný', 'Cenek Štastný'],
    ['Gürsoy Işık', 'Gürsoy Isik'],
    ['Tür 🚪 offen', 'Tür ? offen'],
    ['Zeile\r\nzwei\tTab', 'Zeile\nzwei  Tab'],
    ['Steuer\u0007zeichen', 'Steuerzeichen'],
    ['−5 °C', '-5 °C'],
  ])('%s', (input, output) => {
    expect(winAnsi(input)).toBe(output);
  });
});

describe('formatDate (DD.MM.YYYY)', () => {
  it.each([
    ['2024-02-29', '29.02.2024'],
    ['2023-12-31T23:30:00.000Z', '01.01.2024'],
    ['2023-06-30T21:59:00.000Z', '30.06.2023'],
    [null, ''],
    ['kein Datum', ''],
  ])('%s → %s', (input, output) => {
    expect(formatDate(input)).toBe(output);
  });
});

describe('addressLine', () => {
  it('joins street, number, ZIP and city, leaving out what is empty', () => {
    expect(addressLine({ street: 'Zeil', housenumber: '116', zip: '60313', location: 'Frankfurt' })).toBe(
      'Zeil 116, 60313 Frankfurt',
    );
    expect(addressLine({ street: '', housenumber: '', zip: '60313', location: '' })).toBe('60313');
    expect(addressLine(null)).toBe('');
  });
});

describe('pdfFileName', () => {
  const book = { manufacturerNo: 'HN/4711', object: 'Kaufhof: Zeil "Süd"', site: '..\\EG  Eingang\u0000' };
  it('builds the name from manufacturer number, object and site, without path or reserved characters', () => {
    expect(pdfFileName('book', book)).toBe('HN-4711_Kaufhof-Zeil-Süd_EG-Eingang.pdf');
    expect(pdfFileName('inspection', book, '2024-11-05')).toBe(
      'pruefbericht_2024-11-05_HN-4711_Kaufhof-Zeil-Süd_EG-Eingang.pdf',
    );
  });
  it('falls back to the kind’s default', () => {
    const empty = { manufacturerNo: '', object: ' ', site: '' };
    expect(pdfFileName('book', empty)).toBe('pruefbuch.pdf');
    expect(pdfFileName('shrink', empty)).toBe('pruefbuch-kurz.pdf');
    expect(pdfFileName('labels', null)).toBe('etiketten.pdf');
  });
  it('keeps long names short', () => {
    const name = pdfFileName('book', { manufacturerNo: 'A'.repeat(200), object: 'B'.repeat(200), site: 'C' });
    expect(name).toBe(`${'A'.repeat(60)}_${'B'.repeat(60)}_C.pdf`);
  });
});
