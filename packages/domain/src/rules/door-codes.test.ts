import { describe, expect, it } from 'vitest';
import type { ComponentKind } from '../schemas/component';
import type { DoorConfig } from '../schemas/order';
import { ORDER_DEFAULTS } from '../schemas/order';
import { checkDoorCodes, DOOR_CODE_GROUPS, doorCodesOf } from './door-codes';

const CATALOGUE: Record<string, ComponentKind> = {
  'SA-2': 'drive',
  SFL2: 'wings',
  'FR-230': 'power',
  'STD-230': 'power',
  'TA-AP': 'control',
  'SE-RADAR': 'sensor',
  'OP-VERR-EM': 'option',
  'USV-24': 'ups',
};
const kindOf = (code: string) => CATALOGUE[code];
const door = (over: Partial<DoorConfig> = {}): DoorConfig => ({ ...ORDER_DEFAULTS.tuer, tuertyp: 'schieber', ...over });
const check = (next: DoorConfig, opts: { before?: DoorConfig | null; mayConfirm?: boolean } = {}) =>
  checkDoorCodes({ before: opts.before ?? null, next, kindOf, mayConfirm: opts.mayConfirm ?? false });

describe('which catalogue groups each door field takes (decision 052)', () => {
  it.each([
    ['antrieb', ['drive']],
    ['fluegel', ['wings']],
    ['stromart', ['power']],
    ['komponenten', ['control', 'sensor', 'option', 'ups']],
  ] as const)('tuer.%s takes %j', (field, kinds) => {
    expect(DOOR_CODE_GROUPS[field]).toEqual(kinds);
  });

  it('a field takes a code of its own group, and refuses one of another group at the field', () => {
    const fits = door({ antrieb: 'SA-2', fluegel: 'SFL2', stromart: 'FR-230', komponenten: ['TA-AP', 'USV-24'] });
    expect(check(fits).issues).toEqual([]);
    const swapped = door({ antrieb: 'SFL2', fluegel: 'SA-2', stromart: 'TA-AP', komponenten: ['SE-RADAR', 'FR-230'] });
    expect(check(swapped).issues).toEqual([
      { field: 'tuer.antrieb', code: 'SFL2', key: 'validation.doorCode.kind' },
      { field: 'tuer.fluegel', code: 'SA-2', key: 'validation.doorCode.kind' },
      { field: 'tuer.stromart', code: 'TA-AP', key: 'validation.doorCode.kind' },
      { field: 'tuer.komponenten.1', code: 'FR-230', key: 'validation.doorCode.kind' },
    ]);
  });
});

describe('what a code of a door field gets (decision 052)', () => {
  it('row 1: an empty code is no code', () => {
    expect(check(door({ antrieb: ' ', komponenten: [''] })).issues).toEqual([]);
  });

  it('row 2: a catalogue code of the field’s group is kept, trimmed for the lookup', () => {
    const result = check(door({ antrieb: ' SA-2 ' }));
    expect(result.issues).toEqual([]);
    expect(result.confirmed).toEqual([]);
  });

  it('row 3: a code confirmed before stays confirmed, whoever saves', () => {
    const before = door({ komponenten: ['XQ-1'], bestaetigt: ['XQ-1'] });
    const next = door({ antrieb: 'XQ-1', komponenten: [], bestaetigt: ['XQ-1'] });
    const result = check(next, { before, mayConfirm: false });
    expect(result.issues).toEqual([]);
    expect(result.confirmed).toEqual([{ field: 'tuer.antrieb', code: 'XQ-1', isNew: false }]);
    expect(result.tuer.bestaetigt).toEqual(['XQ-1']);
  });

  it('row 4: a code outside the catalogue that a catalogue keeper confirms is kept and newly confirmed', () => {
    const result = check(door({ komponenten: ['XQ-1', 'TA-AP'], bestaetigt: ['XQ-1'] }), { mayConfirm: true });
    expect(result.issues).toEqual([]);
    expect(result.confirmed).toEqual([{ field: 'tuer.komponenten', code: 'XQ-1', isNew: true }]);
    expect(result.tuer).toMatchObject({ komponenten: ['XQ-1', 'TA-AP'], bestaetigt: ['XQ-1'] });
  });

  it('row 4: a confirmation by a user without the catalogue right counts for nothing', () => {
    const result = check(door({ antrieb: 'XQ-1', bestaetigt: ['XQ-1'] }), { mayConfirm: false });
    expect(result.issues).toEqual([{ field: 'tuer.antrieb', code: 'XQ-1', key: 'validation.doorCode.unknown' }]);
    expect(result.confirmed).toEqual([]);
  });

  it('row 5: a code the order had in that field already is kept (old orders keep their codes)', () => {
    const before = door({ antrieb: 'ES200', komponenten: ['LS-1'] });
    expect(check(door({ antrieb: 'ES200', komponenten: ['LS-1', 'TA-AP'] }), { before }).issues).toEqual([]);
    // Moved to another field it is a new code there.
    expect(check(door({ antrieb: 'LS-1', komponenten: [] }), { before }).issues).toEqual([
      { field: 'tuer.antrieb', code: 'LS-1', key: 'validation.doorCode.unknown' },
    ]);
  });

  it('row 6: a catalogue code of another group is refused even when confirmed', () => {
    const result = check(door({ antrieb: 'USV-24', bestaetigt: ['USV-24'] }), { mayConfirm: true });
    expect(result.issues).toEqual([{ field: 'tuer.antrieb', code: 'USV-24', key: 'validation.doorCode.kind' }]);
  });

  it('row 7: a code outside the catalogue, not confirmed, is refused at its field, also for a keeper', () => {
    const result = check(door({ stromart: 'frX', komponenten: ['TA-AP', 'LS-4711B'] }), { mayConfirm: true });
    expect(result.issues).toEqual([
      { field: 'tuer.stromart', code: 'frX', key: 'validation.doorCode.unknown' },
      { field: 'tuer.komponenten.1', code: 'LS-4711B', key: 'validation.doorCode.unknown' },
    ]);
  });

  it('keeps in tuer.bestaetigt only the confirmed codes still used outside the catalogue, and none at all when empty', () => {
    const result = check(door({ antrieb: 'SA-2', komponenten: ['XQ-2'], bestaetigt: ['XQ-1', 'XQ-2', 'SA-2'] }), {
      mayConfirm: true,
    });
    expect(result.tuer.bestaetigt).toEqual(['XQ-2']);
    expect(check(door({ antrieb: 'SA-2', bestaetigt: [] })).tuer).not.toHaveProperty('bestaetigt');
  });

  it('names every code of a door once per field, trimmed, without empties', () => {
    expect(doorCodesOf(door({ antrieb: 'SA-2 ', fluegel: '', komponenten: ['TA-AP', ' '] }))).toEqual([
      'SA-2',
      'TA-AP',
    ]);
  });
});
