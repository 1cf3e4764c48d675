/**
 * The door data of a book (the book.misc keys of rules/door-book.ts) as labelled fields of the book editor,
 * not as key/value rows: the door type as a choice, the escape-route flag as yes/no, the components as a list.
 * A key whose stored value does not have the field's type stays a free row, so nothing is lost.
 */

export type DoorDataKind = 'doorType' | 'text' | 'longText' | 'flag' | 'list';

/** The door data fields in the order the editor shows them; labels are books.miscFields.<key>. */
export const DOOR_DATA_FIELDS = [
  { key: 'tuerart', kind: 'doorType' },
  { key: 'fluegel', kind: 'text' },
  { key: 'fluchtweg', kind: 'flag' },
  { key: 'baujahr', kind: 'text' },
  { key: 'antrieb', kind: 'text' },
  { key: 'stromart', kind: 'text' },
  { key: 'antriebsspannung', kind: 'text' },
  { key: 'steuerspannung', kind: 'text' },
  { key: 'schliesskraft', kind: 'text' },
  { key: 'steuerung', kind: 'text' },
  { key: 'csnr', kind: 'text' },
  { key: 'komponenten', kind: 'list' },
  { key: 'norm', kind: 'longText' },
] as const satisfies readonly { key: string; kind: DoorDataKind }[];

type Field = (typeof DOOR_DATA_FIELDS)[number];
export type DoorDataKey = Field['key'];
type ValueOf<K extends DoorDataKind> = K extends 'flag' ? boolean | null : K extends 'list' ? string[] : string;

/** The door data of the form: '' / null / [] where the book has none. */
export type DoorData = { [F in Field as F['key']]: ValueOf<F['kind']> };

const emptyOf = (kind: DoorDataKind) => (kind === 'flag' ? null : kind === 'list' ? [] : '');

export const emptyDoorData = (): DoorData =>
  Object.fromEntries(DOOR_DATA_FIELDS.map((f) => [f.key, emptyOf(f.kind)])) as unknown as DoorData;

const fits = (kind: DoorDataKind, value: unknown) =>
  kind === 'flag'
    ? typeof value === 'boolean'
    : kind === 'list'
      ? Array.isArray(value) && value.every((v) => typeof v === 'string')
      : typeof value === 'string';

export const isDoorDataKey = (key: string): key is DoorDataKey => DOOR_DATA_FIELDS.some((f) => f.key === key);

/** book.misc → the door data fields and the rest (the free rows). */
export function splitMisc(misc: Record<string, unknown>): { door: DoorData; rest: Record<string, unknown> } {
  const door = emptyDoorData() as Record<string, unknown>;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(misc)) {
    const field = DOOR_DATA_FIELDS.find((f) => f.key === key);
    if (field && fits(field.kind, value)) door[key] = Array.isArray(value) ? [...value] : value;
    else rest[key] = value;
  }
  return { door: door as DoorData, rest };
}

/** Whether a door field holds something to save. */
export const hasDoorValue = (door: DoorData, key: DoorDataKey) => {
  const value = door[key];
  if (value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some((v) => v.trim() !== '');
  return true;
};

/** The door data fields back to book.misc entries: trimmed; empty fields are left out. */
export function doorDataToMisc(door: DoorData): Record<string, unknown> {
  const misc: Record<string, unknown> = {};
  for (const { key } of DOOR_DATA_FIELDS) {
    if (!hasDoorValue(door, key)) continue;
    const value = door[key];
    misc[key] =
      typeof value === 'string'
        ? value.trim()
        : Array.isArray(value)
          ? value.map((v) => v.trim()).filter(Boolean)
          : value;
  }
  return misc;
}
