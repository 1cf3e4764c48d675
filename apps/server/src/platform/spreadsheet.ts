/**
 * Reading a spreadsheet a user uploads (XLSX, or CSV with ; or ,) into rows of cells: the first sheet of
 * a workbook, told by its bytes, else text. The importers map and check the cells themselves.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from './errors';

/** Rows read at most; an importer refuses a file with more. */
export const MAX_SHEET_ROWS = 5000;

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The cells of the first sheet (XLSX, told by its bytes) or of a CSV (delimiter detected, ; or ,). */
export async function readSheet(buffer: Buffer, name: string): Promise<unknown[][]> {
  if (isZip(buffer)) {
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(buffer as unknown as ArrayBuffer);
    } catch {
      throw unreadable();
    }
    const sheet = book.worksheets[0];
    if (!sheet) return [];
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      if (rows.length > MAX_SHEET_ROWS + 1) return; // plan() refuses the file; no need to convert the rest
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows.push(values.map(cellValue));
    });
    return rows;
  }
  if (buffer.includes(0)) throw unreadable();
  if (/\.(xls|ods)$/i.test(name)) throw unreadable();
  const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  return parsed.data;
}

/** An ExcelJS cell value as plain text or number (rich text, hyperlinks and formulas by their shown value). */
function cellValue(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if (v instanceof Date) return v.toISOString().slice(0, 10);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return v.text;
    if ('result' in v) return v.result ?? '';
    return '';
  }
  return v;
}

const unreadable = () =>
  new AppError('UNSUPPORTED_FILE_TYPE', 400, [
    { field: 'file', key: 'errors.IMPORT_UNREADABLE', message: 'IMPORT_UNREADABLE' },
  ]);
