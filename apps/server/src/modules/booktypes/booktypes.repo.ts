import { installationOf, normChecklist } from '@pruefbuch/domain/rules/checklists';
import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookTypes } from '../../db/schema/index';
import { containsPattern, offsetOf, orderBy, type SortField } from '../../platform/paging';

/** Book types are shared by all tenants: these queries take no tenant. */
export type BookTypeRow = typeof bookTypes.$inferSelect;

export const toBookTypeDto = (r: BookTypeRow): BookType => ({
  _id: r.id,
  type: r.type,
  component: r.component,
  icon: r.icon,
  color: r.color,
  serviceinterval: r.serviceinterval,
  selfserviceinterval: r.selfserviceinterval,
  active: r.active,
  // No list of its own: the norm lists of its kind of installation (decision 021).
  checklist: r.checklist ?? normChecklist(installationOf(r), 'specialist'),
  selfChecklist: r.selfChecklist ?? normChecklist(installationOf(r), 'operator'),
  qualification: r.qualification ?? null,
  __v: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The fields the audit trail compares; a checklist as one line per item ('key' or 'key: own text'). */
export const bookTypeAuditView = (t: BookType) => {
  const { _id, __v, createdAt, updatedAt, checklist, selfChecklist, ...fields } = t;
  const lines = (items: BookType['checklist']) =>
    items.map((e) => (e.label ? `${e.item}: ${e.label}` : e.item)).join('\n');
  return { ...fields, checklist: lines(checklist), selfChecklist: lines(selfChecklist) };
};

export async function findBookType(db: Executor, id: string, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(bookTypes).where(eq(bookTypes.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

const SORTS: Record<string, SortField> = {
  type: { keys: [bookTypes.type] },
  component: { keys: [bookTypes.component], thenBy: [bookTypes.type] },
  createdAt: { keys: [bookTypes.createdAt] },
};

export async function listBookTypes(
  db: Executor,
  q: { page: number; size: number; search?: string; sort: string; active?: boolean },
) {
  const conds: SQL[] = [];
  if (q.search) {
    const like = containsPattern(q.search);
    const c = or(ilike(bookTypes.type, like), ilike(bookTypes.component, like));
    if (c) conds.push(c);
  }
  if (q.active !== undefined) conds.push(eq(bookTypes.active, q.active));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(bookTypes)
      .where(where)
      .orderBy(...orderBy(q.sort, SORTS, 'type', [bookTypes.id]))
      .limit(q.size)
      .offset(offsetOf(q)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bookTypes)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export const activeBookTypes = (db: Executor) =>
  db.select().from(bookTypes).where(eq(bookTypes.active, true)).orderBy(asc(bookTypes.type));
