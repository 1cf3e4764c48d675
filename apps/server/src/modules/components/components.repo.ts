import type { Component, ComponentKind, ComponentListQuery } from '@pruefbuch/domain/schemas/component';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { doorComponents } from '../../db/schema/index';
import { offsetOf, orderBy, type SortField, searchAny } from '../../platform/paging';

/** The catalogue is shared by all tenants: these queries take no tenant. */
export type ComponentRow = typeof doorComponents.$inferSelect;

export const toComponentDto = (r: ComponentRow): Component => ({
  _id: r.id,
  code: r.code,
  kind: r.kind as Component['kind'],
  doorType: r.doorType as Component['doorType'],
  text: r.text,
  active: r.active,
  __v: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function findComponent(db: Executor, id: string, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(doorComponents).where(eq(doorComponents.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function findByCode(db: Executor, code: string) {
  const [row] = await db.select().from(doorComponents).where(eq(doorComponents.code, code)).limit(1);
  return row ?? null;
}

const SORTS: Record<string, SortField> = {
  code: { keys: [doorComponents.code] },
  kind: { keys: [doorComponents.kind], thenBy: [doorComponents.code] },
  text: { keys: [doorComponents.text], thenBy: [doorComponents.code] },
};

export async function listComponents(db: Executor, q: ComponentListQuery) {
  const conds: (SQL | undefined)[] = [
    searchAny(q.search, [doorComponents.code, doorComponents.text]),
    q.kind ? eq(doorComponents.kind, q.kind) : undefined,
    q.doorType ? or(eq(doorComponents.doorType, q.doorType), eq(doorComponents.doorType, 'both')) : undefined,
    q.active === undefined ? undefined : eq(doorComponents.active, q.active),
  ];
  const where = and(...conds.filter((c): c is SQL => !!c));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(doorComponents)
      .where(where)
      .orderBy(...orderBy(q.sort, SORTS, 'code', [doorComponents.id]))
      .limit(q.size)
      .offset(offsetOf(q)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(doorComponents)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * The texts of the given codes, active or not (an old order keeps its texts when a code is
 * retired); a code the catalogue does not know is missing from the map.
 */
export async function componentTexts(db: Executor, codes: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ code: doorComponents.code, text: doorComponents.text })
    .from(doorComponents)
    .where(inArray(doorComponents.code, wanted));
  return new Map(rows.map((r) => [r.code, r.text]));
}

/** The catalogue group of the given codes, active or not; a code the catalogue does not know is missing from the map. */
export async function componentKinds(db: Executor, codes: readonly string[]): Promise<Map<string, ComponentKind>> {
  const wanted = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ code: doorComponents.code, kind: doorComponents.kind })
    .from(doorComponents)
    .where(inArray(doorComponents.code, wanted));
  return new Map(rows.map((r) => [r.code, r.kind as ComponentKind]));
}
