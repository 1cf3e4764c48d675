/**
 * Reading an uploaded spreadsheet into rows of cells with caps that hold WHILE reading (decision 040):
 * an XLSX is read from its zip directory, only the parts needed (relationships, workbook, shared
 * strings, first sheet) are inflated in small steps and tokenised as they come, so no part, text or
 * cell is ever held whole before its cap applies; a CSV is decoded (UTF-8, else Windows-1252, never a
 * silent U+FFFD) and split row by row. Synchronous and free of the server: it runs in a worker
 * (spreadsheet.worker.ts), and tests may call it directly.
 */
import Papa from 'papaparse';
import { type Cell, mb, SHEET_CAPS, type SheetCaps, SheetError } from './spreadsheet-caps';
import { attr, Collector, unescapeOoxml, type XmlHandler, XmlTokenizer } from './spreadsheet-xml';
import { inflateEntry, zipDirectory } from './spreadsheet-zip';

export { type Cell, SHEET_CAPS, type SheetCaps, SheetError, type SheetErrorReason } from './spreadsheet-caps';

const isZip = (b: Uint8Array) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The cells of the first sheet (XLSX, told by its bytes) or of a CSV (delimiter detected). */
export function parseSheet(bytes: Uint8Array, name: string, caps: SheetCaps = SHEET_CAPS): Cell[][] {
  if (bytes.length > caps.uploadBytes) throw new SheetError('uploadBytes', { limit: mb(caps.uploadBytes) });
  if (isZip(bytes)) return readXlsx(bytes, caps);
  if (/\.(xls|ods)$/i.test(name)) throw new SheetError('unreadable');
  return readCsv(decodeText(bytes), caps);
}

// ---------------------------------------------------------------------------------------------
// CSV

const UTF8 = new TextDecoder('utf-8', { fatal: true });
/** Windows-1252's characters for 0x80–0x9F (0 where it has none); the other bytes are Latin-1. */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0,
  0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/**
 * Windows-1252 by its table: Node 20's TextDecoder('windows-1252') decodes Latin-1 instead (0x80 gives
 * U+0080, not €). A byte Windows-1252 leaves undefined stays a C1 control, which hasControl refuses.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\x80-\x9f]/g, (c) => {
    const mapped = CP1252_HIGH[c.charCodeAt(0) - 0x80];
    return mapped ? String.fromCharCode(mapped) : c;
  });
}

/** Undefined bytes of Windows-1252 (decoded to C1 controls) and C0 controls other than tab and line breaks. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/**
 * UTF-8 (BOM or not) when the bytes are valid UTF-8, UTF-16 with its BOM, else Windows-1252 (what
 * German Excel writes as "CSV (Trennzeichen-getrennt)"). Text that neither decodes cleanly is refused,
 * naming "CSV UTF-8"; so is text that already carries replacement characters.
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
  else if (bytes.includes(0)) throw new SheetError('unreadable');
  else {
    try {
      text = UTF8.decode(bytes);
    } catch {
      text = decodeWindows1252(bytes);
      if (hasControl(text)) throw new SheetError('encoding');
    }
  }
  text = text.replace(/^\uFEFF/, '');
  if (text.includes('\uFFFD') || text.includes('\u0000')) throw new SheetError('encoding');
  return text;
}

function readCsv(text: string, caps: SheetCaps): Cell[][] {
  const rows: Cell[][] = [];
  const limits = new Limits(caps);
  let refused: unknown = null;
  Papa.parse<string[]>(text, {
    delimiter: guessDelimiter(text),
    skipEmptyLines: false,
    step(result, parser) {
      try {
        const row = result.data;
        const r = rows.length + 1;
        let empty = true;
        for (let c = 0; c < row.length; c++) {
          if (row[c] === '') continue;
          empty = false;
          limits.cell(r, c + 1, row[c] as string);
        }
        // Empty lines past the last row allowed are not kept (a file of line breaks holds no rows).
        if (!empty || r <= caps.rows + 1) rows.push(row);
      } catch (err) {
        refused = err;
        parser.abort();
      }
    },
  });
  if (refused) throw refused;
  return rows;
}

/**
 * The delimiter of a CSV: whichever of ; , and tab the first line holds most often outside quotes
 * (the semicolon wins a tie: German Excel writes it), comma when it holds none.
 */
export function guessDelimiter(text: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length && i < 65536; i++) {
    const ch = text[i] as string;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch] = (counts[ch] as number) + 1;
  }
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0] as [string, number];
  return best[1] > 0 ? best[0] : ',';
}

/** The caps on rows, columns, cells and the text of all cells; r and c count from 1. */
class Limits {
  private text = 0;
  constructor(private readonly caps: SheetCaps) {}

  cell(r: number, c: number, value: string) {
    if (r > this.caps.rows + 1) throw new SheetError('rows', { limit: this.caps.rows });
    if (c > this.caps.columns) throw new SheetError('columns', { limit: this.caps.columns });
    const limit = r === 1 ? this.caps.headerChars : this.caps.cellChars;
    if (value.length > limit) throw new SheetError('cellChars', { limit, cell: cellName(r, c) });
    this.text += value.length;
    if (this.text > this.caps.textChars) throw new SheetError('textChars', { limit: this.caps.textChars });
  }
}

/** 'B3' for row 3, column 2. */
export function cellName(r: number, c: number): string {
  let letters = '';
  for (let n = c; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${r}`;
}

// ---------------------------------------------------------------------------------------------
// XLSX

function readXlsx(b: Uint8Array, caps: SheetCaps): Cell[][] {
  const entries = zipDirectory(b, caps);
  const budget = { left: caps.unpackedBytes };
  const find = (path: string) => entries.get(path) ?? entries.get(path.replace(/^\//, ''));

  /** Runs a handler over one part; a missing part is null. */
  const readPart = (path: string, h: XmlHandler): boolean => {
    const e = find(path.replace(/^\//, ''));
    if (!e) return false;
    const tokenizer = new XmlTokenizer(h);
    inflateEntry(b, e, budget, caps, (s) => tokenizer.write(s));
    tokenizer.end();
    return true;
  };

  const rels = (path: string) => {
    const found: { type: string; target: string; id: string }[] = [];
    readPart(path, {
      open(name, attrs) {
        if (name === 'Relationship')
          found.push({
            id: attr(attrs, 'Id') ?? '',
            type: attr(attrs, 'Type') ?? '',
            target: attr(attrs, 'Target') ?? '',
          });
      },
      close() {},
      text() {},
    });
    return found;
  };

  const office = rels('_rels/.rels').find((r) => r.type.endsWith('/officeDocument'));
  const workbookPath = resolvePath('', office?.target ?? 'xl/workbook.xml');
  const base = workbookPath.slice(0, workbookPath.lastIndexOf('/') + 1);
  const relsPath = `${base}_rels/${workbookPath.slice(base.length)}.rels`;
  const workbookRels = rels(relsPath);

  let firstSheetId: string | undefined;
  let date1904 = false;
  const seenWorkbook = readPart(workbookPath, {
    open(name, attrs) {
      if (name === 'sheet' && firstSheetId === undefined) firstSheetId = attr(attrs, 'id') ?? '';
      else if (name === 'workbookPr') date1904 = /^(1|true)$/.test(attr(attrs, 'date1904') ?? '');
    },
    close() {},
    text() {},
  });
  if (!seenWorkbook) throw new SheetError('unreadable');
  if (firstSheetId === undefined) return [];
  const sheetRel = workbookRels.find((r) => r.id === firstSheetId);
  const sheetPath = sheetRel ? resolvePath(base, sheetRel.target) : `${base}worksheets/sheet1.xml`;
  const stringsRel = workbookRels.find((r) => r.type.endsWith('/sharedStrings'));
  const stringsPath = stringsRel ? resolvePath(base, stringsRel.target) : `${base}sharedStrings.xml`;

  const stylesRel = workbookRels.find((r) => r.type.endsWith('/styles'));
  const dateStyles = stylesRel ? readDateStyles(resolvePath(base, stylesRel.target), readPart) : [];

  const shared = readSharedStrings(stringsPath, readPart, caps);
  const rows = readWorksheet(sheetPath, readPart, shared, caps, { dateStyles, date1904 });
  return rows;
}

/** A relationship target against the folder of its source part ('' for the package root). */
function resolvePath(base: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : base + target).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

type ReadPart = (path: string, h: XmlHandler) => boolean;

/** Marks a shared string longer than any cell may be; it is refused when a cell uses it. */
const TOO_LONG = Symbol('too long');
type Shared = (string | typeof TOO_LONG)[];

/** The shared strings: each string is cut off (and marked) at the cell cap while it is read. */
function readSharedStrings(path: string, readPart: ReadPart, caps: SheetCaps): Shared {
  const strings: Shared = [];
  let current: Collector | null = null;
  let inText = false;
  let phonetic = 0;
  readPart(path, {
    open(name, _attrs, selfClosing) {
      if (selfClosing) {
        if (name === 'si') strings.push('');
        return;
      }
      if (name === 'si') current = new Collector(caps.cellChars * 8);
      else if (name === 'rPh') phonetic++;
      else if (name === 't') inText = true;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && current) {
        const text = current.over ? TOO_LONG : unescapeOoxml(current.value);
        strings.push(text !== TOO_LONG && text.length > caps.cellChars ? TOO_LONG : text);
        current = null;
      }
    },
    text(s) {
      if (inText && current && phonetic === 0) current.add(s);
    },
  });
  return strings;
}

/** 'BC12' → [12, 55] ('$' marks ignored); null when the reference is no cell reference. */
function parseRef(ref: string): [number, number] | null {
  let c = 0;
  let r = 0;
  let letters = 0;
  let digits = 0;
  for (let i = 0; i < ref.length; i++) {
    const ch = ref.charCodeAt(i) | 0x20;
    if (ch === 0x24 || ch === 0x24 + 0x20) continue;
    if (ch >= 0x61 && ch <= 0x7a && digits === 0) {
      c = c * 26 + (ch - 0x60);
      letters++;
    } else if (ref.charCodeAt(i) >= 0x30 && ref.charCodeAt(i) <= 0x39 && letters > 0) {
      r = r * 10 + (ref.charCodeAt(i) - 0x30);
      digits++;
    } else return null;
  }
  return letters >= 1 && letters <= 3 && digits >= 1 && digits <= 7 ? [r, c] : null;
}

/** Excel's built-in date formats (numFmtId); others are dates when their code has d, m or y outside quotes. */
const BUILTIN_DATES = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58]);
const isDateCode = (code: string) =>
  /[dmy]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\.|_.|\*./g, '').replace(/General/gi, ''));

/** For each cell style (the `s` of a cell, an index into cellXfs): whether it shows a date. */
function readDateStyles(path: string, readPart: ReadPart): boolean[] {
  const custom = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  readPart(path, {
    open(name, attrs, selfClosing) {
      if (name === 'numFmt') custom.set(Number(attr(attrs, 'numFmtId')), attr(attrs, 'formatCode') ?? '');
      else if (name === 'cellXfs') inCellXfs = !selfClosing;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attr(attrs, 'numFmtId') ?? 0);
        const code = custom.get(id);
        styles.push(code === undefined ? BUILTIN_DATES.has(id) : isDateCode(code));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return styles;
}

/** An Excel date serial as an ISO date (the 1900 system counts the 29 February 1900 that never was). */
export function serialDate(serial: number, date1904 = false): string {
  const day = 86_400_000;
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : serial < 61 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const at = new Date(epoch + Math.round(serial * day));
  return Number.isNaN(at.getTime()) ? String(serial) : at.toISOString().slice(0, 10);
}

function readWorksheet(
  path: string,
  readPart: ReadPart,
  shared: Shared,
  caps: SheetCaps,
  dates: { dateStyles: boolean[]; date1904: boolean },
): Cell[][] {
  const limits = new Limits(caps);
  const rows: Cell[][] = [];
  let lastRow = 0;
  let row = 0;
  let col = 0;
  let type = 'n';
  let style = 0;
  let value: Collector | null = null;
  let inValue = false;
  let inInline = false;
  let inText = false;
  let phonetic = 0;
  let inSheetData = false;

  const finishCell = () => {
    if (!value) return;
    const raw = value;
    value = null;
    if (raw.over)
      throw new SheetError('cellChars', {
        limit: row === 1 ? caps.headerChars : caps.cellChars,
        cell: cellName(row, col),
      });
    let cell: Cell;
    if (type === 's') {
      if (raw.value.trim() === '') return;
      const s = shared[Number(raw.value)];
      if (s === TOO_LONG)
        throw new SheetError('cellChars', {
          limit: row === 1 ? caps.headerChars : caps.cellChars,
          cell: cellName(row, col),
        });
      if (s === undefined) throw new SheetError('unreadable');
      cell = s;
    } else if (type === 'inlineStr' || type === 'str') cell = unescapeOoxml(raw.value);
    else if (type === 'b') cell = raw.value.trim() === '1';
    else if (type === 'e') cell = '';
    else if (type === 'd') cell = raw.value.trim().slice(0, 10);
    else {
      const text = raw.value.trim();
      const n = Number(text);
      cell =
        text === '' ? '' : !Number.isFinite(n) ? text : dates.dateStyles[style] ? serialDate(n, dates.date1904) : n;
    }
    const text = String(cell);
    if (text === '') return;
    limits.cell(row, col, text);
    let target = rows[row - 1];
    if (!target) {
      target = [];
      rows[row - 1] = target;
    }
    target[col - 1] = cell;
    if (row > lastRow) lastRow = row;
  };

  readPart(path, {
    open(name, attrs, selfClosing) {
      if (name === 'sheetData') {
        inSheetData = !selfClosing;
        return;
      }
      if (!inSheetData) return;
      if (name === 'row') {
        const r = attr(attrs, 'r');
        const next = r === undefined ? row + 1 : Number(r);
        if (!Number.isInteger(next) || next < 1) throw new SheetError('unreadable');
        row = next;
        col = 0;
      } else if (name === 'c') {
        const ref = attr(attrs, 'r');
        const at = ref === undefined ? null : parseRef(ref);
        if (ref !== undefined && !at) throw new SheetError('unreadable');
        // The cell's own reference wins over its row's.
        if (at) row = at[0];
        col = at ? at[1] : col + 1;
        type = attr(attrs, 't') ?? 'n';
        style = Number(attr(attrs, 's') ?? 0);
        value = selfClosing ? null : new Collector(caps.cellChars * 8);
      } else if (name === 'v' && value) inValue = !selfClosing;
      else if (name === 'is') inInline = !selfClosing;
      else if (name === 'rPh') phonetic += selfClosing ? 0 : 1;
      else if (name === 't' && inInline) inText = !selfClosing;
    },
    close(name) {
      if (name === 'sheetData') inSheetData = false;
      else if (name === 'v') inValue = false;
      else if (name === 't') inText = false;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'c') finishCell();
    },
    text(s) {
      if (!value) return;
      if (inValue || (inInline && inText && phonetic === 0)) value.add(s);
    },
  });

  const out: Cell[][] = new Array(lastRow);
  for (let r = 0; r < lastRow; r++) {
    const cells = rows[r] ?? [];
    for (let c = 0; c < cells.length; c++) if (cells[c] === undefined) cells[c] = '';
    out[r] = cells;
  }
  return out;
}
