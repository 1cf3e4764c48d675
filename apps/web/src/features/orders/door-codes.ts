/**
 * The pick lists of the door configuration's codes (decision 052): per field the active catalogue codes of its
 * groups (rules/door-codes.ts) that fit the door type, searched in code and text; the codes the order already
 * has stay pickable, known or not; a catalogue keeper may take a typed code that is not in the catalogue, which
 * the order then lists as confirmed (`tuer.bestaetigt`).
 */
import { DOOR_CODE_FIELDS, type DoorCodeField } from '@pruefbuch/domain/rules/door-codes';
import type { Component, ComponentKind } from '@pruefbuch/domain/schemas/component';
import type { DoorConfig } from '@pruefbuch/domain/schemas/order';

/** One code to pick: `take` is the typed code a catalogue keeper may take without a catalogue entry. */
export interface DoorCodeOption {
  value: string;
  label: string;
  kind: ComponentKind | null;
  take?: boolean;
}

const fitsDoor = (c: Component, tuertyp: DoorConfig['tuertyp']) =>
  !tuertyp || c.doorType === 'both' || c.doorType === tuertyp;

/** The codes a field offers, in catalogue order, then the field's current codes the list lacks. */
export function doorCodeOptions(
  catalogue: readonly Component[],
  kinds: readonly ComponentKind[],
  tuertyp: DoorConfig['tuertyp'],
  current: readonly string[],
): DoorCodeOption[] {
  const offered = catalogue.filter((c) => c.active && kinds.includes(c.kind) && fitsDoor(c, tuertyp));
  const options: DoorCodeOption[] = offered.map((c) => ({ value: c.code, label: c.code, kind: c.kind }));
  const byCode = new Map(catalogue.map((c) => [c.code, c]));
  for (const code of current) {
    if (code && !options.some((o) => o.value === code))
      options.push({ value: code, label: code, kind: byCode.get(code)?.kind ?? null });
  }
  return options;
}

/** The typed code a catalogue keeper may take: trimmed, not empty, not offered already. */
export function takeOption(options: readonly DoorCodeOption[], search: string): DoorCodeOption | null {
  const code = search.trim().slice(0, 40);
  if (!code || options.some((o) => o.value.toLowerCase() === code.toLowerCase())) return null;
  return { value: code, label: code, kind: null, take: true };
}

/** Whether an option matches the search in its code or in its catalogue text (any case). */
export const matchesSearch = (option: DoorCodeOption, search: string, textOf: (code: string) => string | undefined) => {
  const s = search.trim().toLowerCase();
  return !s || option.take === true || `${option.value} ${textOf(option.value) ?? ''}`.toLowerCase().includes(s);
};

/** Every code of the door's code fields. */
const codesOf = (tuer: DoorConfig) =>
  DOOR_CODE_FIELDS.flatMap((f: DoorCodeField) => (f === 'komponenten' ? tuer.komponenten : [tuer[f]])).map((c) =>
    c.trim(),
  );

/**
 * The door after a change of its codes: a code taken without a catalogue entry joins `bestaetigt`, and
 * `bestaetigt` keeps only codes the door still uses (the server narrows it the same way).
 */
export function withConfirmed(tuer: DoorConfig, taken: string | null): DoorConfig {
  const used = new Set(codesOf(tuer));
  const confirmed = [...new Set([...(tuer.bestaetigt ?? []), ...(taken ? [taken] : [])])].filter((c) => used.has(c));
  const { bestaetigt: _, ...rest } = tuer;
  return confirmed.length ? { ...rest, bestaetigt: confirmed } : rest;
}
