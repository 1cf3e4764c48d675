/**
 * Inspection file benchmark (issue 32 item 4, decision 058): the ZIP of a branch with 50 books and 500
 * finalized records (10 a book, each with its archived PDF), built as the background job builds it (book
 * PDFs rendered, stored PDFs copied, every file hashed, the ZIP written into the file store), then the
 * same at 500 books and 5,000 records. Reports the time, the size and the peak RSS above the level before
 * the run: it must stay flat as the file grows, since one book is held at a time. Embedded database.
 *
 * The heap is sampled too, and the heap still held after a forced collection: a leak would show there. V8
 * lets garbage pile up while memory is plentiful, so the peak is only meaningful under a bound: run with
 * `--max-old-space-size=160` to see the file's own need, without it to see what a roomy process does.
 *
 * Run alone with `node --expose-gc --max-old-space-size=160 --import tsx bench/export.ts`
 * (BENCH_EXPORT_BOOKS=50,500 by default).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Role } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import {
  blobs,
  books,
  customerLocationBooks,
  customerLocations,
  exportJobs,
  inspections,
  tenants,
  users,
  userTenants,
} from '../apps/server/src/db/schema/index';
import { claimExport, runExportJob } from '../apps/server/src/modules/exports/exports.jobs';
import { buildExportFile } from '../apps/server/src/modules/exports/exports.worker';
import { loadConfig } from '../apps/server/src/platform/config';

const SIZES = (process.env.BENCH_EXPORT_BOOKS ?? '50,500').split(',').map(Number);
const RECORDS_PER_BOOK = 10;
const mib = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;

export async function benchExport() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-export-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1:3900',
    APP_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
  });
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const app = await buildApp(config, database);
  const db = database.db;
  const rows: Record<string, string | number>[] = [];
  try {
    for (const n of SIZES) {
      const [tenant] = await db
        .insert(tenants)
        .values({ name: `Bench ${n}`, url: `bench-export-${n}` })
        .returning();
      const [user] = await db
        .insert(users)
        .values({ email: `export-${n}@bench.test`, firstName: 'Bea', lastName: 'Bench', role: Role.ADMIN_ROLE })
        .returning();
      if (!tenant || !user) throw new Error('seed failed');
      await db.insert(userTenants).values({ userId: user.id, tenantId: tenant.id });
      const [location] = await db
        .insert(customerLocations)
        .values({
          tenantId: tenant.id,
          customer: 1,
          znl: 'Rhein-Main',
          nr: `B${n}`,
          address: {
            _id: 'a',
            street: 'Zeil',
            housenumber: '1',
            zip: '60313',
            location: 'Frankfurt am Main',
            tel: '',
            email: '',
            homepage: '',
            country: 'DE',
          },
        })
        .returning();
      if (!location) throw new Error('no location');
      // One archived PDF of ~60 KB per record, stored once per book (content-addressed: distinct bytes).
      for (let b = 0; b < n; b++) {
        const [book] = await db
          .insert(books)
          .values({
            tenantId: tenant.id,
            title: `Schiebetür ${b + 1}`,
            manufacturerNo: `HN-${10_000 + b}`,
            site: 'EG',
            object: 'Filiale Zeil',
            serviceinterval: 12,
          })
          .returning();
        if (!book) throw new Error('no book');
        await db.insert(customerLocationBooks).values({ locationId: location.id, bookId: book.id });
        const recs = Array.from({ length: RECORDS_PER_BOOK }, (_, r) => ({
          tenantId: tenant.id,
          bookId: book.id,
          kind: 'inspection' as const,
          when: `20${15 + (r % 10)}-0${1 + (r % 9)}-15`,
          who: 'Anna Prüferin',
          text: 'Prüfung nach DIN 18650 ohne Befund. Notöffnung, Sensorik und Schließkraft geprüft.',
          finalizedAt: new Date(),
        }));
        await db.insert(inspections).values(recs);
        const pdf = Buffer.concat([Buffer.from(`%PDF-1.4\n% book ${n}/${b}\n`), Buffer.alloc(60 * 1024, b % 251)]);
        const stored = await app.deps.files.put(Readable.from([pdf]));
        await db.insert(blobs).values(
          Array.from({ length: RECORDS_PER_BOOK }, (_, r) => ({
            tenantId: tenant.id,
            bookId: book.id,
            sha256: stored.sha256,
            size: stored.size,
            contentType: 'application/pdf',
            fileName: `Prüfbericht ${r + 1}.pdf`,
            type: 'inspection-pdf',
          })),
        );
      }
      await db.insert(exportJobs).values({
        tenantId: tenant.id,
        requestedBy: user.id,
        scope: 'branch',
        target: location.id,
        label: `Bench ${n}`,
        booksTotal: n,
      });

      (globalThis as { gc?: () => void }).gc?.();
      const before = process.memoryUsage();
      const base = before.rss;
      let peak = base;
      let peakHeap = before.heapUsed;
      let peakExternal = before.external;
      const timer = setInterval(() => {
        const m = process.memoryUsage();
        peak = Math.max(peak, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
        peakExternal = Math.max(peakExternal, m.external);
      }, 5);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const job = await claimExport(db);
      if (!job) throw new Error('no job');
      await runExportJob(db, app.deps, job, buildExportFile);
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      clearInterval(timer);
      (globalThis as { gc?: () => void }).gc?.();
      const retained = process.memoryUsage().heapUsed - before.heapUsed;
      const [done] = await db.select().from(exportJobs).where(eq(exportJobs.id, job.id));
      if (done?.status !== 'done') throw new Error(`export ${done?.status}: ${done?.error}`);
      rows.push({
        books: n,
        records: n * RECORDS_PER_BOOK,
        'files in ZIP': n * (RECORDS_PER_BOOK + 1) + 2,
        'ZIP MiB': mib(done.size ?? 0),
        seconds: Math.round(seconds * 10) / 10,
        'ms per book': Math.round((seconds * 1000) / n),
        'CPU s': Math.round((used.user + used.system) / 1e5) / 10,
        'peak RSS +MiB': mib(peak - base),
        'peak heap +MiB': mib(peakHeap - before.heapUsed),
        'peak external +MiB': mib(peakExternal - before.external),
        'heap kept after +MiB': mib(retained),
        'RSS before MiB': mib(base),
      });
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\nInspection file of a branch (background build into the file store, embedded database)');
  console.table(rows);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchExport();
