/**
 * PDF benchmark (issue 4): p50 over 20 runs and the peak memory (RSS and heap above the level
 * before the runs) of
 *   (a) a plain one-page pdfkit document, the floor;
 *   (b) the book PDF (GET books/{id}/exportPdf) of a book with 100 finalized inspections with
 *       checklists, defects, signatures (each drawn anew) and a photo on every tenth;
 *   (c) the label PDF (POST books/getEtikettPdf) of 500 books;
 *   (d) one inspection's PDF as finalize archives it, rendered in memory unsigned, then (e) rendered
 *       and sealed (PAdES, decision 056) under a self-made RSA 2048 certificate, and (f) the seal alone.
 * (b) and (c) go through the real HTTP routes of a listening server on loopback; the client
 * reads the stream chunk by chunk and keeps only the byte count. Embedded database (PGlite).
 * Targets: book PDF p50 < 150 ms, 500 labels p50 < 2 s, a seal p50 < 10 ms.
 *
 * Run alone with `node --import tsx bench/pdf.ts`; `npm run bench` runs it at the end.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { hash } from '@node-rs/argon2';
import { NORM_CHECKLISTS } from '@pruefbuch/domain/rules/checklists';
import PDFDocument from 'pdfkit';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { blobs, books, inspections, tenants, users, userTenants } from '../apps/server/src/db/schema/index';
import { loadRecordDocument, recordPdf, renderRecordDocument } from '../apps/server/src/modules/pdf/pdf.single-record';
import { makeSelfSignedCertificate, privateKeyFromPem } from '../apps/server/src/platform/certificates';
import { loadConfig } from '../apps/server/src/platform/config';
import { pdfToBuffer } from '../apps/server/src/platform/pdf';
import { rgbaPng } from '../apps/server/src/platform/pdf/png';
import { sealPdf } from '../apps/server/src/platform/pdf-seal';
import { JPEG_PHOTO } from '../apps/server/test/fixtures/pdf';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 20);
const RECORDS = 100;
const LABELS = 500;
const PASSWORD = 'bench-pdf-123';

interface Result {
  document: string;
  'p50 ms': number;
  'p90 ms': number;
  /** CPU time of the whole process (server and the reading client) per run: less sensitive to other load. */
  'CPU ms p50': number;
  'KiB per PDF': number;
  'peak RSS +MiB': number;
  'peak heap +MiB': number;
  target: string;
}

const mib = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Runs `once` RUNS times (after one warm-up) and samples memory while it runs. */
async function measure(name: string, once: () => Promise<number>, targetMs?: number): Promise<Result> {
  await once();
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 2);
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    bytes = await once();
    times.push(performance.now() - start);
    const c = process.cpuUsage(used);
    cpu.push((c.user + c.system) / 1000);
    sample();
  }
  cpu.sort((a, b) => a - b);
  clearInterval(timer);
  times.sort((a, b) => a - b);
  const p50 = Math.round(pct(times, 0.5) * 10) / 10;
  const row: Result = {
    document: name,
    'p50 ms': p50,
    'p90 ms': Math.round(pct(times, 0.9) * 10) / 10,
    'CPU ms p50': Math.round(pct(cpu, 0.5) * 10) / 10,
    'KiB per PDF': Math.round(bytes / 1024),
    'peak RSS +MiB': mib(peakRss - base.rss),
    'peak heap +MiB': mib(peakHeap - base.heapUsed),
    target: targetMs === undefined ? 'floor' : p50 < targetMs ? `met (< ${targetMs} ms)` : `missed (< ${targetMs} ms)`,
  };
  console.log(
    `  ${name}: p50 ${row['p50 ms']} ms, p90 ${row['p90 ms']} ms, CPU p50 ${row['CPU ms p50']} ms, ${row['KiB per PDF']} KiB, ` +
      `peak RSS +${row['peak RSS +MiB']} MiB, heap +${row['peak heap +MiB']} MiB; ${row.target}`,
  );
  return row;
}

/** Reads a streamed reply to its end, keeping only the count of bytes. */
async function consume(res: Response): Promise<number> {
  if (res.status !== 200 || !res.body) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  let n = 0;
  for await (const chunk of Readable.fromWeb(res.body as never)) n += (chunk as Buffer).length;
  return n;
}

/** A signature as signature_pad draws it: a stroke on transparency, 400 × 150 px; `seed` makes each one different. */
const signature = (seed: number) =>
  `data:image/png;base64,${rgbaPng(400, 150, (x, y) =>
    Math.abs(y - (75 + Math.sin((x + seed * 7) / (14 + (seed % 5))) * 40)) < 2.5 ? [20, 30, 90, 255] : [0, 0, 0, 0],
  ).toString('base64')}`;

export async function benchPdf(): Promise<Result[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-pdf-'));
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'https://pruefbuch.example.org',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
    LOCKOUT_IP_MAX: '100000',
  });
  const app = await buildApp(config, database);
  const results: Result[] = [];
  try {
    const db = database.db;
    const [tenant] = await db
      .insert(tenants)
      .values({
        name: 'Türservice Müller GmbH',
        url: `bench-${randomUUID()}`,
        fusszeileText:
          'Türservice Müller GmbH · Hauptstraße 5 · 60311 Frankfurt am Main · HRB 4711 · USt-IdNr. DE123456789',
        addressName: 'Türservice Müller GmbH',
      })
      .returning();
    if (!tenant) throw new Error('no tenant');
    const [user] = await db
      .insert(users)
      .values({
        email: `bench-pdf-${randomUUID()}@example.org`,
        firstName: 'Bench',
        lastName: 'PDF',
        role: 3,
        isVerified: true,
        passwordHash: await hash(PASSWORD),
        abbreviation: 'BPD',
      })
      .returning();
    if (!user) throw new Error('no user');
    await db.insert(userTenants).values({ userId: user.id, tenantId: tenant.id });

    const [book] = await db
      .insert(books)
      .values({
        tenantId: tenant.id,
        title: 'Schiebetür Haupteingang',
        bookTypeId: '0b7c1a10-0001-4000-8000-000000000001',
        object: 'Kaufhof Zeil',
        site: 'EG Süd',
        manufacturerNo: 'HN-4711',
        glasbocknr: 'SN-0815',
        serviceinterval: 12,
        misc: { baujahr: '2015', antriebsspannung: '230 V' },
      })
      .returning();
    if (!book) throw new Error('no book');
    // Defect photos are JPEGs as phones take them; a PDF holds them as they are.
    const photo = await app.deps.files.put(Readable.from([JPEG_PHOTO]));
    const [photoBlob] = await db
      .insert(blobs)
      .values({
        tenantId: tenant.id,
        bookId: book.id,
        sha256: photo.sha256,
        size: photo.size,
        contentType: 'image/jpeg',
        fileName: 'mangel.jpg',
        type: 'defect-photo',
      })
      .returning();
    const items = NORM_CHECKLISTS.sliding.specialist;
    const records = await db
      .insert(inspections)
      .values(
        Array.from({ length: RECORDS }, (_, i) => {
          const when = new Date(Date.UTC(2010, 0, 15) + i * 45 * 86_400_000).toISOString().slice(0, 10);
          return {
            tenantId: tenant.id,
            bookId: book.id,
            kind: i % 4 === 3 ? ('wartung' as const) : ('inspection' as const),
            when,
            who: 'Max Prüfer',
            where: 'vor Ort',
            text: 'Prüfung nach DIN 18650 durchgeführt. Anlage gereinigt, Führungen geschmiert, Sensoren justiert.',
            checklistName: 'door',
            checklist: items.map((item, k) => ({
              item,
              label: `Prüfpunkt ${item}`,
              result: k === i % items.length ? ('defect' as const) : k % 5 === 4 ? ('na' as const) : ('ok' as const),
              note: k === i % items.length ? 'Nachstellen erforderlich' : '',
            })),
            defects: [
              {
                _id: randomUUID(),
                text: 'Sicherheitssensor reagiert verzögert, bei nächster Wartung tauschen.',
                severity: 'repair' as const,
                item: items[i % items.length] ?? null,
                photos: i % 10 === 0 && photoBlob ? [photoBlob.id] : [],
                resolved: false,
              },
              {
                _id: randomUUID(),
                text: 'Beschilderung verblasst.',
                severity: 'safe' as const,
                item: null,
                photos: [],
                resolved: i % 2 === 0,
              },
            ],
            continuedOperation: true,
            inspectorSignature: { name: 'Max Prüfer', image: signature(i), signedAt: `${when}T10:00:00.000Z` },
            operatorAcknowledgement: { name: 'Erika Betreiber', image: null, signedAt: `${when}T10:05:00.000Z` },
            finalizedAt: new Date(`${when}T12:00:00Z`),
          };
        }),
      )
      .returning({ id: inspections.id });
    const labelBooks = await db
      .insert(books)
      .values(
        Array.from({ length: LABELS }, (_, i) => ({
          tenantId: tenant.id,
          title: `Drehtür ${i + 1}`,
          object: `Filiale ${i + 1}`,
          site: `Eingang ${(i % 4) + 1}`,
          manufacturerNo: `HN-${10000 + i}`,
          glasbocknr: `SN-${20000 + i}`,
        })),
      )
      .returning({ id: books.id });

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    }).then((r) => r.json() as Promise<{ token: string }>);
    const headers = { authorization: `Bearer ${login.token}`, 'x-tenant': tenant.id };

    console.log(
      `\nPDFs (p50 of ${RUNS} runs; peak memory above the level before the runs; PGlite, loopback HTTP; ` +
        `load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores)`,
    );
    const only = process.env.BENCH_PDF_ONLY;
    if (!only || only === 'floor')
      results.push(
        await measure('plain one-page pdfkit document (floor)', async () => {
          const doc = new PDFDocument({ size: 'A4' });
          doc.font('Helvetica').fontSize(12).text('Prüfbuch – eine Seite, nur Text.', 50, 50);
          const done = consume(new Response(Readable.toWeb(doc) as ReadableStream));
          doc.end();
          return done;
        }),
      );
    if (!only || only === 'book')
      results.push(
        await measure(
          `book PDF, ${RECORDS} inspections (GET books/{id}/exportPdf)`,
          async () => consume(await fetch(`${address}/api/v1/books/${book.id}/exportPdf`, { headers })),
          150,
        ),
      );
    if (!only || only === 'labels')
      results.push(
        await measure(
          `label PDF, ${LABELS} books (POST books/getEtikettPdf)`,
          async () =>
            consume(
              await fetch(`${address}/api/v1/books/getEtikettPdf`, {
                method: 'POST',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify({ books: labelBooks.map((b) => b.id) }),
              }),
            ),
          2000,
        ),
      );
    if (!only || only === 'seal') {
      // The last record: a checklist, two defects and a drawn signature, as finalize archives it.
      const record = records.at(-1);
      if (!record) throw new Error('no record');
      const doc = await loadRecordDocument(db, app.deps.files, tenant.id, record.id);
      const render = async () => pdfToBuffer(await recordPdf(doc), (pdf) => renderRecordDocument(pdf, doc));
      const made = await makeSelfSignedCertificate(tenant.name);
      const key = { privateKey: privateKeyFromPem(made.privateKeyPem), certificate: made.certificate, chain: [] };
      const seal = (pdf: Buffer) => sealPdf(pdf, key, { name: tenant.name, reason: 'Abgeschlossener Prüfbericht' });
      results.push(
        await measure('record PDF as archived, unsigned (in process)', async () => (await render()).length),
        await measure('record PDF as archived, sealed (in process)', async () => (await seal(await render())).length),
      );
      const rendered = await render();
      results.push(
        await measure('the seal alone (sealPdf of one record PDF)', async () => (await seal(rendered)).length, 10),
      );
    }
    console.table(results);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPdf();
