/**
 * The prepared day (issue 33, decision 061): a service technician booked on 50 books today, each with 10
 * finalized records (the demo data, plus a tenant of its own for the bench). Measures
 * (a) GET offline/day on the server: p50 over 10 calls and the reply's bytes, plain and as sent with
 *     `accept-encoding: br, gzip`;
 * (b) in headless Chromium (Debian's), signed in as the technician on the tenant's start: 'Für unterwegs
 *     laden' pressed until the card's status shows, and the bytes transferred meanwhile (CDP
 *     encodedDataLength: headers and body as they came over the wire);
 * (c) what the day takes in the browser: navigator.storage.estimate() and Chromium's IndexedDB usage before and
 *     after, and the JSON size of what the store holds;
 * (d) opening a prepared book offline (context.setOffline): /app/offline/<tenantId>/<bookId> until its title
 *     shows, p50 over 20 opens, served by the service worker; 'missing' when the title never shows within 10 s.
 * Embedded database. Run alone with `node --import tsx bench/offline.ts` (builds the web app first if it is
 * not built).
 */

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { addDays } from '@pruefbuch/domain/rules/calendar-week';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/client';
import {
  bookings,
  books,
  bookTypes,
  inspections,
  tenants,
  users,
  userTenants,
} from '../apps/server/src/db/schema/index';
import { seedDemo } from '../apps/server/src/demo/seed';
import { demoPeople, recordWriter } from '../apps/server/src/demo/seed-inspections';
import { chromiumOptions } from '../apps/web/e2e/chromium';
import { median, shownProbe } from './harness';
import { startServer, stop, waitHealthy } from './server';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 3970;
const base = `http://127.0.0.1:${PORT}`;
const TENANT_URL = 'bench-offline';
const TECH = { email: 'servicetechniker@demo.test', password: 'pruefbuch' };
const BOOKS = 50;
const RECORDS_PER_BOOK = 10;
const CALLS = 10;
const OPENS = 20;
const OPEN_TIMEOUT = 10_000;
/** The demo's templates (status 7) are not books of an installation. */
const TEMPLATE_STATUS = 7;

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** The demo data, and a tenant of the technician's with 50 books booked for today, 10 finalized records each. */
async function seed(dataDir: string): Promise<{ tenantId: string; bookIds: string[] }> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDemo(database.db);
    const db = database.db;
    const [tech] = await db.select().from(users).where(eq(users.email, TECH.email));
    const [demo] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.url, 'rhein-main'));
    if (!tech || !demo) throw new Error('demo data without the technician or its tenant');
    const [tenant] = await db
      .insert(tenants)
      .values({ name: 'Türservice Unterwegs GmbH', url: TENANT_URL })
      .returning({ id: tenants.id });
    if (!tenant) throw new Error('bench tenant insert returned nothing');
    await db.insert(userTenants).values({ userId: tech.id, tenantId: tenant.id });

    // The demo's installations with a book type, copied into the bench tenant in turn: real fields, real checklists.
    const models = await db
      .select()
      .from(books)
      .where(
        and(
          eq(books.tenantId, demo.id),
          isNotNull(books.bookTypeId),
          ne(books.status, TEMPLATE_STATUS),
          isNull(books.retiredAt),
        ),
      )
      .orderBy(asc(books.title));
    if (!models.length) throw new Error('no demo books to copy');
    const today = berlinToday();
    const rows = await db
      .insert(books)
      .values(
        Array.from({ length: BOOKS }, (_, i) => {
          const { id: _id, createdAt: _c, updatedAt: _u, ...m } = models[i % models.length] as (typeof models)[number];
          return {
            ...m,
            tenantId: tenant.id,
            folderId: null,
            title: `${m.title} · ${i + 1}`,
            enableFrom: today,
            enableTo: addDays(today, 1),
            slots: 1,
            version: 0,
          };
        }),
      )
      .returning();
    await db.insert(bookings).values(
      rows.map((b) => ({
        tenantId: tenant.id,
        bookId: b.id,
        userId: tech.id,
        firstName: tech.firstName,
        lastName: tech.lastName,
        createdBy: tech.id,
      })),
    );

    const types = new Map((await db.select().from(bookTypes)).map((t) => [t.id, t]));
    const { tech: person } = await demoPeople(db);
    const { records, record } = recordWriter(tenant.id);
    for (const b of rows) {
      const type = (b.bookTypeId && types.get(b.bookTypeId)) || null;
      for (let r = 0; r < RECORDS_PER_BOOK; r++) {
        record(b, type, r % 2 === 0 ? 'inspection' : 'wartung', addDays(today, -(r + 1) * 90), person);
      }
    }
    for (let i = 0; i < records.length; i += 100) await db.insert(inspections).values(records.slice(i, i + 100));
    return { tenantId: tenant.id, bookIds: rows.map((b) => b.id) };
  } finally {
    await database.close();
  }
}

/** One GET over plain HTTP/1.1 (no client adds headers): the time to the last byte and the bytes of the body. */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ ms: number; bytes: number; encoding: string }>((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        else
          resolve({ ms: performance.now() - started, bytes, encoding: String(res.headers['content-encoding'] ?? '') });
      });
    });
    req.on('error', reject);
  });
}

async function serverSide(tenantId: string) {
  const login = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TECH),
  }).then((r) => r.json() as Promise<{ token: string }>);
  const headers = { authorization: `Bearer ${login.token}`, 'x-tenant': tenantId };
  const day = (await fetch(`${base}/api/v1/offline/day`, { headers }).then((r) => r.json())) as {
    books: { records: unknown[] }[];
    overCap: number;
  };
  const call = (encoding: string) => get(`${base}/api/v1/offline/day`, { ...headers, 'accept-encoding': encoding });
  // Warmed up first, then plain and compressed in turns, so that neither has the cold start alone.
  for (let i = 0; i < 5; i++) await call(i % 2 ? 'identity' : 'br, gzip');
  const plain = [];
  const sent = [];
  for (let i = 0; i < CALLS; i++) {
    plain.push(await call('identity'));
    sent.push(await call('br, gzip'));
  }
  const out = {
    plain: plain[0]?.bytes ?? 0,
    sent: sent[0]?.bytes ?? 0,
    encoding: sent[0]?.encoding ?? '',
    plainMs: median(plain.map((r) => r.ms)),
    sentMs: median(sent.map((r) => r.ms)),
  };
  return { ...out, books: day.books.length, records: day.books.reduce((n, b) => n + b.records.length, 0) };
}

/** Presses the button and answers the ms until the status shows (both in the page, no round trip to the bench). */
const pressAndWait = `new Promise((resolve, reject) => {
  const status = '[data-testid="offline-day-status"]';
  const started = performance.now();
  const observer = new MutationObserver(() => {
    if (!document.querySelector(status)) return;
    observer.disconnect();
    resolve(performance.now() - started);
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  document.querySelector('[data-testid="offline-day-load"]').click();
  setTimeout(() => reject(new Error('status did not show within 60 s')), 60000);
})`;

/** What the day's store holds, as JSON: the books and the day rows (the web's offline-db.ts). */
const storedJson = `new Promise((resolve, reject) => {
  const open = indexedDB.open('pruefbuch-offline');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const names = ['books', 'days'].filter((s) => db.objectStoreNames.contains(s));
    const tx = db.transaction(names, 'readonly');
    const out = {};
    for (const s of names) {
      const q = tx.objectStore(s).getAll();
      q.onsuccess = () => { out[s] = q.result; };
    }
    tx.oncomplete = () => {
      db.close();
      const books = out.books || [];
      resolve({
        books: books.length,
        bytes: new TextEncoder().encode(JSON.stringify(books)).length + new TextEncoder().encode(JSON.stringify(out.days || [])).length,
      });
    };
  };
})`;

async function usage(page: Page, context: BrowserContext) {
  const estimate = (await page.evaluate('navigator.storage.estimate()')) as { usage?: number };
  const cdp = await context.newCDPSession(page);
  const quota = (await cdp.send('Storage.getUsageAndQuota', { origin: base })) as {
    usageBreakdown: { storageType: string; usage: number }[];
  };
  await cdp.detach();
  return {
    estimate: estimate.usage ?? 0,
    indexeddb: quota.usageBreakdown.find((u) => u.storageType === 'indexeddb')?.usage ?? 0,
  };
}

async function inBrowser(tenantId: string, bookIds: string[]) {
  const browser = await chromium.launch(await chromiumOptions());
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1366, height: 900 } });
    await context.addInitScript({ content: shownProbe('[data-testid="offline-book-title"]') });
    const page = await context.newPage();
    await page.goto(`${base}/app/admin/login`);
    await page.getByLabel(/E-Mail/i).fill(TECH.email);
    await page.locator('input[autocomplete="current-password"]').fill(TECH.password);
    await page.getByRole('button', { name: /^Anmelden$/ }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));

    // The start online once: the service worker installs (precaching the app) before anything is measured.
    await page.goto(`${base}/app/map/${TENANT_URL}/`);
    await page.getByTestId('offline-day-load').waitFor({ state: 'visible', timeout: 30_000 });
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.waitForTimeout(500);
    const before = await usage(page, context);

    // Every response while the day loads, by CDP: what came over the wire (headers and body).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    let wire = 0;
    let dayWire = 0;
    let requests = 0;
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => {
      requests += 1;
      wire += e.encodedDataLength;
      if (urls.get(e.requestId)?.includes('/api/v1/offline/day')) dayWire += e.encodedDataLength;
    });
    const loadMs = (await page.evaluate(pressAndWait)) as number;
    await page.waitForTimeout(500);
    await cdp.detach();
    const status = await page.getByTestId('offline-day-status').textContent();
    const stored = (await page.evaluate(storedJson)) as { books: number; bytes: number };
    const after = await usage(page, context);

    // Offline: each open a navigation served by the service worker, the book read from IndexedDB.
    await context.setOffline(true);
    const opens: number[] = [];
    let missing = '';
    for (let i = 0; i < OPENS; i++) {
      const bookId = bookIds[i % bookIds.length] as string;
      try {
        await page.goto(`${base}/app/offline/${tenantId}/${bookId}`, { timeout: OPEN_TIMEOUT });
        // A locator, not waitForFunction: the app's CSP forbids the eval a string predicate needs.
        await page.getByTestId('offline-book-title').waitFor({ state: 'visible', timeout: OPEN_TIMEOUT });
        let shownAt = -1;
        while (shownAt <= 0) {
          shownAt = ((await page.evaluate('window.__shownAt ?? -1')) as number) ?? -1;
          if (shownAt <= 0) await page.waitForTimeout(10);
        }
        opens.push(shownAt);
      } catch (e) {
        // Say what showed instead: the app (served by the worker) without the title, or no page at all.
        const shown = ((await page.evaluate('document.body?.innerText ?? ""').catch(() => '')) as string)
          .replace(/\s+/g, ' ')
          .slice(0, 120);
        missing = `${(e as Error).message.split('\n')[0] ?? 'not shown'}; the page showed: '${shown}'`;
        break;
      }
    }
    await context.setOffline(false);
    await context.close();
    return { loadMs, wire, dayWire, requests, status, stored, before, after, opens, missing };
  } finally {
    await browser.close();
  }
}

export async function benchOffline() {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pruefbuch-offline-'));
  const seeded = performance.now();
  const { tenantId, bookIds } = await seed(dataDir);
  const seedSeconds = (performance.now() - seeded) / 1000;
  const proc = startServer(PORT, { DATA_DIR: dataDir, PUBLIC_URL: base, SEED_DEMO: '0' });
  try {
    await waitHealthy(PORT);
    const s = await serverSide(tenantId);
    const b = await inBrowser(tenantId, bookIds);
    const openP50 = b.opens.length === OPENS ? `${median(b.opens).toFixed(0)} ms` : 'missing';
    const rows = [
      { measure: 'data', value: `${s.books} books, ${BOOKS * RECORDS_PER_BOOK} records (${s.records} in the reply)` },
      { measure: '(a) GET offline/day p50, plain', value: `${s.plainMs.toFixed(1)} ms (${CALLS} calls)` },
      { measure: `(a) GET offline/day p50, ${s.encoding}`, value: `${s.sentMs.toFixed(1)} ms (${CALLS} calls)` },
      { measure: '(a) reply plain', value: `${kb(s.plain)} KB` },
      { measure: `(a) reply as sent (${s.encoding})`, value: `${kb(s.sent)} KB` },
      { measure: "(b) 'Für unterwegs laden' → status", value: `${b.loadMs.toFixed(0)} ms` },
      {
        measure: '(b) transferred (wire)',
        value: `${kb(b.wire)} KB in ${b.requests} requests (offline/day ${kb(b.dayWire)} KB)`,
      },
      {
        measure: '(c) storage.estimate() usage',
        value: `${kb(b.before.estimate)} → ${kb(b.after.estimate)} KB (+${kb(b.after.estimate - b.before.estimate)})`,
      },
      {
        measure: '(c) IndexedDB usage (CDP)',
        value: `${kb(b.before.indexeddb)} → ${kb(b.after.indexeddb)} KB (+${kb(b.after.indexeddb - b.before.indexeddb)})`,
      },
      { measure: '(c) stored JSON', value: `${kb(b.stored.bytes)} KB (${b.stored.books} books)` },
      { measure: `(d) open a book offline p50 (${OPENS} opens)`, value: openP50 },
    ];
    console.log(
      `\nThe prepared day: ${BOOKS} books × ${RECORDS_PER_BOOK} records, embedded database (seeded in ${seedSeconds.toFixed(1)} s)`,
    );
    console.log(`card: ${b.status}`);
    console.table(rows);
    if (b.opens.length < OPENS) console.log(`(d) missing: ${b.missing}`);
    return rows;
  } finally {
    await stop(proc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchOffline();
