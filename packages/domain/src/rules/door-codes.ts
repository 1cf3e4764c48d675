/**
 * Which component codes an order's door configuration takes (issue 31 item 6, decision 052): each
 * code field takes codes of its groups of the component catalogue, so the book made from the order
 * gets the catalogue's German texts (rules/door-book.ts). A code outside the catalogue is refused at
 * its field unless a catalogue keeper confirms it; the order then lists it in `tuer.bestaetigt`, the
 * protocol records who did, and the server logs it (SPEC §8).
 *
 * Which field takes which groups:
 *
 * | field            | catalogue groups (component kinds)  |
 * | ---------------- | ----------------------------------- |
 * | tuer.antrieb     | drive                               |
 * | tuer.fluegel     | wings                               |
 * | tuer.stromart    | power                               |
 * | tuer.komponenten | control, sensor, option, ups        |
 *
 * What a code of such a field gets (the first row that fits decides):
 *
 * | the code                                                        | answer                                   |
 * | --------------------------------------------------------------- | ---------------------------------------- |
 * | empty                                                           | kept (no code)                           |
 * | in the catalogue in a group of the field                        | kept (active or retired: it has a text)  |
 * | not in the catalogue, in tuer.bestaetigt, confirmed before      | kept, stays confirmed                    |
 * | not in the catalogue, in tuer.bestaetigt, the user holds the    | kept and newly confirmed: logged and     |
 * |   catalogue right (components:manage)                           |   recorded (tuer.bestaetigt, protocol)   |
 * | the order had it in this field already                          | kept: old orders keep their codes        |
 * | in the catalogue in another group                               | refused at the field: doorCode.kind      |
 * | not in the catalogue                                            | refused at the field: doorCode.unknown   |
 *
 * 'Confirm' means the request lists the code in `tuer.bestaetigt`. A code confirmed earlier stays
 * confirmed for everyone (a later edit of the order by another user does not undo it); the server
 * keeps in `tuer.bestaetigt` only the confirmed codes the door still uses outside the catalogue.
 * The door type narrows the pick list only: a code for the other door type is not refused.
 */
import type { ComponentKind } from '../schemas/component';
import type { DoorConfig } from '../schemas/order';

export type DoorCodeField = 'antrieb' | 'fluegel' | 'stromart' | 'komponenten';

/** The catalogue groups each code field of the door configuration takes (the first table). */
export const DOOR_CODE_GROUPS: Readonly<Record<DoorCodeField, readonly ComponentKind[]>> = {
  antrieb: ['drive'],
  fluegel: ['wings'],
  stromart: ['power'],
  komponenten: ['control', 'sensor', 'option', 'ups'],
};

export const DOOR_CODE_FIELDS = Object.keys(DOOR_CODE_GROUPS) as DoorCodeField[];

/** The i18n keys of a refusal (validation.doorCode.*). */
export type DoorCodeRefusal = 'validation.doorCode.kind' | 'validation.doorCode.unknown';

export interface DoorCodeIssue {
  /** The field as the API names it: 'tuer.antrieb', 'tuer.komponenten.2'. */
  field: string;
  code: string;
  key: DoorCodeRefusal;
}

export interface DoorCodeCheck {
  issues: DoorCodeIssue[];
  /** The confirmed codes outside the catalogue the door keeps, each once, with their field; `isNew` when this write confirms it. */
  confirmed: { field: string; code: string; isNew: boolean }[];
  /** The door configuration to save: `bestaetigt` narrowed to the confirmed codes still in use. */
  tuer: DoorConfig;
}

export interface DoorCodeInput {
  /** The door configuration before the write; null for a new order. */
  before: DoorConfig | null;
  next: DoorConfig;
  /** The catalogue group of a code, undefined when the catalogue does not know it. */
  kindOf: (code: string) => ComponentKind | undefined;
  /** The user holds the catalogue right (components:manage). */
  mayConfirm: boolean;
}

/** The codes of a field, trimmed, with their API paths. */
function codesOf(tuer: DoorConfig, field: DoorCodeField): { path: string; code: string }[] {
  if (field === 'komponenten')
    return tuer.komponenten.map((code, i) => ({ path: `tuer.komponenten.${i}`, code: code.trim() }));
  return [{ path: `tuer.${field}`, code: tuer[field].trim() }];
}

const trimmedSet = (codes: readonly string[]) => new Set(codes.map((c) => c.trim()));

/** The codes of every code field of a door configuration, trimmed, empty ones left out. */
export const doorCodesOf = (tuer: DoorConfig): string[] =>
  DOOR_CODE_FIELDS.flatMap((f) => codesOf(tuer, f).map((c) => c.code)).filter(Boolean);

/** The check of a write of the door configuration; see the second table at the top. */
export function checkDoorCodes({ before, next, kindOf, mayConfirm }: DoorCodeInput): DoorCodeCheck {
  const issues: DoorCodeIssue[] = [];
  const confirmed: DoorCodeCheck['confirmed'] = [];
  const listed = trimmedSet(next.bestaetigt ?? []);
  const confirmedBefore = trimmedSet(before?.bestaetigt ?? []);
  for (const field of DOOR_CODE_FIELDS) {
    const had = before ? trimmedSet(codesOf(before, field).map((c) => c.code)) : new Set<string>();
    for (const { path, code } of codesOf(next, field)) {
      if (!code) continue;
      const kind = kindOf(code);
      if (kind !== undefined && DOOR_CODE_GROUPS[field].includes(kind)) continue;
      const isNew = !confirmedBefore.has(code);
      if (kind === undefined && listed.has(code) && (!isNew || mayConfirm)) {
        if (!confirmed.some((c) => c.code === code)) confirmed.push({ field: `tuer.${field}`, code, isNew });
        continue;
      }
      if (had.has(code)) continue;
      issues.push({
        field: path,
        code,
        key: kind === undefined ? 'validation.doorCode.unknown' : 'validation.doorCode.kind',
      });
    }
  }
  // Without confirmed codes the block is stored as before the field existed.
  const { bestaetigt: _listed, ...rest } = next;
  const tuer: DoorConfig = confirmed.length ? { ...rest, bestaetigt: confirmed.map((c) => c.code) } : rest;
  return { issues, confirmed, tuer };
}
