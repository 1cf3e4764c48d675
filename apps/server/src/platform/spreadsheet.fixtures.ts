/**
 * Spreadsheets made for tests and the bench: a minimal XLSX from its parts (so a part can be hostile),
 * and the largest file the caps allow (decision 040).
 */
import { deflateRawSync } from 'node:zlib';
import { Deflate } from 'fflate';
import { SHEET_CAPS } from './spreadsheet-read';

const enc = new TextEncoder();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};

/** A part deflated already, with its inflated size. */
export interface Packed {
  deflated: Uint8Array;
  size: number;
}

/**
 * A part of `head`, then `fill` repeated `times`, then `tail`, deflated in steps so the whole text is
 * never in memory (a part far larger than what it packs to).
 */
export function packedPart(head: string, fill: string, times: number, tail: string): Packed {
  const out: Uint8Array[] = [];
  const deflate = new Deflate({ level: 6 }, (chunk) => {
    out.push(chunk);
  });
  const fillBytes = enc.encode(fill);
  deflate.push(enc.encode(head));
  for (let i = 0; i < times; i++) deflate.push(fillBytes);
  deflate.push(enc.encode(tail), true);
  return {
    deflated: Buffer.concat(out),
    size: enc.encode(head).length + fillBytes.length * times + enc.encode(tail).length,
  };
}

/** A zip of the given parts, each deflated (or stored), without CRCs checked by the reader. */
export function zip(parts: Record<string, string | Uint8Array | Packed>, opts: { store?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(parts)) {
    const packed = typeof content === 'object' && 'deflated' in content ? content : null;
    const raw = packed
      ? null
      : Buffer.from(typeof content === 'string' ? enc.encode(content) : (content as Uint8Array));
    const data = packed ? Buffer.from(packed.deflated) : opts.store ? (raw as Buffer) : deflateRawSync(raw as Buffer);
    const size = packed ? packed.size : (raw as Buffer).length;
    const method = opts.store && !packed ? 0 : 8;
    const nameBytes = Buffer.from(name, 'utf8');
    const common = [u16(20), u16(0x0800), u16(method), u16(0), u16(0x21), u32(0), u32(data.length), u32(size)];
    const local = Buffer.concat([u32(0x04034b50), ...common, u16(nameBytes.length), u16(0), nameBytes, data]);
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        ...common,
        u16(nameBytes.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        nameBytes,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(central.length),
    u16(central.length),
    u32(dir.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, dir, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An XLSX whose first sheet and shared strings are the given XML (the body inside <sheetData> and <sst>). */
export function xlsx(
  sheetData: string,
  sharedStrings = '',
  extra: Record<string, string | Uint8Array | Packed> = {},
): Buffer {
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Filialen" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet xmlns="${NS}"><sheetData>${sheetData}</sheetData></worksheet>`,
    'xl/sharedStrings.xml': `<?xml version="1.0"?><sst xmlns="${NS}">${sharedStrings}</sst>`,
    ...extra,
  });
}

const column = (c: number) => {
  let letters = '';
  for (let n = c; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Sheet XML of rows of inline strings and numbers (row 1 first). */
export function sheetRows(rows: (string | number)[][]): string {
  return rows
    .map((cells, i) => {
      const r = i + 1;
      const body = cells
        .map((v, j) =>
          typeof v === 'number'
            ? `<c r="${column(j + 1)}${r}"><v>${v}</v></c>`
            : v === ''
              ? ''
              : `<c r="${column(j + 1)}${r}" t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`,
        )
        .join('');
      return `<row r="${r}">${body}</row>`;
    })
    .join('');
}

export const LARGEST_HEADER = ['ZNL', 'Filial-Nr.', 'SAP-Nr', 'Straße', 'Hausnr.', 'PLZ', 'Ort', 'Bemerkung'];

/**
 * The largest branch list the caps allow: the header and SHEET_CAPS.rows rows of SHEET_CAPS.columns
 * columns, the branch fields first and numbers after them, its cells holding close to
 * SHEET_CAPS.textChars characters, as Excel writes it (shared strings for text).
 */
export function largestAllowedXlsx(): Buffer {
  const { rows, columns, textChars } = SHEET_CAPS;
  const strings: string[] = [];
  const index = new Map<string, number>();
  const shared = (s: string) => {
    let i = index.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      index.set(s, i);
    }
    return i;
  };
  const header = [...LARGEST_HEADER];
  while (header.length < columns) header.push(`Spalte ${header.length + 1}`);
  // What the branch fields leave of the text cap, spread over the number columns.
  const fieldChars = 60;
  const width = Math.min(15, Math.floor(((textChars * 0.98) / rows - fieldChars) / (columns - LARGEST_HEADER.length)));
  const parts: string[] = [];
  const cellS = (ref: string, s: string) => `<c r="${ref}" t="s"><v>${shared(s)}</v></c>`;
  parts.push(`<row r="1">${header.map((h, j) => cellS(`${column(j + 1)}1`, h)).join('')}</row>`);
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    const nr = String(100000 + i);
    const fields = [
      `ZNL ${i % 40}`,
      nr,
      `1${nr}`,
      `Hauptstraße`,
      String((i % 200) + 1),
      String(10000 + (i % 89999)).padStart(5, '0'),
      `Stadt ${i % 300}`,
      `Filiale ${nr} am Markt`,
    ];
    let row = fields.map((f, j) => cellS(`${column(j + 1)}${r}`, f)).join('');
    for (let j = fields.length; j < columns; j++) {
      const n = 10 ** (width - 1) + ((i * columns + j) % (9 * 10 ** (width - 1)));
      row += `<c r="${column(j + 1)}${r}"><v>${n}</v></c>`;
    }
    parts.push(`<row r="${r}">${row}</row>`);
  }
  const sst = strings.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join('');
  return xlsx(parts.join(''), sst);
}
