/**
 * The PDF platform's own speed paths against pdfkit's and sharp's public API, side by side in one
 * run (issue 29): the variants take turns, so a busy machine slows them alike and the ratios hold.
 *   text:        100 records as the book PDF renders them (renderRecord), written with the cached text
 *                path (platform/pdf/fast-text.ts) and with pdfkit's text(), heightOfString() and
 *                widthOfString();
 *   signatures:  100 signature PNGs (400 × 150, ink on transparency) in a document: embedded by pdfkit as
 *                they are, and flattened on white by the platform (platform/pdf/images.ts), not yet cached
 *                and cached.
 * In memory, no database, no HTTP: bench/pdf.ts measures the whole call.
 *
 * Run with `node --import tsx bench/pdf-paths.ts` (BENCH_PDF_RUNS, default 15).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { NORM_CHECKLISTS } from '@pruefbuch/domain/rules/checklists';
import PDFDocument from 'pdfkit';
import { renderRecord } from '../apps/server/src/modules/pdf/pdf.record';
import type { PdfRecord, Photo } from '../apps/server/src/modules/pdf/pdf.record-model';
import { createPdf, FONT, type PdfWriter, type WriteOptions } from '../apps/server/src/platform/pdf';
import { ImageCache, recordSignatures } from '../apps/server/src/platform/pdf/images';
import { rgbaPng } from '../apps/server/src/platform/pdf/png';
import { JPEG_PHOTO } from '../apps/server/test/fixtures/pdf';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 15);
const RECORDS = 100;
const TENANT = {
  name: 'Türservice Müller GmbH',
  fusszeileText: 'Türservice Müller GmbH · Hauptstraße 5 · 60311 Frankfurt am Main · HRB 4711 · USt-IdNr. DE123456789',
  addressName: 'Türservice Müller GmbH',
  address: { street: 'Hauptstraße', housenumber: '5', zip: '60311', location: 'Frankfurt am Main' },
};

/** A signature as signature_pad draws it (as bench/pdf.ts): a stroke on transparency; `seed` makes each one different. */
const signature = (seed: number) =>
  rgbaPng(400, 150, (x, y) =>
    Math.abs(y - (75 + Math.sin((x + seed * 7) / (14 + (seed % 5))) * 40)) < 2.5 ? [20, 30, 90, 255] : [0, 0, 0, 0],
  );

/** The records of bench/pdf.ts's book, in memory. */
function records(): PdfRecord[] {
  const items = NORM_CHECKLISTS.sliding.specialist;
  return Array.from({ length: RECORDS }, (_, i) => {
    const when = new Date(Date.UTC(2010, 0, 15) + i * 45 * 86_400_000).toISOString().slice(0, 10);
    return {
      id: randomUUID(),
      kind: i % 4 === 3 ? 'wartung' : 'inspection',
      when,
      where: 'vor Ort',
      who: 'Max Prüfer',
      isAbnahmeGutachten: false,
      akkutausch: false,
      text: 'Prüfung nach DIN 18650 durchgeführt. Anlage gereinigt, Führungen geschmiert, Sensoren justiert.',
      checklistName: 'door',
      checklist: items.map((item, k) => ({
        item,
        label: `Prüfpunkt ${item}`,
        result: k === i % items.length ? 'defect' : k % 5 === 4 ? 'na' : 'ok',
        note: k === i % items.length ? 'Nachstellen erforderlich' : '',
      })),
      defects: [
        {
          _id: randomUUID(),
          text: 'Sicherheitssensor reagiert verzögert, bei nächster Wartung tauschen.',
          severity: 'repair',
          item: items[i % items.length] ?? null,
          photos: i % 10 === 0 ? ['photo'] : [],
          resolved: false,
        },
        {
          _id: randomUUID(),
          text: 'Beschilderung verblasst.',
          severity: 'safe',
          item: null,
          photos: [],
          resolved: i % 2 === 0,
        },
      ],
      continuedOperation: true,
      inspectorSignature: {
        name: 'Max Prüfer',
        image: `data:image/png;base64,${signature(i).toString('base64')}`,
        signedAt: `${when}T10:00:00.000Z`,
      },
      operatorAcknowledgement: { name: 'Erika Betreiber', image: null, signedAt: `${when}T10:05:00.000Z` },
      report: null,
      corrects: null,
      correctedBy: null,
      finalizedAt: new Date(`${when}T12:00:00Z`),
    } satisfies PdfRecord;
  });
}

const photo: Photo = { id: 'photo', fileName: 'mangel.jpg', contentType: 'image/jpeg', found: true, bytes: JPEG_PHOTO };
const photos = async (ids: string[]) => new Map(ids.map((id) => [id, photo]));

/** pdfkit's options for a box of WriteOptions: `maxLines` as a height with an ellipsis. */
function pdfkitBox(pdf: PdfWriter, opts: WriteOptions): PDFKit.Mixins.TextOptions {
  const lineGap = opts.lineGap ?? 0;
  return {
    width: opts.width,
    align: opts.align,
    lineGap,
    ...(opts.maxLines ? { height: opts.maxLines * (pdf.doc.currentLineHeight(true) + lineGap), ellipsis: true } : {}),
  };
}

/** The writer with pdfkit's own text layout: what PdfWriter would be without FastText. */
function withPdfkitText(pdf: PdfWriter): PdfWriter {
  const font = (name: keyof typeof FONT = 'regular', size = 9.5) => pdf.doc.font(FONT[name]).fontSize(size);
  pdf.write = (text, x, y, opts) => {
    pdf.style(opts.font, opts.size ?? 9.5, opts.color);
    const box = pdfkitBox(pdf, opts);
    pdf.doc.text(text, x, y, box);
    return pdf.doc.heightOfString(text, box);
  };
  pdf.measure = (text, opts) => {
    font(opts.font, opts.size);
    return pdf.doc.heightOfString(text, pdfkitBox(pdf, opts));
  };
  pdf.textWidth = (text, name, size) => font(name, size).widthOfString(text);
  pdf.paragraph = (text, opts = {}) => {
    if (!text) return;
    pdf.style(opts.font, opts.size ?? 9.5, opts.color);
    pdf.doc.text(text, opts.x ?? pdf.left, pdf.y, { width: opts.width ?? pdf.width, lineGap: 1.5 });
    pdf.doc.x = pdf.left;
    pdf.y += opts.gap ?? 4;
  };
  return pdf;
}

/** Renders the records into a document, reads it to its end and returns its size. */
async function renderBook(
  all: PdfRecord[],
  signatures: Map<string, Buffer | null>,
  variant: (pdf: PdfWriter) => PdfWriter,
): Promise<number> {
  const pdf = variant(await createPdf({ title: 'Prüfbuch', subtitle: 'Schiebetür Haupteingang', tenant: TENANT }));
  let bytes = 0;
  pdf.doc.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  const done = new Promise((resolve) => pdf.doc.once('end', resolve));
  const images = new ImageCache(pdf, signatures);
  for (const r of all) {
    await renderRecord(pdf, r, { level: 2, images, photos });
    await pdf.drain();
  }
  pdf.end();
  await done;
  return bytes;
}

/** A document of the signatures embedded by pdfkit as they are (it splits colour and alpha in JavaScript). */
async function pdfkitSignatures(pngs: Buffer[]): Promise<number> {
  const doc = new PDFDocument({ size: 'A4', autoFirstPage: true });
  let bytes = 0;
  doc.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  const done = new Promise((resolve) => doc.once('end', resolve));
  pngs.forEach((png, i) => {
    doc.image(png, 20 + (i % 5) * 110, 20 + Math.floor(i / 5) * 40, { width: 100 });
  });
  doc.end();
  await done;
  return bytes;
}

/**
 * The platform's signatures of the same PNGs in a document: flattened on white by sharp (recordSignatures),
 * then embedded by pdfkit. `fresh`: new data URLs each run, which the shared cache does not hold (a book's
 * first export); otherwise the same ones (every later export).
 */
async function platformSignatures(pngs: Buffer[], run: number, fresh: boolean): Promise<number> {
  // Padding that the base64 decoder ignores makes a data URL the cache has not seen.
  const pad = fresh ? '='.repeat(run + 2) : '';
  const urls = pngs.map((png) => `data:image/png;base64,${png.toString('base64')}${pad}`);
  const signatures = await recordSignatures(
    urls.map((image) => ({ inspectorSignature: { image }, operatorAcknowledgement: null })),
  );
  const pdf = await createPdf({ title: 'Unterschriften', tenant: TENANT, frame: false });
  let bytes = 0;
  pdf.doc.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  const done = new Promise((resolve) => pdf.doc.once('end', resolve));
  const images = new ImageCache(pdf, signatures);
  urls.forEach((url, i) => {
    const image = images.openSignature(url);
    if (image) images.place(image, 20 + (i % 5) * 110, 20 + Math.floor(i / 5) * 40, 100, 36);
  });
  pdf.end();
  await done;
  return bytes;
}

interface Variant {
  name: string;
  once: (run: number) => Promise<number>;
}

/** Runs the variants in turns (after one warm-up each) and prints p50 of wall and CPU time, relative to the first. */
async function compare(title: string, variants: Variant[]) {
  const wall = variants.map(() => [] as number[]);
  const cpu = variants.map(() => [] as number[]);
  const size = variants.map(() => 0);
  for (const [i, v] of variants.entries()) size[i] = await v.once(-1);
  for (let run = 0; run < RUNS; run++) {
    for (const [i, v] of variants.entries()) {
      const used = process.cpuUsage();
      const start = performance.now();
      size[i] = await v.once(run);
      wall[i]?.push(performance.now() - start);
      const c = process.cpuUsage(used);
      cpu[i]?.push((c.user + c.system) / 1000);
    }
  }
  const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const base = p50(cpu[0] ?? []);
  console.log(`\n${title}`);
  console.table(
    variants.map((v, i) => ({
      variant: v.name,
      'p50 ms': Math.round(p50(wall[i] ?? []) * 10) / 10,
      'CPU ms p50': Math.round(p50(cpu[i] ?? []) * 10) / 10,
      'CPU × first': Math.round((p50(cpu[i] ?? []) / base) * 100) / 100,
      KiB: Math.round((size[i] ?? 0) / 1024),
    })),
  );
}

console.log(
  `PDF speed paths against the public API (p50 of ${RUNS} runs in turns; load average ` +
    `${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores)`,
);
const all = records();
const signatures = await recordSignatures(all);
await compare(`${RECORDS} records of a book PDF`, [
  { name: 'platform (cached text)', once: () => renderBook(all, signatures, (pdf) => pdf) },
  { name: "pdfkit's text()", once: () => renderBook(all, signatures, withPdfkitText) },
]);
const pngs = Array.from({ length: RECORDS }, (_, i) => signature(i));
await compare(`${RECORDS} signatures in a document`, [
  { name: "pdfkit's image() as they are", once: () => pdfkitSignatures(pngs) },
  { name: 'platform, not cached (first export)', once: (run) => platformSignatures(pngs, run, true) },
  { name: 'platform, cached (later exports)', once: (run) => platformSignatures(pngs, run, false) },
]);
