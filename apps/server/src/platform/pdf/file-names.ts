import { translate } from '@pruefbuch/domain/locales/resources';
import { PDF_LANG } from '../pdf';

export type PdfFileKind = 'book' | 'shrink' | 'gutachten' | 'preInspection' | 'inspection' | 'preview' | 'labels';

/** One part of a file name: no path or reserved characters, no control characters, words joined by '-'. */
export function fileNamePart(value: string): string {
  const printable = [...value.normalize('NFC')].map((c) => ((c.codePointAt(0) ?? 0) < 0x20 || c === '\x7f' ? ' ' : c));
  return printable
    .join('')
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/[.\s]+/g, ' ')
    .trim()
    .replace(/ /g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/**
 * The download name of a PDF (SPEC §7): the book's manufacturer number, object and site,
 * joined by '_'; documents other than the book export start with their kind (and a record's
 * date). Without any of the three: the kind's default, e.g. 'pruefbuch.pdf'.
 */
export function pdfFileName(
  kind: PdfFileKind,
  book: { manufacturerNo: string; object: string; site: string } | null,
  date?: string | null,
): string {
  const parts = book ? [book.manufacturerNo, book.object, book.site].map(fileNamePart).filter(Boolean) : [];
  const word = translate(PDF_LANG, `pdf.files.${kind}`);
  const head = kind === 'book' && parts.length ? [] : [word];
  if (date) head.push(date);
  return `${[...head, ...parts].join('_')}.pdf`;
}
