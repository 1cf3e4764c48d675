/**
 * The attachments of the demo offers, drawn here (no PDF or image library, so the seed stays
 * fast): a one-page PDF of the offer or of the customer's request, and a small PNG 'photo' of
 * the door as it is today.
 */
import { rgbaPng } from '../platform/pdf/png';

/** The characters of WinAnsi outside Latin-1 that German texts use, with their WinAnsi codes. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
};

/** A PDF string literal in WinAnsi (written byte for byte as Latin-1); any other character becomes '?'. */
const pdfText = (s: string) =>
  `(${s
    .replace(/[\\()]/g, (c) => `\\${c}`)
    .replace(/[^\x20-\xff]/g, (c) => String.fromCharCode(WIN_ANSI[c] ?? 0x3f))})`;

/**
 * A one-page A4 PDF: a bold title, then the lines in Helvetica 11 pt. Valid enough for every
 * viewer: catalog, page tree, two standard fonts, one content stream and a correct xref table.
 */
export function simplePdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    'BT',
    '/F2 16 Tf',
    '56 770 Td',
    `${pdfText(title)} Tj`,
    '/F1 11 Tf',
    '0 -30 Td',
    ...lines.flatMap((line) => [`${pdfText(line)} Tj`, '0 -16 Td']),
    'ET',
    '0.6 G 56 60 m 539 60 l S',
    'BT /F1 8 Tf 56 48 Td',
    `${pdfText('Türservice Rhein-Main GmbH · Hanauer Landstraße 126 · 60314 Frankfurt am Main')} Tj`,
    'ET',
  ].join('\n');
  const stream = Buffer.from(content, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  objects.forEach((body, i) => {
    offsets.push(length);
    push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
  });
  offsets.push(length);
  push(Buffer.from(`6 0 obj\n<< /Length ${stream.length} >>\nstream\n`, 'latin1'));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const xref = length;
  push(
    Buffer.from(
      `xref\n0 7\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
        `trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/**
 * A 240×160 PNG of an automatic sliding door in a shop front: wall, frame, two glass leaves
 * (opened a little by `seed`), the drive's cover above and the floor.
 */
export function doorPhotoPng(seed: number): Buffer {
  const width = 240;
  const height = 160;
  const gap = 6 + (seed % 5) * 5;
  const wall: [number, number, number] = [[214, 206, 190] as const, [190, 196, 204] as const, [226, 220, 210] as const][
    seed % 3
  ] as [number, number, number];
  return rgbaPng(
    width,
    height,
    (x, y) => {
      const shade = 1 - y / 900;
      if (y >= 138) return [120 - (x % 16 < 1 ? 30 : 0), 118, 112, 255];
      // The drive's cover.
      if (y >= 26 && y < 38 && x >= 44 && x < 196) return [150, 152, 156, 255];
      // Frame.
      if (y >= 38 && y < 138 && x >= 44 && x < 196) {
        if (x < 50 || x >= 190 || y < 42) return [95, 98, 104, 255];
        const mid = 120;
        const inGap = x >= mid - gap && x < mid + gap;
        const leafEdge = Math.abs(x - (mid - gap)) < 2 || Math.abs(x - (mid + gap)) < 2;
        if (leafEdge) return [80, 82, 88, 255];
        if (inGap) return [60, 64, 70, 255];
        // Glass with a diagonal reflection.
        const shine = (x + y + seed * 7) % 60 < 6 ? 40 : 0;
        return [Math.min(255, 150 + shine), Math.min(255, 190 + shine), Math.min(255, 215 + shine), 255];
      }
      return [Math.round(wall[0] * shade), Math.round(wall[1] * shade), Math.round(wall[2] * shade), 255];
    },
    6,
  );
}
