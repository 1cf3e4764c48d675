import { translate } from '@pruefbuch/domain/locales/resources';
import {
  type ChecklistAudience,
  checklistLabelKey,
  installationOf,
  isNormChecklist,
  type TypeChecklistItem,
} from '@pruefbuch/domain/rules/checklists';
import { SERVICE_INTERVALS } from '@pruefbuch/domain/rules/service-intervals';
import type { BookTypeListQuery, BookTypeUpdate, BookTypeWrite } from '@pruefbuch/domain/schemas/booktype';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookTypes } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { pageReply } from '../../platform/paging';
import { versionedUpdate } from '../../platform/versioned-write';
import { activeBookTypes, bookTypeAuditView, findBookType, listBookTypes, toBookTypeDto } from './booktypes.repo';

/** SPEC §7 Book types: shared by all tenants, read by everyone, managed by admins. */

/**
 * What a change of a book type sets off in the books module, which this module may not import
 * (books read their type; docs/decisions/018). app.ts plugs in books.schedule.ts.
 */
export interface BookTypePorts {
  /** Recomputes the schedule of the type's books that take its intervals, inside `tx`. */
  intervalsChanged(tx: Executor, ctx: RequestContext, bookTypeId: string): Promise<void>;
}

const audit = (id: string, action: 'create' | 'update' | 'delete') => ({
  entity: 'booktype' as const,
  entityId: id,
  tenantId: null,
  action,
});

export async function list(ctx: RequestContext, q: BookTypeListQuery) {
  const { rows, total } = await listBookTypes(ctx.db, q);
  return pageReply(rows.map(toBookTypeDto), total, q);
}

export async function get(ctx: RequestContext, id: string) {
  const row = await findBookType(ctx.db, id);
  if (!row) throw notFound();
  return toBookTypeDto(row);
}

export const active = async (ctx: RequestContext) => (await activeBookTypes(ctx.db)).map(toBookTypeDto);

/** The service intervals (SPEC §3) with labels in the request's language. */
export const serviceIntervals = (ctx: Pick<RequestContext, 'lang'>) =>
  SERVICE_INTERVALS.map((i) => ({
    value: i.value,
    name: i.name,
    label: translate(ctx.lang, i.labelKey),
    days: i.days,
    months: i.months,
  }));

/** A label that is the item's norm text (in German or English) is stored as '' and read in the reader's language. */
const withoutNormTexts = (items: readonly TypeChecklistItem[]): TypeChecklistItem[] =>
  items.map(({ item, label }) =>
    (['de', 'en'] as const).some((lang) => translate(lang, checklistLabelKey(item)) === label)
      ? { item, label: '' }
      : { item, label },
  );

type TypeRow = typeof bookTypes.$inferSelect;

/**
 * What a type stores of a list sent (decision 021): left out, the stored one; null, null (the type
 * follows the norm lists); the norm list of the type's installation before or after the write (a
 * form sending back the list it read while the standard changes), null too; else the list itself.
 */
function storedChecklist(
  sent: readonly TypeChecklistItem[] | null | undefined,
  current: TypeRow | null,
  after: { type: string; component: string },
  audience: ChecklistAudience,
): TypeChecklistItem[] | null {
  const stored = (audience === 'operator' ? current?.selfChecklist : current?.checklist) ?? null;
  if (sent === undefined) return stored;
  if (sent === null) return null;
  const items = withoutNormTexts(sent);
  const norm = [after, ...(current && !stored ? [current] : [])];
  return norm.some((type) => isNormChecklist(items, installationOf(type), audience)) ? null : items;
}

/** The columns of a write: its fields, the checklists as stored. */
function columnsOf(input: BookTypeWrite, current: TypeRow | null) {
  const { checklist, selfChecklist, qualification, ...fields } = input;
  return {
    ...fields,
    // Left out: as stored (decision 055).
    qualification: qualification === undefined ? (current?.qualification ?? null) : qualification,
    checklist: storedChecklist(checklist, current, fields, 'specialist'),
    selfChecklist: storedChecklist(selfChecklist, current, fields, 'operator'),
  };
}

export function create(ctx: RequestContext, input: BookTypeWrite) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(bookTypes).values(columnsOf(input, null)).returning();
    if (!row) throw new Error('book type insert returned nothing');
    const dto = toBookTypeDto(row);
    await recordChanges(tx, ctx, audit(row.id, 'create'), null, bookTypeAuditView(dto));
    return dto;
  });
}

export function update(ctx: RequestContext, id: string, input: BookTypeUpdate, ports: BookTypePorts) {
  return ctx.db.transaction(async (tx) => {
    const { __v, ...fields } = input;
    const { current, row } = await versionedUpdate(tx, bookTypes, {
      tenantId: null,
      id,
      __v,
      set: (current) => columnsOf(fields, current),
      audit: {
        ctx,
        entity: 'booktype',
        before: (current) => bookTypeAuditView(toBookTypeDto(current)),
        after: (row) => bookTypeAuditView(toBookTypeDto(row)),
      },
    });
    const dto = toBookTypeDto(row);
    // The type's intervals apply to its books without intervals of their own.
    if (row.serviceinterval !== current.serviceinterval || row.selfserviceinterval !== current.selfserviceinterval) {
      await ports.intervalsChanged(tx, ctx, id);
    }
    return dto;
  });
}

/** Books of a deleted type keep their data; their bookType becomes null (foreign key). */
export function remove(ctx: RequestContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(bookTypes).where(eq(bookTypes.id, id)).returning();
    if (!row) throw notFound();
    await recordChanges(tx, ctx, audit(id, 'delete'), bookTypeAuditView(toBookTypeDto(row)), null);
  });
}
