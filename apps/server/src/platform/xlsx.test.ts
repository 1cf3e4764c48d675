import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxFile } from './xlsx';

describe('xlsxFile', () => {
  it('writes one sheet with a name Excel takes, its header bold and kept in view', async () => {
    const file = await xlsxFile('Auswertung.xlsx', 'Angebote [KW 12/2026]: Rhein-Main *alle* Standorte', (sheet) => {
      sheet.columns = [
        { header: 'Objekt', key: 'objekt', width: 30 },
        { header: 'Summe', key: 'summe', width: 12 },
      ];
      sheet.addRow(['Karusselltür Hauptbahnhof', 1950.35]);
    });
    expect(file.fileName).toBe('Auswertung.xlsx');
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const [sheet] = book.worksheets;
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('Angebote  KW 12 2026   Rhein-Ma');
    expect(sheet.name).toHaveLength(31);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell(2, 2).value).toBe(1950.35);
  });
});
