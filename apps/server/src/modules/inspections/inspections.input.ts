/** What a record's write turns into before it is stored: labelled checklist, defect ids, stamped signatures. */
import { randomUUID } from 'node:crypto';
import { translate } from '@pruefbuch/domain/locales/resources';
import { checklistLabelKey, type TypeChecklistItem } from '@pruefbuch/domain/rules/checklists';
import { germanLabelOf } from '@pruefbuch/domain/rules/self-inspection';
import type { ChecklistEntry, Defect, OperatorAcknowledgement, Signature } from '@pruefbuch/domain/schemas/inspection';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blobs } from '../../db/schema/index';
import { badField } from '../../platform/errors';

/** Blobs of this type hold the photos of defects (POST blobs with type=defect-photo and book). */
export const DEFECT_PHOTO_TYPE = 'defect-photo';

/** The German label of a checklist item, or null for an item no checklist knows. */
export function checklistLabel(item: string): string | null {
  const key = checklistLabelKey(item);
  const label = translate('de', key);
  return label === key ? null : label;
}

/** A list of a book type (rules/checklists.ts typeChecklistFor), every item still open, with its German text. */
export const blankChecklist = (items: readonly TypeChecklistItem[]): ChecklistEntry[] =>
  items.map((e) => ({ item: e.item, label: germanLabelOf(e), result: null, note: '' }));

/** The texts a record knows for its items, by item: its own entries' and its book type's. */
export type KnownLabels = ReadonlyMap<string, string>;

export const knownLabels = (...lists: readonly (readonly { item: string; label: string }[])[]): KnownLabels => {
  const known = new Map<string, string>();
  // The first list that names an item wins: the record's own texts before the type's.
  for (const list of lists) for (const e of list) if (!known.has(e.item) && e.label) known.set(e.item, e.label);
  return known;
};

/**
 * Labels a checklist as the record will keep it (decision 021): an item the record or its book
 * type knows keeps that text (the record shows what was asked when it was made), another norm item
 * gets its German norm text, and an item of the inspector's own must bring a label. An item may
 * appear once.
 */
export function labelChecklist(entries: readonly ChecklistEntry[], known: KnownLabels): ChecklistEntry[] {
  const seen = new Set<string>();
  return entries.map((e, i) => {
    if (seen.has(e.item)) throw badField(`checklist.${i}.item`, 'validation.invalid');
    seen.add(e.item);
    const label = known.get(e.item) ?? checklistLabel(e.item) ?? e.label;
    if (!label) throw badField(`checklist.${i}.label`, 'validation.required');
    return { item: e.item, label, result: e.result, note: e.note };
  });
}

/**
 * A defect linked to a checklist item (the item a technician marked 'Mangel') must name an item
 * of the record's own checklist; a defect of the installation as a whole names none.
 */
export function checkDefectItems(checklist: readonly Pick<ChecklistEntry, 'item'>[], defects: readonly Defect[]) {
  const items = new Set(checklist.map((c) => c.item));
  const bad = defects.findIndex((d) => d.item !== null && !items.has(d.item));
  if (bad >= 0) throw badField(`defects.${bad}.item`, 'validation.invalid');
}

/** Every defect keeps its _id; a new one gets one. */
export const withDefectIds = (defects: readonly Defect[]): (Defect & { _id: string })[] =>
  defects.map((d) => ({ ...d, _id: d._id || randomUUID() }));

/**
 * The photos of the defects must be uploads of the tenant, attached to the book or to none;
 * checked in one query over all of them.
 */
export async function checkPhotos(db: Executor, tenantId: string, bookId: string, defects: readonly Defect[]) {
  const ids = [...new Set(defects.flatMap((d) => d.photos))];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: blobs.id })
    .from(blobs)
    .where(
      and(eq(blobs.tenantId, tenantId), inArray(blobs.id, ids), or(eq(blobs.bookId, bookId), isNull(blobs.bookId))),
    );
  const known = new Set(rows.map((r) => r.id));
  const bad = defects.findIndex((d) => d.photos.some((p) => !known.has(p)));
  if (bad >= 0) throw badField(`defects.${bad}.photos`, 'validation.invalid');
}

/** A signature without a time gets the time it reached the server. */
export function stamped<S extends Signature | OperatorAcknowledgement>(s: S | null | undefined, now: Date) {
  if (!s) return null;
  return { ...s, signedAt: s.signedAt || now.toISOString() };
}
