import { createHash } from 'node:crypto';
import { CustomerRole, Role } from '@pruefbuch/domain/roles';
import { EXPORT_MAX_ATTEMPTS } from '@pruefbuch/domain/rules/export-mode';
import type { ExportJob, ExportStartReply, Manifest } from '@pruefbuch/domain/schemas/export';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { assignLocations, insertInspection, insertLocation, linkBooks } from '../../../test/factories';
import { memberOf, pdfTenant, storeBlob } from '../../../test/fixtures/pdf';
import { createTestApp, PUBLIC_URL } from '../../../test/helper';
import { books, exportJobs, fileRemovals, mailOutbox, recordChainHeads } from '../../db/schema/index';
import { claimExport, expireExports, recordProgress } from './exports.jobs';
import { runDueExports } from './exports.worker';

const t = await createTestApp();
const db = t.database.db;
const quiet = { info: () => {}, error: () => {} };
const pdfBytes = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A tenant with a branch of customer 1 holding a book with two finalized records, their PDFs, a document and a draft. */
async function branchWithBook(extraBooks = 0) {
  const { tenant, book } = await pdfTenant(t);
  const location = await insertLocation(db, tenant.id, { customer: 1, znl: 'Rhein-Main', nr: '4101' });
  for (const when of ['2024-03-01', '2025-03-03']) {
    await insertInspection(db, book, { when, who: 'Anna Prüferin', finalizedAt: new Date(`${when}T12:00:00Z`) });
    await storeBlob(t, tenant.id, book.id, pdfBytes(when), {
      contentType: 'application/pdf',
      fileName: `Prüfbericht ${when}.pdf`,
      type: 'inspection-pdf',
    });
  }
  await insertInspection(db, book, { when: '2025-09-01' }); // a draft: in no file
  await storeBlob(t, tenant.id, book.id, pdfBytes('Übergabe'), {
    contentType: 'application/pdf',
    fileName: '../Übergabeprotokoll Tür/Nord.pdf',
    type: 'document',
  });
  const ids = [book.id];
  for (let i = 0; i < extraBooks; i++) {
    const [extra] = await db
      .insert(books)
      .values({ tenantId: tenant.id, title: `Drehtür ${i + 1}`, manufacturerNo: `HN-${100 + i}`, site: 'OG' })
      .returning();
    if (extra) ids.push(extra.id);
  }
  await linkBooks(db, location.id, ids);
  return { tenant, book, location };
}

/** The ZIP's files (without the two manifests), the parsed manifest and the raw bytes. */
function readZip(raw: Buffer) {
  const entries = unzipSync(new Uint8Array(raw));
  const manifest = JSON.parse(Buffer.from(entries['manifest.json'] as Uint8Array).toString('utf8')) as Manifest;
  const text = Buffer.from(entries['manifest.txt'] as Uint8Array).toString('utf8');
  const files = Object.fromEntries(
    Object.entries(entries).filter(([name]) => name !== 'manifest.json' && name !== 'manifest.txt'),
  );
  return { manifest, text, files };
}

/** Every file listed with its right size and SHA-256, nothing missing, nothing extra. */
function expectManifestMatches(zip: ReturnType<typeof readZip>) {
  const listed = Object.fromEntries(zip.manifest.files.map((f) => [f.path, f]));
  expect(Object.keys(zip.files).sort()).toEqual(Object.keys(listed).sort());
  for (const [path, bytes] of Object.entries(zip.files)) {
    expect(listed[path]?.sha256, path).toBe(sha(bytes));
    expect(listed[path]?.size, path).toBe(bytes.length);
    expect(zip.text).toContain(`${sha(bytes)}  ${path}`);
  }
}

/** The general-purpose flags of every central directory entry whose name is not ASCII. */
function utf8Flags(raw: Buffer) {
  const flags: number[] = [];
  for (let i = raw.indexOf(0x02014b50 & 0xff); i >= 0 && i < raw.length - 46; i = raw.indexOf(0x50, i + 1)) {
    if (raw.readUInt32LE(i) !== 0x02014b50) continue;
    const nameLength = raw.readUInt16LE(i + 28);
    const name = raw.subarray(i + 46, i + 46 + nameLength);
    if (name.some((b) => b > 0x7f)) flags.push(raw.readUInt16LE(i + 8));
  }
  return flags;
}

describe('the inspection file of a branch, streamed', () => {
  it("lists every file of the ZIP in its manifest with the right SHA-256 and size: the book's PDF, the records' PDFs, the documents", async () => {
    const { tenant, book, location } = await branchWithBook();
    const { user, token } = await memberOf(t, tenant.id, Role.ADMIN_ROLE);
    const start = await t.api({
      method: 'POST',
      url: `/customerlocation/${location.id}/exportFile`,
      token,
      tenant: tenant.id,
    });
    expect(start.statusCode).toBe(200);
    expect(start.json<ExportStartReply>()).toMatchObject({ mode: 'direct', books: 1, records: 2, job: null });

    const res = await t.api({
      method: 'GET',
      url: `/customerlocation/${location.id}/exportFile`,
      token,
      tenant: tenant.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''Pr%C3%BCfakte_ZNL-Rhein-Main-Nr-4101-Frankfurt",
    );
    const zip = readZip(res.rawPayload);
    expectManifestMatches(zip);
    expect(zip.manifest.files.map((f) => [f.path, f.kind])).toEqual([
      ['001_Schiebetür-Haupteingang_HN-4711_EG-Süd/HN-4711_Kaufhof-Zeil_EG-Süd.pdf', 'book-pdf'],
      ['001_Schiebetür-Haupteingang_HN-4711_EG-Süd/Prüfberichte/Prüfbericht-2024-03-01.pdf', 'record-pdf'],
      ['001_Schiebetür-Haupteingang_HN-4711_EG-Süd/Prüfberichte/Prüfbericht-2025-03-03.pdf', 'record-pdf'],
      ['001_Schiebetür-Haupteingang_HN-4711_EG-Süd/Dokumente/Nord.pdf', 'document'],
    ]);
    expect(
      Buffer.from(zip.files[zip.manifest.files[0]?.path ?? ''] as Uint8Array)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(zip.manifest).toMatchObject({
      format: 'pruefbuch-inspection-file/1',
      exportedBy: { id: user.id, email: user.email },
      tenant: { id: tenant.id },
      scope: { kind: 'branch', id: location.id, label: 'ZNL Rhein-Main · Nr. 4101 Frankfurt am Main' },
      books: [{ id: book.id, title: 'Schiebetür Haupteingang', records: 2, chainHead: null }],
    });
    expect(zip.text).toContain('Exportiert von:');
    // German names are flagged UTF-8 (general purpose bit 11), so every unzip tool shows 'ü' as 'ü'.
    const flags = utf8Flags(res.rawPayload);
    expect(flags.length).toBeGreaterThan(0);
    for (const f of flags) expect(f & 0x800).toBe(0x800);
  });

  it("the book's own file: the same parts for one book, from the book page", async () => {
    const { tenant, book } = await branchWithBook();
    const { token } = await memberOf(t, tenant.id);
    // Its record chain (decision 057) has a head: the manifest names it.
    const head = { seq: 2, hash: 'a'.repeat(64) };
    await db.insert(recordChainHeads).values({ tenantId: tenant.id, bookId: book.id, ...head });
    const res = await t.api({ method: 'GET', url: `/books/${book.id}/exportFile`, token, tenant: tenant.id });
    expect(res.statusCode).toBe(200);
    const zip = readZip(res.rawPayload);
    expectManifestMatches(zip);
    expect(zip.manifest.scope).toMatchObject({ kind: 'book', label: 'Schiebetür Haupteingang' });
    expect(zip.manifest.books[0]?.chainHead).toEqual(head);
    expect(zip.text).toContain(`Kettenkopf: #2 ${head.hash}`);
    expect(zip.manifest.files).toHaveLength(4);
  });
});

describe('branch scope (decision 019) and tenants', () => {
  it("gives a control user only their customer's branch and the books they may see; anything else is a 404", async () => {
    const { tenant, book, location } = await branchWithBook();
    // A book of the branch outside its visibility window, and a branch of another customer.
    const [hidden] = await db
      .insert(books)
      .values({ tenantId: tenant.id, title: 'Abgebaute Tür', visibleTo: '2020-01-01' })
      .returning();
    await linkBooks(db, location.id, [hidden?.id ?? '']);
    const other = await insertLocation(db, tenant.id, { customer: 0, znl: 'Fremd' });
    const [otherBook] = await db.insert(books).values({ tenantId: tenant.id, title: 'Fremde Tür' }).returning();
    await linkBooks(db, other.id, [otherBook?.id ?? '']);

    const control = await t.createUser({
      role: Role.ROLE_FILIALE,
      customerRole: CustomerRole.ROLE_CONTROL,
      customer: 1,
      tenantIds: [tenant.id],
    });
    const { token } = await t.login(control.email);
    const get = (url: string, tenantId = tenant.id) => t.api({ method: 'GET', url, token, tenant: tenantId });

    const res = await get(`/customerlocation/${location.id}/exportFile`);
    expect(res.statusCode).toBe(200);
    const zip = readZip(res.rawPayload);
    expectManifestMatches(zip);
    expect(zip.manifest.books.map((b) => b.id)).toEqual([book.id]);

    const own = await get(`/books/${book.id}/exportFile`);
    expect(own.statusCode, own.body).toBe(200);
    expect((await get(`/customerlocation/${other.id}/exportFile`)).statusCode).toBe(404);
    expect((await get(`/books/${otherBook?.id}/exportFile`)).statusCode).toBe(404);
    expect((await get(`/books/${hidden?.id}/exportFile`)).statusCode).toBe(404);
    expect((await get('/exports/customer/2')).statusCode).toBe(404);
    const customer = await get('/exports/customer/1');
    expect(customer.statusCode).toBe(200);
    expect(readZip(customer.rawPayload).manifest.books.map((b) => b.id)).toEqual([book.id]);

    // Another tenant's branch, asked for in the own tenant: unknown.
    const foreign = await branchWithBook();
    expect((await get(`/customerlocation/${foreign.location.id}/exportFile`)).statusCode).toBe(404);
    expect((await get(`/books/${foreign.book.id}/exportFile`)).statusCode).toBe(404);
    const { token: staff } = await memberOf(t, tenant.id, Role.PROJECT_ROLE);
    const staffRes = await t.api({
      method: 'POST',
      url: `/customerlocation/${foreign.location.id}/exportFile`,
      token: staff,
      tenant: tenant.id,
    });
    expect(staffRes.statusCode).toBe(404);
  });

  it('refuses the branch file to a branch user who is not control', async () => {
    const { tenant, location } = await branchWithBook();
    const manager = await t.createUser({
      role: Role.ROLE_FILIALE,
      customerRole: CustomerRole.ROLE_REGIONAL_MANAGER,
      customer: 1,
      tenantIds: [tenant.id],
    });
    await assignLocations(db, manager.id, [location.id]);
    const { token } = await t.login(manager.email);
    const res = await t.api({
      method: 'GET',
      url: `/customerlocation/${location.id}/exportFile`,
      token,
      tenant: tenant.id,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a large file, built in the background', () => {
  it('queues a job, builds it into the file store, shows its progress and link, mails the link and lets it expire', async () => {
    const { tenant, location } = await branchWithBook(11);
    const { user, token } = await memberOf(t, tenant.id, Role.ADMIN_ROLE);
    const url = `/customerlocation/${location.id}/exportFile`;
    const start = await t.api({ method: 'POST', url, token, tenant: tenant.id });
    expect(start.statusCode).toBe(202);
    const { job } = start.json<ExportStartReply>();
    expect(job).toMatchObject({ status: 'queued', booksTotal: 12, downloadPath: null });
    // A second click is the same job; the direct download is refused.
    expect((await t.api({ method: 'POST', url, token, tenant: tenant.id })).json<ExportStartReply>().job?._id).toBe(
      job?._id,
    );
    expect((await t.api({ method: 'GET', url, token, tenant: tenant.id })).statusCode).toBe(409);

    expect(await runDueExports(db, t.app.deps, quiet)).toBe(1);
    const status = await t.api({ method: 'GET', url: `/exports/jobs/${job?._id}`, token, tenant: tenant.id });
    const done = status.json<ExportJob>();
    expect(done).toMatchObject({ status: 'done', booksDone: 12, booksTotal: 12 });
    expect(done.downloadPath).toMatch(/^exports\/download\//);

    // The link works without signing in, and only with its key.
    const file = await t.api({ method: 'GET', url: `/${done.downloadPath}` });
    expect(file.statusCode).toBe(200);
    expect(Number(file.headers['content-length'])).toBe(done.size);
    const zip = readZip(file.rawPayload);
    expectManifestMatches(zip);
    expect(zip.manifest.books).toHaveLength(12);
    expect((await t.api({ method: 'GET', url: `/exports/download/${job?._id}/falsch` })).statusCode).toBe(404);

    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mail?.subject).toContain('Prüfakte');
    expect(t.app.deps.secrets.open(mail?.text ?? '')).toContain(`${PUBLIC_URL}/api/v1/${done.downloadPath}`);
    // The link's end as SPEC §9 writes a moment: DD.MM.YYYY HH:mm, Berlin time.
    expect(t.app.deps.secrets.open(mail?.text ?? '')).toMatch(/bis \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} gültig/);
    expect(t.app.deps.secrets.open(mail?.text ?? '')).toMatch(/, \d+,\d MB\)/);

    // Somebody else does not see the job.
    const { token: other } = await memberOf(t, tenant.id, Role.ADMIN_ROLE);
    expect(
      (await t.api({ method: 'GET', url: `/exports/jobs/${job?._id}`, token: other, tenant: tenant.id })).statusCode,
    ).toBe(404);

    // After its days the link is dead and the ZIP is marked for removal.
    const [row] = await db
      .select()
      .from(exportJobs)
      .where(eq(exportJobs.id, job?._id ?? ''));
    expect(await expireExports(db, 24, new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await t.api({ method: 'GET', url: `/${done.downloadPath}` })).statusCode).toBe(404);
    const marks = await db
      .select()
      .from(fileRemovals)
      .where(eq(fileRemovals.sha256, row?.sha256 ?? ''));
    expect(marks).toHaveLength(1);
    const expired = await t.api({ method: 'GET', url: `/exports/jobs/${job?._id}`, token, tenant: tenant.id });
    expect(expired.json<ExportJob>()).toMatchObject({ status: 'expired', downloadPath: null });
  }, 60_000);

  it('never gives one job to two processes; a job whose process died is taken up again, then failed', async () => {
    const { tenant, location } = await branchWithBook();
    const { user } = await memberOf(t, tenant.id, Role.ADMIN_ROLE);
    const [queued] = await db
      .insert(exportJobs)
      .values({ tenantId: tenant.id, requestedBy: user.id, scope: 'branch', target: location.id, label: 'x' })
      .returning();
    const now = new Date();
    const first = await claimExport(db, now);
    expect(first?.id).toBe(queued?.id);
    // Another process finds nothing while the claim holds.
    expect(await claimExport(db, now)).toBeNull();
    // Its process dies: once the lease ran out, another takes it up, and the first may no longer write.
    const later = new Date(now.getTime() + 3 * 60_000);
    const second = await claimExport(db, later);
    expect(second).toMatchObject({ id: queued?.id, attempts: 2 });
    await expect(recordProgress(db, first as NonNullable<typeof first>, 1, 1)).rejects.toThrow(/another process/);
    // Beyond the last attempt the job is failed, not half-done.
    await db
      .update(exportJobs)
      .set({ attempts: EXPORT_MAX_ATTEMPTS, leaseUntil: new Date(0) })
      .where(and(eq(exportJobs.tenantId, tenant.id), eq(exportJobs.id, queued?.id ?? '')));
    await runDueExports(db, t.app.deps, quiet);
    const [failed] = await db
      .select()
      .from(exportJobs)
      .where(eq(exportJobs.id, queued?.id ?? ''));
    expect(failed).toMatchObject({ status: 'failed', sha256: null });
  });

  it('keeps a user to three files on their way at once', async () => {
    const { tenant } = await branchWithBook();
    const { token } = await memberOf(t, tenant.id, Role.ADMIN_ROLE);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const loc = await insertLocation(db, tenant.id, { customer: 1 });
      const ids: string[] = [];
      for (let b = 0; b < 11; b++) {
        const [row] = await db
          .insert(books)
          .values({ tenantId: tenant.id, title: `Tür ${b}` })
          .returning();
        if (row) ids.push(row.id);
      }
      await linkBooks(db, loc.id, ids);
      const res = await t.api({
        method: 'POST',
        url: `/customerlocation/${loc.id}/exportFile`,
        token,
        tenant: tenant.id,
      });
      codes.push(res.statusCode);
      if (res.statusCode === 409) expect(res.json<{ code: string }>().code).toBe('EXPORT_BUSY');
    }
    expect(codes).toEqual([202, 202, 202, 409]);
  });
});
