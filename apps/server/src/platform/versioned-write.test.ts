import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database';
import { insertFolder, insertTenant, insertUser } from '../../test/factories';
import type { Db } from '../db/client';
import { auditLogs, folders, tenants } from '../db/schema/index';
import { AppError } from './errors';
import { rowWhere, versionedUpdate } from './versioned-write';

let db: Db;
let tenantId: string;
let otherTenantId: string;
let ctx: { user: { id: string; abbreviation: string } };

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  tenantId = (await insertTenant(db)).id;
  otherTenantId = (await insertTenant(db)).id;
  const user = await insertUser(db, { tenantIds: [tenantId] });
  ctx = { user: { id: user.id, abbreviation: user.abbreviation } };
});

const rename = (tid: string, id: string, __v: number | undefined, folderName: string) =>
  db.transaction((tx) =>
    versionedUpdate(tx, folders, {
      tenantId: tid,
      id,
      __v,
      set: () => ({ folderName }),
      audit: { ctx, entity: 'folder', before: (c) => c, after: (r) => r },
    }),
  );

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof AppError ? `${e.statusCode} ${e.code}` : String(e)),
  );

describe('versionedUpdate', () => {
  it('writes the values with the version counted up and records the protocol', async () => {
    const folder = await insertFolder(db, tenantId, { folderName: 'Alt' });
    const { current, row } = await rename(tenantId, folder.id, folder.version, 'Neu');
    expect(current.version).toBe(folder.version);
    expect(row.version).toBe(folder.version + 1);
    expect(row.folderName).toBe('Neu');
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(folder.updatedAt.getTime());
    const protocol = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'folder'), eq(auditLogs.entityId, folder.id)));
    expect(protocol.map((p) => [p.field, p.oldValue, p.newValue, p.tenantId, p.editorId])).toEqual([
      ['folderName', 'Alt', 'Neu', tenantId, ctx.user.id],
    ]);
  });

  it('refuses a stale or missing __v with 409 CONFLICT and writes nothing', async () => {
    const folder = await insertFolder(db, tenantId, { folderName: 'Bleibt' });
    expect(await codeOf(rename(tenantId, folder.id, folder.version + 1, 'X'))).toBe('409 CONFLICT');
    expect(await codeOf(rename(tenantId, folder.id, undefined, 'X'))).toBe('409 CONFLICT');
    const [stored] = await db.select().from(folders).where(eq(folders.id, folder.id));
    expect(stored?.folderName).toBe('Bleibt');
    expect(stored?.version).toBe(folder.version);
  });

  it("answers another tenant's row and an unknown id with 404, writing nothing", async () => {
    const folder = await insertFolder(db, tenantId, { folderName: 'Meins' });
    expect(await codeOf(rename(otherTenantId, folder.id, folder.version, 'X'))).toBe('404 NOT_FOUND');
    expect(await codeOf(rename(tenantId, crypto.randomUUID(), 0, 'X'))).toBe('404 NOT_FOUND');
    const [stored] = await db.select().from(folders).where(eq(folders.id, folder.id));
    expect(stored?.folderName).toBe('Meins');
  });

  it('checks the version before the use case computes its values', async () => {
    const folder = await insertFolder(db, tenantId);
    let called = false;
    const write = db.transaction((tx) =>
      versionedUpdate(tx, folders, {
        tenantId,
        id: folder.id,
        __v: folder.version + 5,
        set: () => {
          called = true;
          return {};
        },
      }),
    );
    expect(await codeOf(write)).toBe('409 CONFLICT');
    expect(called).toBe(false);
  });

  it('refuses a tenant table without its tenant, and a shared table with one', () => {
    expect(() => rowWhere(folders, null, 'x')).toThrow(/needs the tenant/);
    expect(() => rowWhere(tenants, tenantId, 'x')).toThrow(/no tenant/);
  });
});
