/**
 * The door component catalogue (decision 025): read by everyone who edits orders, kept by admins.
 * Shared by all tenants, like the book types. A code is unique (400 at `code` when taken); PUT
 * replaces the whole entry and needs the __v it read (409 when stale).
 */
import type { ComponentListQuery, ComponentUpdate, ComponentWrite } from '@pruefbuch/domain/schemas/component';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { doorComponents } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { badField, notFound } from '../../platform/errors';
import { pageReply } from '../../platform/paging';
import { versionedUpdate } from '../../platform/versioned-write';
import { findByCode, findComponent, listComponents, toComponentDto } from './components.repo';

export async function list(ctx: RequestContext, q: ComponentListQuery) {
  const { rows, total } = await listComponents(ctx.db, q);
  return pageReply(rows.map(toComponentDto), total, q);
}

async function checkCodeFree(db: Executor, code: string, id: string | null) {
  const other = await findByCode(db, code);
  if (other && other.id !== id) throw badField('code', 'validation.duplicate');
}

export function create(ctx: RequestContext, input: ComponentWrite) {
  return ctx.db.transaction(async (tx) => {
    await checkCodeFree(tx, input.code, null);
    const [row] = await tx.insert(doorComponents).values(input).returning();
    if (!row) throw new Error('component insert returned nothing');
    return toComponentDto(row);
  });
}

export function update(ctx: RequestContext, id: string, input: ComponentUpdate) {
  return ctx.db.transaction(async (tx) => {
    const { __v, ...fields } = input;
    const { row } = await versionedUpdate(tx, doorComponents, {
      tenantId: null,
      id,
      __v,
      set: async () => {
        await checkCodeFree(tx, fields.code, id);
        return fields;
      },
    });
    return toComponentDto(row);
  });
}

/** DELETE components/{id}: gone from the catalogue; books made earlier keep the texts they copied. */
export function remove(ctx: RequestContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const current = await findComponent(tx, id, { forUpdate: true });
    if (!current) throw notFound();
    await tx.delete(doorComponents).where(eq(doorComponents.id, id));
  });
}
