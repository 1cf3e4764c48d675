/**
 * The one writer of the product's CSV files. What German Excel opens without an import dialog:
 * UTF-8 with a byte order mark, semicolons, CRLF line ends, a field quoted when it holds a
 * semicolon, a quote, a line break or space at either end. Every text cell passes
 * `neutraliseCsvText` (decision 035), so a branch name such as '=HYPERLINK(…)' is shown as text and
 * never run as a formula; figures (numbers, or numbers the product formatted such as '-1.234,50 €')
 * are written as they are.
 */
import { neutraliseCsvText } from '@pruefbuch/domain/rules/csv-cell';
import Papa from 'papaparse';

/** A number the product formatted itself (money, percent, days in the request's language). */
export interface CsvFigure {
  readonly figure: string;
}
export const figure = (text: string): CsvFigure => ({ figure: text });

/** A text cell (neutralised), a number or a formatted figure (as they are), or empty. */
export type CsvCell = string | number | CsvFigure | null;

export interface CsvFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

function cellText(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'string') return neutraliseCsvText(cell);
  return cell.figure;
}

export function csvFile(fileName: string, header: string[], rows: CsvCell[][]): CsvFile {
  const csv = Papa.unparse(
    { fields: header.map(neutraliseCsvText), data: rows.map((r) => r.map(cellText)) },
    { delimiter: ';', newline: '\r\n' },
  );
  return {
    body: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
    contentType: 'text/csv; charset=utf-8',
    fileName,
  };
}
