import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Role } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { removeFilesAfterGrace } from '../../../test/file-removals';
import { blobRow, fileOnDisk, samples, sha256Of, twoTenants, uploader } from '../../../test/fixtures/documents';
import { createTestApp } from '../../../test/helper';
import { blobs, books, tenants } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { fileShasOfBooks, fileShasOfTenants, lockFileRefs } from '../../platform/files';
import { removeDueFiles, scheduleFileRemovals } from '../../platform/files-removals';
import { createBlob } from './documents.service';

const t = await createTestApp();
const upload = uploader(t);
const db = t.database.db;
const tmpFiles = () => {
  const dir = path.join(t.config.dataDir, 'files', 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('content-addressed files', () => {
  it('stores the same content once; deleting one blob keeps the bytes of the other', async () => {
    const { a, b, bookA, tokenA, tokenB } = await twoTenants(t);
    const content = samples.pdf();
    const first = await upload({
      url: `/books/${bookA.id}/document`,
      token: tokenA,
      tenant: a.id,
      file: { name: 'eins.pdf', content },
    });
    const second = await upload({ url: '/blobs', token: tokenB, tenant: b.id, file: { name: 'zwei.pdf', content } });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    const firstId = first.json().blob._id;
    const secondId = second.json()._id;
    expect((await blobRow(t, firstId))?.sha256).toBe((await blobRow(t, secondId))?.sha256);
    const file = fileOnDisk(t, sha256Of(content));
    expect(readdirSync(path.dirname(file))).toEqual([path.basename(file)]);

    const del = await t.api({ method: 'DELETE', url: `/blobs/${firstId}`, token: tokenA, tenant: a.id });
    expect(del.statusCode).toBe(204);
    expect(await blobRow(t, firstId)).toBeNull();
    expect(readFileSync(file)).toEqual(content);
    const still = await t.api({ method: 'GET', url: `/blobs/${secondId}/document`, token: tokenB, tenant: b.id });
    expect(still.statusCode).toBe(200);
    expect(still.rawPayload).toEqual(content);

    const last = await t.api({ method: 'DELETE', url: `/blobs/${secondId}`, token: tokenB, tenant: b.id });
    expect(last.statusCode).toBe(204);
    // Kept for the grace period (a backup in flight may still read it), then removed.
    expect(existsSync(file)).toBe(true);
    await removeFilesAfterGrace(t);
    expect(existsSync(file)).toBe(false);
    expect(tmpFiles()).toEqual([]);
  });

  it('removes the file when the last book document referencing it is deleted', async () => {
    const { a, bookA, tokenA } = await twoTenants(t);
    const content = samples.pdf();
    const res = await upload({
      url: `/books/${bookA.id}/document`,
      token: tokenA,
      tenant: a.id,
      file: { name: 'a.pdf', content },
    });
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(true);
    const del = await t.api({
      method: 'DELETE',
      url: `/books/${bookA.id}/document/${res.json().blob._id}`,
      token: tokenA,
      tenant: a.id,
    });
    expect(del.statusCode).toBe(200);
    await removeFilesAfterGrace(t);
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(false);
  });

  it('deleting a book leaves no orphan file and keeps bytes another book still uses', async () => {
    const { a, bookA, tokenA } = await twoTenants(t);
    const [otherBook] = await db.insert(books).values({ tenantId: a.id, title: 'Drehtür' }).returning();
    if (!otherBook) throw new Error('no book');
    const own = samples.pdf();
    const shared = samples.pdf();
    for (const [bookId, content] of [
      [bookA.id, own],
      [bookA.id, shared],
      [otherBook.id, shared],
    ] as const) {
      const res = await upload({
        url: `/books/${bookId}/document`,
        token: tokenA,
        tenant: a.id,
        file: { name: 'x.pdf', content },
      });
      expect(res.statusCode).toBe(201);
    }

    // What the books module does on DELETE books/{id}: read the hashes, delete the row, mark the files.
    await db.transaction(async (tx) => {
      const shas = await fileShasOfBooks(tx, [bookA.id]);
      expect(shas.sort()).toEqual([sha256Of(own), sha256Of(shared)].sort());
      await tx.delete(books).where(eq(books.id, bookA.id));
      await scheduleFileRemovals(tx, shas, t.config.fileRemovalGraceHours);
    });
    await removeFilesAfterGrace(t);

    expect(await db.select().from(blobs).where(eq(blobs.bookId, bookA.id))).toEqual([]);
    expect(existsSync(fileOnDisk(t, sha256Of(own)))).toBe(false);
    expect(existsSync(fileOnDisk(t, sha256Of(shared)))).toBe(true);
    const list = await t.api({ method: 'GET', url: `/books/${otherBook.id}/documents`, token: tokenA, tenant: a.id });
    expect(list.json().documents).toHaveLength(1);
  });

  it('deleting a tenant the same way leaves no orphan file', async () => {
    const { a, tokenA } = await twoTenants(t);
    const content = samples.png();
    const res = await upload({ url: '/blobs', token: tokenA, tenant: a.id, file: { name: 'p.png', content } });
    expect(res.statusCode).toBe(201);
    await db.transaction(async (tx) => {
      const shas = await fileShasOfTenants(tx, [a.id]);
      await tx.delete(tenants).where(eq(tenants.id, a.id));
      await scheduleFileRemovals(tx, shas, t.config.fileRemovalGraceHours);
    });
    await removeFilesAfterGrace(t);
    expect(await blobRow(t, res.json()._id)).toBeNull();
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(false);
  });

  it('removes the file again when the row cannot be written', async () => {
    const user = await t.createUser({ role: Role.STANDARD_ROLE });
    const content = Buffer.from(`%PDF-1.4 ${randomUUID()}`);
    const staged = await t.app.deps.files.stage(Readable.from([content]));
    const ctx = {
      db,
      user: { ...user, role: Role.STANDARD_ROLE, sessionId: randomUUID() },
      // No such tenant: the insert fails on the foreign key after the file was committed.
      tenantId: randomUUID(),
      lang: 'de',
      ip: '127.0.0.1',
      deps: t.app.deps,
    } as unknown as TenantContext;
    await expect(
      createBlob(ctx, { fields: {}, file: { staged, contentType: 'application/pdf', fileName: 'x.pdf' } }),
    ).rejects.toThrow();
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(false);
    expect(tmpFiles()).toEqual([]);
  });

  it('keeps the bytes when uploads of the same content race a delete', async () => {
    const { a, tokenA } = await twoTenants(t);
    const content = samples.pdf();
    const first = await upload({ url: '/blobs', token: tokenA, tenant: a.id, file: { name: 'a.pdf', content } });
    const results = await Promise.all([
      t.api({ method: 'DELETE', url: `/blobs/${first.json()._id}`, token: tokenA, tenant: a.id }),
      ...Array.from({ length: 4 }, () =>
        upload({ url: '/blobs', token: tokenA, tenant: a.id, file: { name: 'b.pdf', content } }),
      ),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([204, 201, 201, 201, 201]);
    const rows = await db
      .select()
      .from(blobs)
      .where(eq(blobs.sha256, sha256Of(content)));
    expect(rows).toHaveLength(4);
    await removeFilesAfterGrace(t);
    expect(readFileSync(fileOnDisk(t, sha256Of(content)))).toEqual(content);
    expect(tmpFiles()).toEqual([]);
  });

  it('a due removal that runs while an upload of the same bytes commits waits for it and keeps the file', async () => {
    const tenant = await t.createTenant();
    const content = samples.pdf();
    const files = t.app.deps.files;
    const staged = await files.stage(Readable.from([content]));
    await scheduleFileRemovals(db, [staged.sha256], 0, new Date(Date.now() - 1000));
    let purge: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await lockFileRefs(tx, [staged.sha256]);
      await staged.commit();
      await tx.insert(blobs).values({
        tenantId: tenant.id,
        sha256: staged.sha256,
        size: staged.size,
        contentType: 'application/pdf',
        fileName: 'x.pdf',
      });
      // The removal job checks for references now, before this commit.
      purge = removeDueFiles(db, files);
      await new Promise((r) => setTimeout(r, 200));
    });
    await purge;
    expect(readFileSync(fileOnDisk(t, sha256Of(content))).equals(content)).toBe(true);
  });
});
