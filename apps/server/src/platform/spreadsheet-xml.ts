/**
 * XML for the reader (spreadsheet-read.ts, decision 040): a streaming tokenizer for the few SpreadsheetML
 * parts read. Text is handed on in pieces as it arrives (never collected here); markup (a tag, comment,
 * CDATA section) may be held up to MAX_MARKUP.
 */
import { SheetError } from './spreadsheet-caps';

const MAX_MARKUP = 64 * 1024;

export interface XmlHandler {
  open(name: string, attrs: string, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

export class XmlTokenizer {
  private pending = '';
  constructor(private readonly h: XmlHandler) {}

  write(chunk: string) {
    const buf = this.pending + chunk;
    this.pending = '';
    let i = 0;
    const n = buf.length;
    while (i < n) {
      const lt = buf.indexOf('<', i);
      if (lt !== i) {
        let end = lt < 0 ? n : lt;
        if (lt < 0) {
          // A reference cut at the end of the chunk waits for the rest.
          const amp = buf.lastIndexOf('&', end - 1);
          if (amp >= i && buf.indexOf(';', amp) < 0) {
            if (end - amp > 16) throw new SheetError('unreadable');
            end = amp;
            this.pending = buf.slice(amp);
          }
        }
        if (end > i) this.h.text(decodeEntities(buf.slice(i, end)));
        if (lt < 0) return;
        i = lt;
      }
      // Markup from i.
      const close = this.markupEnd(buf, i);
      if (close < 0) {
        this.pending = buf.slice(i);
        if (this.pending.length > MAX_MARKUP) throw new SheetError('unreadable');
        return;
      }
      if (close - i > MAX_MARKUP) throw new SheetError('unreadable');
      this.markup(buf.slice(i, close));
      i = close;
    }
  }

  /** The index just past the markup starting at i, or -1 when it is not complete yet. */
  private markupEnd(buf: string, i: number): number {
    if (buf.startsWith('<!--', i)) {
      const e = buf.indexOf('-->', i + 4);
      return e < 0 ? -1 : e + 3;
    }
    if (buf.startsWith('<![CDATA[', i)) {
      const e = buf.indexOf(']]>', i + 9);
      return e < 0 ? -1 : e + 3;
    }
    if (buf.length - i < 9 && ('<!--'.startsWith(buf.slice(i)) || '<![CDATA['.startsWith(buf.slice(i)))) return -1;
    const gt = buf.indexOf('>', i + 1);
    if (gt < 0) return -1;
    const tag = buf.slice(i, gt);
    if (!tag.includes('"') && !tag.includes("'")) return gt + 1;
    let quote = '';
    for (let j = i + 1; j < buf.length; j++) {
      const ch = buf[j];
      if (quote) {
        if (ch === quote) quote = '';
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '>') return j + 1;
    }
    return -1;
  }

  private markup(m: string) {
    if (m.startsWith('<![CDATA[')) {
      this.h.text(m.slice(9, -3));
      return;
    }
    if (m.startsWith('<!') || m.startsWith('<?')) return;
    if (m[1] === '/') {
      this.h.close(localName(m.slice(2, -1).trim()));
      return;
    }
    const selfClosing = m.endsWith('/>');
    const inner = m.slice(1, selfClosing ? -2 : -1);
    const space = inner.search(/\s/);
    const name = space < 0 ? inner : inner.slice(0, space);
    this.h.open(localName(name), space < 0 ? '' : inner.slice(space), selfClosing);
  }

  end() {
    if (this.pending) throw new SheetError('unreadable');
  }
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (all, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref] ?? all;
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

/** The value of one attribute of a tag's attribute text (entities decoded). */
const attrPatterns = new Map<string, RegExp>();
export function attr(attrs: string, name: string): string | undefined {
  if (!attrs.includes(name)) return undefined;
  let pattern = attrPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attrPatterns.set(name, pattern);
  }
  const m = pattern.exec(attrs);
  if (!m) return undefined;
  return decodeEntities(m[1] ?? m[2] ?? '');
}

/** The escapes of OOXML text (`_x000D_` for a character XML cannot carry). */
export const unescapeOoxml = (s: string) =>
  s.includes('_x')
    ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : s;

/** Collects the text of one string or cell, holding at most `max` characters (then it only notes the overflow). */
export class Collector {
  value = '';
  over = false;
  constructor(private readonly max: number) {}
  add(s: string) {
    if (this.over) return;
    if (this.value.length + s.length > this.max) {
      this.over = true;
      this.value = '';
    } else this.value += s;
  }
}
