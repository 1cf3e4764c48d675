/**
 * The default text of the operator's self-inspection (SPEC §3): the checks the operator makes
 * between two inspections by a qualified person, as the book type's operator list names them
 * (decision 021). A new self-inspection starts with it when no text is sent. German, as the
 * record is a German document.
 */
import { checklists } from '../locales/de/checklists';
import type { TypeChecklistItem } from './checklists';

/** The German norm text of an item, or null for an item no norm list has. */
export function germanItemLabel(item: string): string | null {
  let node: unknown = checklists.items;
  for (const part of item.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : null;
}

/** An item of a type's list as a record keeps it: its own text, else the German norm text, else its key. */
export const germanLabelOf = (e: TypeChecklistItem) => e.label || germanItemLabel(e.item) || e.item;

export const SELF_INSPECTION_HEADING = 'Eigenprüfung durch den Betreiber:';

/** The default text of a self-inspection of a book type: the heading and the operator list's checks. */
export const selfInspectionText = (operatorList: readonly TypeChecklistItem[]) =>
  [SELF_INSPECTION_HEADING, ...operatorList.map((e) => `- ${germanLabelOf(e)}`)].join('\n');
