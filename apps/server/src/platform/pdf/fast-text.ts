/**
 * A lean text path for the many short texts of tables and field lists (a book of 100 records
 * has some 7,000 of them). pdfkit's general LineWrapper measures every glyph again on every
 * call: 100 records of a book take 4 to 4.7 × the CPU time with pdfkit's text(), heightOfString()
 * and widthOfString() (e.g. 251 against 1,168 ms, `node --import tsx bench/pdf-paths.ts`). Each word's
 * width and each line's encoded glyphs are computed once per font and reused (checklist labels,
 * results, field labels repeat from record to record). Output is what pdfkit writes for a text
 * fragment: the font on the page's resources, BT … Tm … Tf … TJ … ET in PDF coordinates.
 *
 * This is the one module that reads pdfkit's internals (the current font and size, a font's
 * metrics and encoding); the rest of the platform uses pdfkit's API. Only for the standard (AFM)
 * fonts: text must have passed winAnsi().
 */
import { winAnsi } from './text';

interface AfmFont {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number }[]];
  widthOfString(text: string, size: number): number;
}
interface DocInternals {
  _font: AfmFont;
  _fontSize: number;
  addContent(data: string | Uint8Array): unknown;
  ref(data: object): { end(content: string): void };
  page: { height: number; fonts: Record<string, unknown>; xobjects: Record<string, unknown> };
}

/** Code points that WinAnsi keeps at 0x80–0x9f (as pdfkit's WIN_ANSI_MAP). */
const WIN_ANSI_HIGH: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};

/** A PDF literal string of WinAnsi bytes (as latin1 characters), with ( ) and \ escaped. */
function literal(text: string): string {
  let out = '(';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += `\\${text[i]}`;
    else out += code > 0xff ? String.fromCharCode(WIN_ANSI_HIGH[code] ?? 0x3f) : text[i];
  }
  return `${out})`;
}

const num = (n: number) => {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
};

interface FontCache {
  /** Width at size 1 of a word (or any string). */
  widths: Map<string, number>;
  /** The TJ operand of a line. */
  glyphs: Map<string, string>;
}
const caches = new Map<string, FontCache>();
const MAX_ENTRIES = 20_000;

function cacheOf(font: AfmFont): FontCache {
  // Standard fonts have stable ids per name within pdfkit (F1, F2 …) but not across documents,
  // so the cache is keyed by the font's metrics object identity through its name and ascender.
  const key = `${(font as unknown as { name: string }).name}`;
  let cache = caches.get(key);
  if (!cache || cache.widths.size > MAX_ENTRIES || cache.glyphs.size > MAX_ENTRIES) {
    cache = { widths: new Map(), glyphs: new Map() };
    caches.set(key, cache);
  }
  return cache;
}

/** Width at size 1 of a string in a font. */
function widthIn(font: AfmFont, text: string): number {
  const cache = cacheOf(font);
  let w = cache.widths.get(text);
  if (w === undefined) {
    w = font.widthOfString(text, 1);
    cache.widths.set(text, w);
  }
  return w;
}

/** The TJ operation of a line in a font, with the font's kerning (text after winAnsi()). */
function glyphsIn(font: AfmFont, text: string): string {
  const cache = cacheOf(font);
  let tj = cache.glyphs.get(text);
  if (tj === undefined) {
    const [, positions] = font.encode(text);
    let parts = '';
    let last = 0;
    for (let i = 0; i < positions.length; i++) {
      const pos = positions[i];
      if (pos && pos.xAdvance !== pos.advanceWidth) {
        parts += `${literal(text.slice(last, i + 1))} ${num(-(pos.xAdvance - pos.advanceWidth))} `;
        last = i + 1;
      }
    }
    if (last < text.length) parts += literal(text.slice(last));
    tj = `[${parts}] TJ`;
    cache.glyphs.set(text, tj);
  }
  return tj;
}

/** A line of text written after it is placed (see FastText.later). */
export interface LaterText {
  write(text: string): void;
}

export interface FastTextOptions {
  width: number;
  align?: 'left' | 'center' | 'right';
  /** Extra space between lines, in points. */
  lineGap?: number;
  /** At most this many lines; the last one ends with '…' when text was cut. */
  maxLines?: number;
}

export class FastText {
  /** Laid-out lines of this document: by font and size, by box width and line limit, then by text. */
  private readonly layouts = new Map<string, Map<number, Map<string, string[]>>>();
  private layoutCount = 0;
  private laterCount = 0;

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private get internals() {
    return this.doc as unknown as DocInternals;
  }

  /** Width of a string in the current font and size. */
  widthOf(text: string): number {
    const { _font: font, _fontSize: size } = this.internals;
    return widthIn(font, text) * size;
  }

  /** The line height of the current font and size (as pdfkit's currentLineHeight(true)). */
  lineHeight(gap = 0) {
    return this.doc.currentLineHeight(true) + gap;
  }

  /** Breaks text into lines of at most `width` points: at spaces, else after '-' or '/', else anywhere. */
  lines(raw: string, opts: FastTextOptions): string[] {
    const { _font: font, _fontSize: size } = this.internals;
    const fontKey = font.id + size;
    let byBox = this.layouts.get(fontKey);
    if (!byBox) {
      byBox = new Map();
      this.layouts.set(fontKey, byBox);
    }
    const boxKey = opts.width * 1000 + (opts.maxLines ?? 0);
    let byText = byBox.get(boxKey);
    if (!byText) {
      byText = new Map();
      byBox.set(boxKey, byText);
    }
    let lines = byText.get(raw);
    if (!lines) {
      lines = this.layout(raw, opts);
      if (++this.layoutCount > MAX_ENTRIES) {
        this.layouts.clear();
        this.layoutCount = 0;
      }
      byText.set(raw, lines);
    }
    return lines;
  }

  private layout(raw: string, opts: FastTextOptions): string[] {
    const text = winAnsi(raw);
    const out: string[] = [];
    const space = this.widthOf(' ');
    for (const paragraph of text.split('\n')) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(' ')) {
        if (!word) continue;
        for (const piece of this.fit(word, opts.width)) {
          const w = this.widthOf(piece);
          if (!line) {
            line = piece;
            lineWidth = w;
          } else if (lineWidth + space + w <= opts.width + 0.01) {
            line += ` ${piece}`;
            lineWidth += space + w;
          } else {
            out.push(line);
            line = piece;
            lineWidth = w;
          }
        }
      }
      out.push(line);
    }
    if (opts.maxLines && out.length > opts.maxLines) {
      const kept = out.slice(0, opts.maxLines);
      let last = `${kept[kept.length - 1] ?? ''}…`;
      while (last.length > 1 && this.widthOf(last) > opts.width) last = `${last.slice(0, -2).trimEnd()}…`;
      kept[kept.length - 1] = last;
      return kept;
    }
    return out;
  }

  /** A word too wide for the line, in pieces that fit. */
  private fit(word: string, width: number): string[] {
    if (this.widthOf(word) <= width) return [word];
    const pieces: string[] = [];
    let rest = word;
    while (rest && this.widthOf(rest) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && this.widthOf(rest.slice(0, cut)) > width) cut--;
      const soft = Math.max(rest.lastIndexOf('-', cut - 1), rest.lastIndexOf('/', cut - 1));
      if (soft > 0) cut = soft + 1;
      pieces.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    if (rest) pieces.push(rest);
    return pieces;
  }

  /** Height of a text laid out in a box of `width`. */
  heightOf(text: string, opts: FastTextOptions): number {
    return this.lines(text, opts).length * this.lineHeight(opts.lineGap ?? 0);
  }

  /** Draws text into a box whose top left corner is (x, y); returns the height used. */
  draw(text: string, x: number, y: number, opts: FastTextOptions): number {
    const lines = this.lines(text, opts);
    const step = this.lineHeight(opts.lineGap ?? 0);
    const doc = this.internals;
    const font = doc._font;
    const size = doc._fontSize;
    const ascent = (font.ascender / 1000) * size;
    let ops = '';
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      if (!line) continue;
      let dx = 0;
      if (opts.align === 'right') dx = opts.width - this.widthOf(line);
      else if (opts.align === 'center') dx = (opts.width - this.widthOf(line)) / 2;
      // pdfkit's pages run y downwards (its page starts with a flipping cm); the text matrix
      // flips the glyphs upright again, at the line's baseline.
      ops += `1 0 0 -1 ${num(x + dx)} ${num(y + i * step + ascent)} Tm ${glyphsIn(font, line)}\n`;
    }
    if (ops) {
      if (doc.page.fonts[font.id] == null) doc.page.fonts[font.id] = font.ref();
      // As bytes: pdfkit would otherwise copy the string into bytes one character at a time.
      doc.addContent(Buffer.from(`BT /${font.id} ${num(size)} Tf\n${ops}ET\n`, 'latin1'));
    }
    return lines.length * step;
  }

  /**
   * A line whose text is known only at the end ('Seite x von y' before the page count): a form XObject
   * in the current font and size, drawn now on this page right-aligned in a box `width` wide whose top
   * left corner is (x, y), its text written by write() in `color` (PDF colour operands).
   */
  later(x: number, y: number, width: number, color: string): LaterText {
    const doc = this.internals;
    const font = doc._font;
    const size = doc._fontSize;
    const form = doc.ref({
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, -size / 2, width, size * 1.5],
      Resources: { Font: { [font.id]: font.ref() } },
    });
    const name = `Later${++this.laterCount}`;
    doc.page.xobjects[name] = form;
    const baseline = y + (font.ascender / 1000) * size;
    doc.addContent(`q 1 0 0 -1 ${num(x)} ${num(baseline)} cm /${name} Do Q`);
    return {
      write: (raw) => {
        const text = winAnsi(raw);
        const dx = width - widthIn(font, text) * size;
        form.end(`${color} rg BT /${font.id} ${num(size)} Tf 1 0 0 1 ${num(dx)} 0 Tm ${glyphsIn(font, text)} ET`);
      },
    };
  }
}
