/**
 * The one writer of the product's XLSX files: one sheet, its header row bold and kept in view when scrolling.
 * exceljs is loaded with the first file written, not when a server starts, where it took about half a second.
 */
import type { Worksheet } from 'exceljs';

/**
 * A workbook of one sheet as a download. `fill` sets the sheet's columns and adds its rows; the sheet's name is
 * made one Excel takes (at most 31 characters, none of []:*?/\).
 */
export async function xlsxFile(
  fileName: string,
  sheetName: string,
  fill: (sheet: Worksheet) => void,
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  fill(sheet);
  sheet.getRow(1).font = { bold: true };
  return {
    body: Buffer.from(await book.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName,
  };
}
