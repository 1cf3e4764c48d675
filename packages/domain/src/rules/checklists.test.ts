/** Which checklist a record of a book type gets (decision 021), as rule tables. */
import { describe, expect, it } from 'vitest';
import { translate } from '../locales/resources';
import { bookTypeWriteSchema, typeChecklistSchema } from '../schemas/booktype';
import {
  audienceOf,
  checklistFor,
  checklistLabelKey,
  INSTALLATIONS,
  type Installation,
  installationOf,
  isNormChecklist,
  NORM_CHECKLISTS,
  NORM_ITEMS,
  normChecklist,
  type RecordKind,
  typeChecklistFor,
} from './checklists';
import { germanItemLabel, SELF_INSPECTION_HEADING, selfInspectionText } from './self-inspection';

const SLIDING = { type: 'Automatische Schiebetür', component: 'DIN 18650 / EN 16005' };

describe('installationOf: the kind of installation of a book type', () => {
  it.each<[string, string, Installation]>([
    // the seeded types (migration 0003)
    ['Automatische Schiebetür', 'DIN 18650 / EN 16005', 'sliding'],
    ['Automatische Drehflügeltür', 'DIN 18650 / EN 16005', 'swing'],
    ['Automatische Karusselltür', 'DIN 18650 / EN 16005', 'revolving'],
    ['Rauch- und Wärmeabzugsanlage (RWA)', 'DIN 18232-2', 'rwa'],
    ['Feststellanlage an Brandschutztür', 'DIN 14677', 'holdOpen'],
    ['Kraftbetätigtes Tor', 'ASR A1.7', 'gate'],
    // names admins may give
    ['Teleskopschiebetür', '', 'sliding'],
    ['Bogenschiebetür Fluchtweg', 'DIN 18650', 'sliding'],
    ['Drehtürantrieb', '', 'swing'],
    ['Automatische Drehtür', 'EN 16005', 'swing'],
    ['Revolving door', '', 'revolving'],
    ['NRWG Lichtkuppel', 'DIN 18232-2', 'rwa'],
    ['RWA-Fenster', '', 'rwa'],
    ['Rauchabzug Treppenhaus', '', 'rwa'],
    ['Hold-open device', '', 'holdOpen'],
    ['Feststellanlage', '', 'holdOpen'],
    ['Rolltor', '', 'gate'],
    ['Schiebetor Zufahrt', '', 'gate'],
    ['Sektionaltor', 'DIN EN 12453', 'gate'],
    ['Schranke', '', 'gate'],
    ['Industrietor', 'ASR A1.7', 'gate'],
    // a door norm without the kind of door
    ['Automatiktür', 'DIN 18650', 'door'],
    ['Tür mit Antrieb', 'EN 16005', 'door'],
    // not a gate for its last letters
    ['Türmotor Austausch', '', 'general'],
    ['Rauchmelder-Detektor', '', 'rwa'],
    ['Sonstiges', '', 'general'],
    ['', '', 'general'],
  ])('%s (%s) → %s', (type, component, expected) => {
    expect(installationOf({ type, component })).toBe(expected);
  });

  it('no type: general', () => {
    expect(installationOf(null)).toBe('general');
  });
});

describe('checklistFor: the norm list a record starts from', () => {
  it.each<[RecordKind, { type: string; component: string } | null, string]>([
    ['self', SLIDING, 'slidingSelf'],
    ['inspection', SLIDING, 'sliding'],
    ['wartung', SLIDING, 'sliding'],
    ['gutachten', SLIDING, 'sliding'],
    ['self', { type: 'Rauch- und Wärmeabzugsanlage (RWA)', component: 'DIN 18232-2' }, 'rwaSelf'],
    ['inspection', { type: 'Feststellanlage an Brandschutztür', component: 'DIN 14677' }, 'holdOpen'],
    ['self', { type: 'Feststellanlage an Brandschutztür', component: 'DIN 14677' }, 'holdOpenSelf'],
    ['self', { type: 'Kraftbetätigtes Tor', component: 'ASR A1.7' }, 'gateSelf'],
    ['inspection', null, 'general'],
    ['self', null, 'generalSelf'],
  ])('%s on %o → %s', (kind, type, name) => {
    expect(checklistFor(kind, type)).toBe(name);
  });

  it('self-inspections are the operator’s, every other kind the specialist’s', () => {
    expect(audienceOf('self')).toBe('operator');
    for (const kind of ['inspection', 'wartung', 'gutachten'] as const) expect(audienceOf(kind)).toBe('specialist');
  });

  it('every list name has a title in de and en', () => {
    for (const i of INSTALLATIONS) {
      for (const name of [i, `${i}Self`]) {
        for (const lang of ['de', 'en'] as const) {
          expect(translate(lang, `checklists.names.${name}`)).not.toMatch(/^checklists\./);
        }
      }
    }
  });
});

describe('the norm lists', () => {
  it('give every installation an operator and a specialist list, each item once, each with a text in de and en', () => {
    for (const i of INSTALLATIONS) {
      for (const audience of ['operator', 'specialist'] as const) {
        const items = NORM_CHECKLISTS[i][audience];
        expect(items.length, `${i} ${audience}`).toBeGreaterThanOrEqual(4);
        expect(new Set(items).size).toBe(items.length);
        for (const item of items) {
          for (const lang of ['de', 'en'] as const) {
            expect(translate(lang, checklistLabelKey(item)), `${lang} ${item}`).not.toBe(checklistLabelKey(item));
          }
        }
      }
    }
  });

  it('a door’s self-inspection never asks about storage height; the RWA’s does (SPEC §3)', () => {
    for (const i of ['sliding', 'swing', 'revolving', 'door', 'gate', 'holdOpen'] as const) {
      expect(NORM_CHECKLISTS[i].operator.some((item) => item.includes('storageHeight'))).toBe(false);
    }
    expect(NORM_CHECKLISTS.rwa.operator).toEqual(
      expect.arrayContaining([
        'rwaCheck.controlUnitAccess',
        'rwaCheck.emergencyPower',
        'rwaCheck.alarmDevices',
        'rwaCheck.storageHeight',
      ]),
    );
  });

  it.each<[Installation, string[]]>([
    // DIN 18650 / EN 16005: safety sensors, forces; sliding: secondary closing edges, break-out, escape route
    [
      'sliding',
      ['door.safetySensors', 'door.forces', 'sliding.secondaryEdges', 'sliding.breakOut', 'door.escapeRoute'],
    ],
    ['swing', ['swing.swingArea', 'swing.fingerProtection', 'door.forces', 'swing.manualOpening']],
    ['revolving', ['revolving.edgeProtection', 'revolving.emergencyStop', 'revolving.breakOut']],
    // DIN 18232-2: triggering, emergency power, opening time, supply air
    ['rwa', ['rwa.triggerTest', 'rwa.emergencyPower', 'rwa.openingTime', 'rwa.supplyAir']],
    // DIBt / DIN 14677: detectors with test gas, manual release, closing, mains failure
    ['holdOpen', ['holdOpen.detectors', 'holdOpen.releaseButton', 'holdOpen.closing', 'holdOpen.powerFailure']],
    // ASR A1.7 / EN 12453: closing edge, photo-eye, force measurement, emergency release
    ['gate', ['gate.closingEdge', 'gate.lightBarrier', 'gate.forces', 'gate.emergencyRelease']],
  ])('the specialist’s list of %s has what its rules expect', (installation, items) => {
    expect(NORM_CHECKLISTS[installation].specialist).toEqual(expect.arrayContaining(items));
  });

  it.each<[Installation, string[]]>([
    ['sliding', ['doorCheck.opens', 'doorCheck.safetyStop', 'doorCheck.escapeRoute']],
    ['swing', ['swingCheck.swingArea', 'swingCheck.closes', 'swingCheck.manualOpening']],
    ['revolving', ['revolvingCheck.edges', 'revolvingCheck.emergencyStop']],
    // the operator's monthly check of a hold-open system: release it and watch the door close
    ['holdOpen', ['holdOpenCheck.release', 'holdOpenCheck.closes']],
    ['gate', ['gateCheck.closingEdge', 'gateCheck.lightBarrier']],
  ])('the operator’s list of %s has what its rules expect', (installation, items) => {
    expect(NORM_CHECKLISTS[installation].operator).toEqual(expect.arrayContaining(items));
  });

  it('NORM_ITEMS holds every item of every list', () => {
    const all = INSTALLATIONS.flatMap((i) => [...NORM_CHECKLISTS[i].operator, ...NORM_CHECKLISTS[i].specialist]);
    expect([...NORM_ITEMS].sort()).toEqual([...new Set(all)].sort());
  });
});

describe('typeChecklistFor: the list a new record of a type starts with', () => {
  const own = [
    { item: 'door.drive', label: '' },
    { item: 'custom.abc123', label: 'Schlüsselschalter außen geprüft' },
  ];

  it.each<[string, RecordKind, object | null, string[]]>([
    ['a type without lists: the norm list of its installation', 'self', SLIDING, [...NORM_CHECKLISTS.sliding.operator]],
    ['… for the specialist', 'wartung', SLIDING, [...NORM_CHECKLISTS.sliding.specialist]],
    ['its own specialist list', 'inspection', { ...SLIDING, checklist: own }, ['door.drive', 'custom.abc123']],
    [
      'the own specialist list does not change the operator’s',
      'self',
      { ...SLIDING, checklist: own },
      [...NORM_CHECKLISTS.sliding.operator],
    ],
    ['its own operator list', 'self', { ...SLIDING, selfChecklist: own }, ['door.drive', 'custom.abc123']],
    ['no type', 'self', null, [...NORM_CHECKLISTS.general.operator]],
  ])('%s', (_, kind, type, items) => {
    expect(typeChecklistFor(kind, type as never).map((e) => e.item)).toEqual(items);
  });

  it('returns a copy', () => {
    const type = { ...SLIDING, checklist: own };
    const list = typeChecklistFor('inspection', type);
    list[0] = { item: 'x', label: 'y' };
    expect(type.checklist[0]?.item).toBe('door.drive');
  });
});

describe('isNormChecklist', () => {
  it.each<[string, { item: string; label: string }[], boolean]>([
    ['the norm list', normChecklist('rwa', 'operator'), true],
    ['reordered', [...normChecklist('rwa', 'operator')].reverse(), false],
    [
      'one renamed',
      normChecklist('rwa', 'operator').map((e, i) => (i === 0 ? { ...e, label: 'Eigener Text' } : e)),
      false,
    ],
    ['one removed', normChecklist('rwa', 'operator').slice(1), false],
    ['the other audience’s', normChecklist('rwa', 'specialist'), false],
  ])('%s → %s', (_, items, expected) => {
    expect(isNormChecklist(items, 'rwa', 'operator')).toBe(expected);
  });
});

describe('a book type’s list as sent', () => {
  it.each<[string, unknown, string[]]>([
    ['norm items without text', [{ item: 'door.drive' }, { item: 'door.forces', label: '' }], []],
    ['an own item with its text', [{ item: 'custom.x1', label: 'Schlüsselschalter' }], []],
    ['an own item without text', [{ item: 'custom.x1', label: ' ' }], ['0.label']],
    ['an item twice', [{ item: 'door.drive' }, { item: 'door.drive', label: 'Antrieb' }], ['1.item']],
    ['a bad key', [{ item: 'a b', label: 'x' }], ['0.item']],
    ['too long a text', [{ item: 'custom.x', label: 'x'.repeat(301) }], ['0.label']],
    ['too many items', Array.from({ length: 61 }, (_, i) => ({ item: `custom.i${i}`, label: 'x' })), ['']],
  ])('%s → issues at %j', (_, value, paths) => {
    const r = typeChecklistSchema.safeParse(value);
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join('.'))).toEqual(paths);
  });

  it('leaving the lists out of a write keeps them; null returns to the norm list', () => {
    expect(bookTypeWriteSchema.parse({ type: 'x' })).not.toHaveProperty('checklist');
    expect(bookTypeWriteSchema.parse({ type: 'x', checklist: null }).checklist).toBeNull();
  });
});

describe('the default text of a self-inspection', () => {
  it('lists the operator list of the type, in German, never the storage height of a door', () => {
    const text = selfInspectionText(typeChecklistFor('self', SLIDING));
    expect(text.split('\n')[0]).toBe(SELF_INSPECTION_HEADING);
    expect(text).toContain(`- ${germanItemLabel('doorCheck.opens')}`);
    expect(text).not.toContain('Lagerhöhe');
    expect(selfInspectionText(typeChecklistFor('self', { type: 'RWA', component: 'DIN 18232-2' }))).toContain(
      'Lagerhöhe',
    );
  });

  it('names an admin’s own item by its text', () => {
    expect(selfInspectionText([{ item: 'custom.k', label: 'Schlüssel beim Pförtner' }])).toBe(
      `${SELF_INSPECTION_HEADING}\n- Schlüssel beim Pförtner`,
    );
  });

  it('germanItemLabel knows norm items only', () => {
    expect(germanItemLabel('rwaCheck.storageHeight')).toBe('Maximale Lagerhöhe bzw. Nutzungseinschränkung eingehalten');
    expect(germanItemLabel('custom.k')).toBeNull();
    expect(germanItemLabel('rwaCheck')).toBeNull();
  });
});
