/**
 * The one PDF platform of the server (pdfkit). Every document shares a layout: A4, a header
 * with the tenant's name and the document's title, the tenant's `fusszeileText` and address
 * as the footer of every page with 'Seite x von y', Helvetica for text.
 *
 * Font: pdfkit's built-in Helvetica (a standard PDF font, so nothing is embedded or subset):
 * WinAnsi covers German with ä ö ü ß € „ “ – …, documents stay small and rendering is fast.
 * Letters outside WinAnsi that users may type are folded by winAnsi() (platform/pdf/text.ts).
 *
 * Streaming: the document is a Readable that a reply sends while it is being written. Every
 * page is written out when the next one starts and images as soon as they are placed; drain()
 * holds the writer back while the client has not read what is already there. 'Seite x von y'
 * needs the page count before it is known: each page shows it through a tiny form XObject
 * whose content end() writes once the count is known, so no page waits in memory.
 */

import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Language } from '@pruefbuch/domain/locales/resources';
import { translate } from '@pruefbuch/domain/locales/resources';
import type PDFDocument from 'pdfkit';
import { FastText, type LaterText } from './pdf/fast-text';
import { addressLine, winAnsi } from './pdf/text';

export const MM = 72 / 25.4;
export const A4 = { width: 595.28, height: 841.89 } as const;

export const FONT = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  /** Fixed width, for codes people type (the label's QR code). */
  mono: 'Courier-Bold',
} as const;
export const COLOR = {
  text: '#1f2933',
  muted: '#616e7c',
  rule: '#cbd2d9',
  light: '#eef1f4',
  zebra: '#f7f8fa',
  accent: '#1c4e80',
  danger: '#c92a2a',
  ampel: { green: '#2b8a3e', orange: '#e67700', red: '#c92a2a', black: '#212529', none: '#adb5bd' },
} as const;

/** What the header and footer show of the tenant (SPEC §3 Tenant). */
export interface PdfTenant {
  name: string;
  fusszeileText: string;
  addressName: string;
  address: { street?: string; housenumber?: string; zip?: string; location?: string } | null;
}

export interface PdfLayout {
  /** The document's title, right in the header and in the PDF's metadata. */
  title: string;
  /** A second header line, e.g. the installation. */
  subtitle?: string;
  tenant: PdfTenant;
  lang?: Language;
  /** Printed diagonally across every page (a preview of an unsaved record). */
  watermark?: string;
  /** Header, footer and page numbers (default); labels use the whole sheet. */
  frame?: boolean;
  /** Page margins when the document has no frame. */
  margins?: { top: number; bottom: number; left: number; right: number };
}

const rgbCache = new Map<string, string>();
/** '#1f2933' as PDF colour operands '0.122 0.161 0.2'. */
export function rgb(hex: string): string {
  let value = rgbCache.get(hex);
  if (!value) {
    const n = Number.parseInt(hex.slice(1), 16);
    value = [n >> 16, (n >> 8) & 0xff, n & 0xff].map((c) => Math.round((c / 255) * 1000) / 1000).join(' ');
    rgbCache.set(hex, value);
  }
  return value;
}
const n2 = (v: number) => (Math.round(v * 100) / 100).toString();

/** The PDFs are documents of record and always German (their English texts exist for completeness). */
export const PDF_LANG: Language = 'de';

const PAGE_NUMBER_SIZE = 8;
const PAGE_NUMBER_WIDTH = 90;
const FRAME_MARGINS = { top: 74, bottom: 82, left: 50, right: 50 };
/** drain() lets other work in at most this often (ms): short enough for /health, few enough turns to cost nothing. */
const TURN_MS = 20;
/** Bytes the client may leave unread before the writer waits. */
const HIGH_WATER = 256 * 1024;

type Doc = PDFKit.PDFDocument;
type FontName = keyof typeof FONT;

export interface WriteOptions {
  width: number;
  font?: FontName;
  size?: number;
  color?: string;
  align?: 'left' | 'center' | 'right';
  lineGap?: number;
  /** At most this many lines, the last cut with '…'. */
  maxLines?: number;
}
type Internals = Doc & { _read: (size: number) => void };

/** The writer of one document: the pdfkit document plus the shared layout and a few typed helpers. */
export class PdfWriter {
  readonly doc: Doc;
  readonly lang: Language;
  readonly layout: PdfLayout;
  /** The cached text path (platform/pdf/fast-text.ts) that every helper writes with. */
  readonly fast: FastText;
  private readonly framed: boolean;
  private waiters: (() => void)[] = [];
  /** When drain() last let the event loop go on. */
  private lastTurn = performance.now();
  private ended = false;

  constructor(layout: PdfLayout, Document: typeof PDFDocument) {
    this.layout = layout;
    this.lang = layout.lang ?? PDF_LANG;
    this.framed = layout.frame !== false;
    const doc = new Document({
      size: 'A4',
      margins: this.framed ? FRAME_MARGINS : (layout.margins ?? FRAME_MARGINS),
      autoFirstPage: false,
      compress: true,
      lang: this.lang === 'de' ? 'de-DE' : 'en-GB',
      displayTitle: true,
      info: {
        Title: winAnsi(layout.subtitle ? `${layout.title} – ${layout.subtitle}` : layout.title),
        Author: winAnsi(layout.tenant.name),
        Creator: 'Prüfbuch',
        Producer: 'Prüfbuch (pdfkit)',
      },
    }) as Internals;
    guardText(doc);
    // Node calls _read when the consumer wants more: that is when a waiting writer may go on.
    doc._read = () => this.release();
    doc.once('close', () => this.release());
    this.doc = doc;
    this.fast = new FastText(doc);
    if (this.framed) doc.on('pageAdded', () => this.drawFrame());
    doc.addPage();
    this.style('regular', 9.5, COLOR.text);
    doc.x = this.left;
    doc.y = this.top;
  }

  private readonly texts = new Map<string, string>();

  /** A text of the locales in the document's language; texts without parameters are looked up once. */
  t(key: string, params?: Record<string, string | number>): string {
    if (params) return translate(this.lang, key, params);
    let text = this.texts.get(key);
    if (text === undefined) {
      text = translate(this.lang, key);
      this.texts.set(key, text);
    }
    return text;
  }

  get left() {
    return this.doc.page.margins.left;
  }
  get right() {
    return this.doc.page.width - this.doc.page.margins.right;
  }
  get width() {
    return this.right - this.left;
  }
  get top() {
    return this.doc.page.margins.top;
  }
  /** The lowest y content may reach on this page. */
  get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }
  get y() {
    return this.doc.y;
  }
  set y(value: number) {
    this.doc.y = value;
  }
  /** True once the client went away: writing on is pointless. */
  get aborted() {
    return this.doc.destroyed;
  }

  addPage() {
    this.fill = null;
    this.doc.addPage();
    this.doc.x = this.left;
    this.doc.y = this.top;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) this.addPage();
  }

  /** The fill colour the page's content stream has set last (null: unknown, e.g. on a new page). */
  private fill: string | null = null;

  /**
   * Sets font, size and colour in one call. Font and size only change pdfkit's state; the colour
   * is written into the page only when it changes (shapes set theirs inside save/restore).
   */
  style(font: FontName = 'regular', size = 9.5, color: string = COLOR.text) {
    this.setFont(font, size);
    if (this.fill !== color) {
      this.raw(`${rgb(color)} rg`);
      this.fill = color;
    }
    return this;
  }

  /** Appends PDF content operators to the page as they are (y runs downwards, as in pdfkit). */
  raw(content: string) {
    this.doc.addContent(Buffer.from(`${content}\n`, 'latin1') as unknown as string);
  }

  /** A filled rectangle, in its own graphics state. */
  fillRect(x: number, y: number, w: number, h: number, color: string) {
    this.raw(`q ${rgb(color)} rg ${n2(x)} ${n2(y)} ${n2(w)} ${n2(h)} re f Q`);
  }

  /** Writes text into a box whose top left corner is (x, y); returns the height used. */
  write(text: string, x: number, y: number, opts: WriteOptions): number {
    this.style(opts.font, opts.size ?? 9.5, opts.color);
    return this.fast.draw(text, x, y, opts);
  }

  /** The height `write` would use. */
  measure(text: string, opts: WriteOptions): number {
    this.setFont(opts.font ?? 'regular', opts.size ?? 9.5);
    return this.fast.heightOf(text, opts);
  }

  /** The width of a single line of text. */
  textWidth(text: string, font: FontName = 'regular', size = 9.5): number {
    this.setFont(font, size);
    return this.fast.widthOf(winAnsi(text));
  }

  private setFont(font: FontName, size: number) {
    this.doc.font(FONT[font], size);
  }

  /** A paragraph over the full width (or `width`), flowing onto new pages when long. */
  paragraph(
    text: string,
    opts: { font?: FontName; size?: number; color?: string; gap?: number; x?: number; width?: number } = {},
  ) {
    if (!text) return;
    const box = { width: opts.width ?? this.width, lineGap: 1.5 };
    this.style(opts.font, opts.size ?? 9.5, opts.color);
    const step = this.fast.lineHeight(box.lineGap);
    for (const line of this.fast.lines(text, box)) {
      if (this.doc.y + step > this.bottom) {
        this.addPage();
        this.style(opts.font, opts.size ?? 9.5, opts.color);
      }
      this.fast.draw(line, opts.x ?? this.left, this.doc.y, box);
      this.doc.y += step;
    }
    this.doc.x = this.left;
    this.doc.y += opts.gap ?? 4;
  }

  /** A section heading: level 1 with a rule under it, level 2 bold, level 3 small caps-like. */
  heading(text: string, level: 1 | 2 | 3 = 1) {
    const size = level === 1 ? 13 : level === 2 ? 11 : 9.5;
    // Keep a heading with the start of what follows it (a table's header and first row, a few lines).
    this.ensureSpace(size + (level === 3 ? 58 : 80));
    if (this.doc.y > this.top + 1) this.doc.y += level === 1 ? 10 : 6;
    this.doc.y += this.write(text, this.left, this.doc.y, {
      width: this.width,
      font: 'bold',
      size,
      color: level === 3 ? COLOR.muted : level === 1 ? COLOR.accent : COLOR.text,
    });
    if (level === 1) {
      const y = this.doc.y + 2;
      this.doc.moveTo(this.left, y).lineTo(this.right, y).lineWidth(0.8).strokeColor(COLOR.accent).stroke();
      this.doc.y = y + 6;
    } else {
      this.doc.y += 3;
    }
    this.doc.x = this.left;
  }

  /**
   * Label/value pairs in `columns` columns: the label small and grey above its value. Empty
   * values are left out unless `keepEmpty`.
   */
  keyValues(pairs: [string, string][], opts: { columns?: number; keepEmpty?: boolean } = {}) {
    const columns = opts.columns ?? 2;
    const list = opts.keepEmpty ? pairs : pairs.filter(([, v]) => v.trim() !== '');
    const gutter = 14;
    const colWidth = (this.width - gutter * (columns - 1)) / columns;
    for (let i = 0; i < list.length; i += columns) {
      const row = list.slice(i, i + columns);
      const valueHeight = Math.max(...row.map(([, v]) => this.measure(v || '–', { width: colWidth, lineGap: 1 })));
      const height = 10 + valueHeight + 5;
      this.ensureSpace(height);
      const y = this.doc.y;
      row.forEach(([label, value], c) => {
        const x = this.left + c * (colWidth + gutter);
        this.write(label, x, y, { width: colWidth, size: 7.5, color: COLOR.muted, maxLines: 1 });
        this.write(value || '–', x, y + 10, { width: colWidth, lineGap: 1 });
      });
      this.doc.x = this.left;
      this.doc.y = y + height;
    }
  }

  /** A small filled circle in an ampel colour, at (x, y) = its left edge and vertical centre. */
  dot(x: number, y: number, color: string, radius = 4) {
    this.doc
      .save()
      .circle(x + radius, y, radius)
      .fillColor(color)
      .fill()
      .restore();
  }

  /** An empty square to tick by hand. */
  box(x: number, y: number, size = 9) {
    this.doc.save().rect(x, y, size, size).lineWidth(0.8).strokeColor(COLOR.text).stroke().restore();
  }

  /** Boxes with their labels in one line: '☐ Prüfung  ☐ Wartung …'. */
  checkboxes(labels: string[], opts: { lead?: string; size?: number } = {}) {
    const size = opts.size ?? 9.5;
    this.ensureSpace(size + 8);
    const y = this.doc.y;
    let x = this.left;
    this.style('regular', size);
    if (opts.lead) {
      this.write(opts.lead, x, y, { width: this.width, size });
      x += this.textWidth(opts.lead, 'regular', size) + 12;
    }
    for (const label of labels) {
      this.box(x, y + 0.5, size - 0.5);
      this.write(label, x + size + 4, y, { width: this.width, size });
      x += size + 4 + this.textWidth(label, 'regular', size) + 16;
    }
    this.doc.x = this.left;
    this.doc.y = y + size + 8;
  }

  /** Labelled lines to write on by hand, side by side: [['Datum', 1], ['Prüfer/in', 2]] by weight. */
  writeLines(fields: [string, number][], height = 26) {
    this.ensureSpace(height + 4);
    const y = this.doc.y;
    const gap = 14;
    const total = fields.reduce((s, [, w]) => s + w, 0);
    let x = this.left;
    for (const [label, weight] of fields) {
      const w = ((this.width - gap * (fields.length - 1)) * weight) / total;
      this.doc
        .moveTo(x, y + height - 9)
        .lineTo(x + w, y + height - 9)
        .lineWidth(0.6)
        .strokeColor(COLOR.muted)
        .stroke();
      this.write(label, x, y + height - 7, { width: w, size: 7, color: COLOR.muted, maxLines: 1 });
      x += w + gap;
    }
    this.doc.x = this.left;
    this.doc.y = y + height + 4;
  }

  /** A horizontal rule over the content width. */
  rule(color: string = COLOR.rule, gap = 6) {
    const y = this.doc.y + gap / 2;
    this.doc.moveTo(this.left, y).lineTo(this.right, y).lineWidth(0.5).strokeColor(color).stroke();
    this.doc.y = y + gap / 2;
  }

  /**
   * Waits while the client has more than HIGH_WATER bytes unread, so a slow download never
   * makes the server hold the whole document, then, once TURN_MS have passed since the last
   * time, yields one turn of the event loop: drawing is synchronous, and a long document (a
   * thousand labels, a book of a hundred records) must not keep other requests waiting until it
   * is done. Call between the larger parts of a document (a sheet of labels, a record).
   */
  async drain() {
    while (!this.aborted && (this.doc as unknown as { readableLength: number }).readableLength > HIGH_WATER) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        // A consumer that neither reads nor closes must not block the writer forever.
        setTimeout(resolve, 1000).unref();
      });
    }
    if (performance.now() - this.lastTurn >= TURN_MS) {
      await nextTurn();
      this.lastTurn = performance.now();
    }
  }

  private release() {
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve();
  }

  /** Writes the page numbers now that their count is known, then ends the document. */
  end() {
    if (this.ended || this.aborted) return;
    this.ended = true;
    const pages = this.pageNumbers.length;
    this.pageNumbers.forEach((later, i) => {
      later.write(this.t('pdf.page', { page: i + 1, pages }));
    });
    this.doc.end();
  }

  /** One 'Seite x von y' per page, written by end(). */
  private readonly pageNumbers: LaterText[] = [];

  /** Header, footer, page number and watermark of a page, drawn when the page starts. */
  private drawFrame() {
    const { doc, layout } = this;
    this.fill = null;
    const margins = doc.page.margins;
    const left = margins.left;
    const right = doc.page.width - margins.right;
    const width = right - left;

    if (layout.watermark) {
      doc.save();
      doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc.opacity(0.13);
      this.write(layout.watermark, 0, doc.page.height / 2 - 17, {
        width: doc.page.width,
        font: 'bold',
        size: 34,
        color: '#e03131',
        align: 'center',
        maxLines: 1,
      });
      doc.restore();
      this.fill = null;
    }

    // Header: tenant left, document title right, the subtitle under them, a rule.
    this.write(layout.tenant.name, left, 30, { width: width * 0.55, font: 'bold', size: 10.5, maxLines: 1 });
    this.write(layout.title, left + width * 0.45, 30, {
      width: width * 0.55,
      font: 'bold',
      size: 10.5,
      color: COLOR.accent,
      align: 'right',
      maxLines: 1,
    });
    if (layout.subtitle) {
      this.write(layout.subtitle, left, 45, { width, size: 8, color: COLOR.muted, maxLines: 1 });
    }
    doc.moveTo(left, 58).lineTo(right, 58).lineWidth(0.6).strokeColor(COLOR.rule).stroke();

    // Footer: the tenant's footer text and address line left, the page number right.
    const footerTop = doc.page.height - margins.bottom + 10;
    doc.moveTo(left, footerTop).lineTo(right, footerTop).lineWidth(0.6).strokeColor(COLOR.rule).stroke();
    const textWidth = width - 90;
    let y = footerTop + 6;
    const footerText = layout.tenant.fusszeileText.trim();
    if (footerText) {
      y += this.write(footerText, left, y, {
        width: textWidth,
        size: 7,
        color: COLOR.muted,
        lineGap: 0.5,
        maxLines: 3,
      });
      y += 2;
    }
    // The address line is left out when the footer text names the street already.
    const street = layout.tenant.address?.street?.trim().toLocaleLowerCase('de');
    if (!(street && footerText.toLocaleLowerCase('de').includes(street))) {
      const address = [layout.tenant.addressName || layout.tenant.name, addressLine(layout.tenant.address)]
        .filter(Boolean)
        .join(' · ');
      this.write(address, left, y, { width: textWidth, size: 7, color: COLOR.muted, maxLines: 1 });
    }
    this.setFont('regular', PAGE_NUMBER_SIZE);
    this.pageNumbers.push(
      this.fast.later(right - PAGE_NUMBER_WIDTH, footerTop + 6, PAGE_NUMBER_WIDTH, rgb(COLOR.text)),
    );
    doc.x = margins.left;
    doc.y = margins.top;
  }
}

/** Every string pdfkit measures or prints goes through winAnsi() first. */
function guardText(doc: Doc) {
  const text = doc.text.bind(doc) as (...args: unknown[]) => Doc;
  const widthOf = doc.widthOfString.bind(doc);
  const heightOf = doc.heightOfString.bind(doc);
  (doc as { text: unknown }).text = (value: unknown, ...rest: unknown[]) =>
    text(typeof value === 'string' ? winAnsi(value) : value, ...rest);
  doc.widthOfString = (value: string, opts?: PDFKit.Mixins.TextOptions) => widthOf(winAnsi(value), opts);
  doc.heightOfString = (value: string, opts?: PDFKit.Mixins.TextOptions) => heightOf(winAnsi(value), opts);
}

/**
 * A new document. pdfkit (with fontkit and its fonts' code) is loaded with the first one (decision 077): it took
 * about 170 ms of every server's start, which most starts, and most test files, never use.
 */
export async function createPdf(layout: PdfLayout): Promise<PdfWriter> {
  const { default: Document } = await import('pdfkit');
  return new PdfWriter(layout, Document);
}

/** Collects a finished document (only for PDFs that are stored, e.g. the archived inspection report). */
export function pdfToBuffer(pdf: PdfWriter, render: (pdf: PdfWriter) => Promise<void> | void): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.doc.once('end', () => resolve(Buffer.concat(chunks)));
    pdf.doc.once('error', reject);
    Promise.resolve()
      .then(() => render(pdf))
      .then(() => pdf.end())
      .catch(reject);
  });
}
