/** Form values and schemas of the book type screen, with its two checklists (decision 021). */
import {
  type ChecklistAudience,
  checklistLabelKey,
  type Installation,
  normChecklist,
  type TypeChecklistItem,
} from '@pruefbuch/domain/rules/checklists';
import {
  type BookType,
  type BookTypeWrite,
  bookTypeUpdateSchema,
  bookTypeWriteSchema,
  typeChecklistItemSchema,
} from '@pruefbuch/domain/schemas/booktype';
import { z } from 'zod';

/** Gives an item's norm text in the user's language (i18next's t), or the key when it has none. */
export type NormText = (key: string) => string;

/** An item while editing: its text as shown, the norm text of a norm item included. */
export interface ChecklistRow {
  item: string;
  label: string;
}

/** The intervals are plain numbers while editing; the schema checks them against the interval list. */
export type BookTypeValues = Omit<
  BookTypeWrite,
  'serviceinterval' | 'selfserviceinterval' | 'checklist' | 'selfChecklist'
> & {
  serviceinterval: number;
  selfserviceinterval: number;
  checklist: ChecklistRow[];
  selfChecklist: ChecklistRow[];
  __v: number;
};

/** A type's list as the form shows it: every item with its text, a norm item's in the user's language. */
export const rowsOf = (items: readonly TypeChecklistItem[], normText: NormText): ChecklistRow[] =>
  items.map((e) => ({ item: e.item, label: e.label || normText(checklistLabelKey(e.item)) }));

/** The norm list of an installation as rows. */
export const normRowsOf = (installation: Installation, audience: ChecklistAudience, normText: NormText) =>
  rowsOf(normChecklist(installation, audience), normText);

/** Whether rows are the norm list of the installation (items in order, texts unchanged). */
export const isNormRows = (
  rows: readonly ChecklistRow[],
  installation: Installation,
  audience: ChecklistAudience,
  normText: NormText,
) => {
  const norm = normRowsOf(installation, audience, normText);
  return rows.length === norm.length && rows.every((r, i) => r.item === norm[i]?.item && r.label === norm[i]?.label);
};

export const emptyBookTypeValues = (normText: NormText): BookTypeValues => ({
  type: '',
  component: '',
  icon: '',
  color: '',
  serviceinterval: 12,
  selfserviceinterval: 0,
  active: true,
  qualification: null,
  checklist: normRowsOf('general', 'specialist', normText),
  selfChecklist: normRowsOf('general', 'operator', normText),
  __v: 0,
});

/**
 * The lists after the type's installation changed (its name or standard was typed): a list that was the norm
 * list of the old installation becomes the new one's; a list of the admin's own stays.
 */
export function followNorm(
  values: Pick<BookTypeValues, 'checklist' | 'selfChecklist'>,
  from: Installation,
  to: Installation,
  normText: NormText,
): Pick<BookTypeValues, 'checklist' | 'selfChecklist'> {
  const follow = (rows: ChecklistRow[], audience: ChecklistAudience) =>
    isNormRows(rows, from, audience, normText) ? normRowsOf(to, audience, normText) : rows;
  return { checklist: follow(values.checklist, 'specialist'), selfChecklist: follow(values.selfChecklist, 'operator') };
}

export const bookTypeToValues = (bookType: BookType, normText: NormText): BookTypeValues => ({
  type: bookType.type,
  component: bookType.component,
  icon: bookType.icon,
  color: bookType.color,
  serviceinterval: bookType.serviceinterval,
  selfserviceinterval: bookType.selfserviceinterval,
  active: bookType.active,
  qualification: bookType.qualification,
  checklist: rowsOf(bookType.checklist, normText),
  selfChecklist: rowsOf(bookType.selfChecklist, normText),
  __v: bookType.__v,
});

/** While editing every item needs a text (a norm item's is filled in); each item once. */
const rowsSchema = z
  .array(
    typeChecklistItemSchema.extend({
      label: z
        .string({ error: 'validation.required' })
        .trim()
        .min(1, { error: 'validation.required' })
        .max(300, { error: 'validation.max' }),
    }),
  )
  .superRefine((rows, ctx) => {
    // The message stands at the text field the user sees (the item key is never shown).
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      const text = r.label.trim().toLowerCase();
      if (text && seen.has(text)) ctx.addIssue({ code: 'custom', path: [i, 'label'], message: 'validation.duplicate' });
      seen.add(text);
    });
  });

export const BOOKTYPE_FORM_SCHEMAS = {
  create: bookTypeWriteSchema.extend({ checklist: rowsSchema, selfChecklist: rowsSchema }),
  edit: bookTypeUpdateSchema.extend({ checklist: rowsSchema, selfChecklist: rowsSchema }),
} as const;

/** The rows as the API takes them: a norm item whose text is its norm text sends none (it stays translatable). */
const itemsOf = (rows: readonly ChecklistRow[], normText: NormText): TypeChecklistItem[] =>
  rows.map((r) => ({
    item: r.item,
    label: r.label.trim() === normText(checklistLabelKey(r.item)) ? '' : r.label.trim(),
  }));

/** POST / PUT booktype: the form's values in the domain's shape. */
export function toBookTypeWrite(values: BookTypeValues, normText: NormText) {
  const { __v, ...fields } = bookTypeUpdateSchema.parse({
    ...values,
    checklist: itemsOf(values.checklist, normText),
    selfChecklist: itemsOf(values.selfChecklist, normText),
  });
  return { fields, __v };
}
