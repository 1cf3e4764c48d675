/**
 * The checklists of inspection records (decision 021). Every book type has two lists: the
 * operator's (Betreiber) for self-inspections and the specialist's (Sachkundiger, Fachkraft,
 * Sachverständiger) for inspections, maintenance and expert reports. A type starts with the norm
 * lists of its kind of installation, chosen here from its name and standard:
 *
 * | installation | norms                                   | operator checks                   |
 * | ------------ | --------------------------------------- | --------------------------------- |
 * | sliding      | DIN 18650 / EN 16005, ASR A1.7           | opening, safety stop, escape route |
 * | swing        | DIN 18650 / EN 16005, ASR A1.7           | swing area, closing, manual opening |
 * | revolving    | DIN 18650 / EN 16005, ASR A1.7           | edges, emergency stop, slow speed  |
 * | door         | DIN 18650 / EN 16005 (kind not named)    | as sliding, without its specifics  |
 * | rwa          | DIN 18232-2                             | control unit, vents, storage height |
 * | holdOpen     | DIBt rules, DIN 14677 (monthly / yearly) | release, closing, detectors         |
 * | gate         | ASR A1.7, DIN EN 12453                  | closing edge, photo-eye, release   |
 * | general      | –                                       | visual, function                   |
 *
 * Admins may change a type's lists (booktype screen); a record copies the items and their labels
 * when it is created, so a later change of a list or of these norms never rewrites a record.
 * Items are keys; the norm texts live in the locales (namespace checklists.items).
 */

export const INSTALLATIONS = ['sliding', 'swing', 'revolving', 'door', 'rwa', 'holdOpen', 'gate', 'general'] as const;
export type Installation = (typeof INSTALLATIONS)[number];

/** Who works through a list: the operator (self-inspections) or a qualified specialist (the other kinds). */
export type ChecklistAudience = 'operator' | 'specialist';

/** The record kinds (schemas/inspection.ts), repeated here to keep the rules free of schemas. */
export type RecordKind = 'inspection' | 'wartung' | 'gutachten' | 'self';

export const audienceOf = (kind: RecordKind): ChecklistAudience => (kind === 'self' ? 'operator' : 'specialist');

/** The first items of every powered door's specialist list; the door's own mechanics stand second. */
const doorStart = (mechanics: string) => ['door.documents', mechanics, 'door.drive', 'door.control', 'door.sensors'];
const DOOR_OPERATOR_END = ['doorCheck.damage', 'doorCheck.area', 'doorCheck.signage', 'doorCheck.faults'] as const;

export const NORM_CHECKLISTS: Record<Installation, Record<ChecklistAudience, readonly string[]>> = {
  sliding: {
    specialist: [
      ...doorStart('door.mechanics'),
      'door.safetySensors',
      'sliding.secondaryEdges',
      'door.forces',
      'sliding.breakOut',
      'door.emergencyOpening',
      'door.escapeRoute',
      'door.programSwitch',
      'door.glazing',
      'door.signage',
    ],
    operator: [
      'doorCheck.opens',
      'doorCheck.safetyStop',
      'doorCheck.escapeRoute',
      'doorCheck.programSwitch',
      ...DOOR_OPERATOR_END,
    ],
  },
  swing: {
    specialist: [
      ...doorStart('swing.mechanics'),
      'swing.swingArea',
      'swing.fingerProtection',
      'door.forces',
      'swing.closing',
      'swing.manualOpening',
      'door.programSwitch',
      'door.signage',
    ],
    operator: [
      'doorCheck.opens',
      'swingCheck.swingArea',
      'swingCheck.closes',
      'swingCheck.manualOpening',
      'doorCheck.programSwitch',
      ...DOOR_OPERATOR_END,
    ],
  },
  revolving: {
    specialist: [
      ...doorStart('revolving.mechanics'),
      'revolving.edgeProtection',
      'revolving.emergencyStop',
      'revolving.slowSpeed',
      'revolving.breakOut',
      'door.forces',
      'door.escapeRoute',
      'door.signage',
    ],
    operator: [
      'revolvingCheck.rotation',
      'revolvingCheck.edges',
      'revolvingCheck.emergencyStop',
      'revolvingCheck.slowSpeed',
      'revolvingCheck.escapeDoor',
      ...DOOR_OPERATOR_END,
    ],
  },
  door: {
    specialist: [
      ...doorStart('door.mechanics'),
      'door.safetySensors',
      'door.forces',
      'door.emergencyOpening',
      'door.escapeRoute',
      'door.programSwitch',
      'door.glazing',
      'door.signage',
    ],
    operator: ['doorCheck.opens', 'doorCheck.safetyStop', 'doorCheck.escapeRoute', ...DOOR_OPERATOR_END],
  },
  rwa: {
    specialist: [
      'rwa.documents',
      'rwa.controlPanel',
      'rwa.emergencyPower',
      'rwa.detectors',
      'rwa.manualCallPoints',
      'rwa.ventilationButtons',
      'rwa.openers',
      'rwa.openingTime',
      'rwa.supplyAir',
      'rwa.wiring',
      'rwa.weatherControl',
      'rwa.triggerTest',
    ],
    // SPEC §3's self-checks (control unit, emergency power, alarm devices, storage height) and the vents.
    operator: [
      'rwaCheck.controlUnitAccess',
      'rwaCheck.emergencyPower',
      'rwaCheck.alarmDevices',
      'rwaCheck.manualCallPoints',
      'rwaCheck.ventsFree',
      'rwaCheck.storageHeight',
      'rwaCheck.damage',
    ],
  },
  holdOpen: {
    specialist: [
      'holdOpen.approval',
      'holdOpen.components',
      'holdOpen.detectors',
      'holdOpen.releaseButton',
      'holdOpen.holdingMagnet',
      'holdOpen.closing',
      'holdOpen.closingSequence',
      'holdOpen.powerFailure',
      'holdOpen.freeArea',
      'holdOpen.signage',
    ],
    operator: [
      'holdOpenCheck.release',
      'holdOpenCheck.closes',
      'holdOpenCheck.closingSequence',
      'holdOpenCheck.detectors',
      'holdOpenCheck.freeArea',
      'holdOpenCheck.faults',
      'holdOpenCheck.signage',
    ],
  },
  gate: {
    specialist: [
      'gate.documents',
      'gate.mechanics',
      'gate.drive',
      'gate.control',
      'gate.closingEdge',
      'gate.lightBarrier',
      'gate.forces',
      'gate.emergencyRelease',
      'gate.signalling',
      'gate.signage',
    ],
    operator: [
      'gateCheck.function',
      'gateCheck.closingEdge',
      'gateCheck.lightBarrier',
      'gateCheck.emergencyRelease',
      'gateCheck.damage',
      'gateCheck.signalling',
      'gateCheck.area',
    ],
  },
  general: {
    specialist: ['general.documents', 'general.visual', 'general.function', 'general.safety', 'general.signage'],
    operator: ['generalCheck.visual', 'generalCheck.function', 'generalCheck.faults', 'generalCheck.access'],
  },
};

/** Every item of the norm lists. */
export const NORM_ITEMS: ReadonlySet<string> = new Set(
  Object.values(NORM_CHECKLISTS).flatMap((lists) => [...lists.operator, ...lists.specialist]),
);

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9äöüß]+/)
    .filter(Boolean);
/** 'Tor', 'Rolltor', 'Schiebetore', 'Schranke', but not 'Motor' or 'Detektor'. */
const isGateWord = (w: string) =>
  w === 'tor' ||
  w === 'tore' ||
  /(roll|schiebe|sektional|falt|dreh|flügel|hub|garagen|hallen|schnelllauf|industrie|hof|kipp|pendel|spiral)tore?$/.test(
    w,
  ) ||
  w.includes('schranke') ||
  w === 'gate' ||
  w === 'gates';

/**
 * The kind of installation of a book type, from its name and standard (`component`); first match
 * wins. 'Drehtür' is the trade's word for a swing door, 'Karusselltür' for a revolving one.
 */
export function installationOf(bookType: { type: string; component: string } | null): Installation {
  const component = (bookType?.component ?? '').toLowerCase();
  const type = (bookType?.type ?? '').toLowerCase();
  const typeWords = words(type);
  if (component.includes('18232') || typeWords.includes('rwa') || type.includes('rauch')) return 'rwa';
  if (component.includes('14677') || type.includes('feststell') || type.includes('hold-open')) return 'holdOpen';
  if (component.includes('12453') || typeWords.some(isGateWord)) return 'gate';
  if (type.includes('karussell') || type.includes('revolving')) return 'revolving';
  if (type.includes('drehflügel') || type.includes('drehtür') || type.includes('swing')) return 'swing';
  if (type.includes('schiebe') || type.includes('sliding') || type.includes('teleskop')) return 'sliding';
  if (component.includes('18650') || component.includes('16005')) return 'door';
  if (component.includes('a1.7')) return 'gate';
  return 'general';
}

/**
 * The name a record keeps of the norm list it started from: the installation for the
 * specialist's list ('sliding'), with 'Self' for the operator's ('slidingSelf'). Records made
 * before decision 021 say 'door' and 'self'; their titles stay in the locales.
 */
export const checklistNameOf = (installation: Installation, audience: ChecklistAudience) =>
  audience === 'operator' ? `${installation}Self` : installation;

/** The norm list's name of a record kind on a book type. */
export const checklistFor = (kind: RecordKind, bookType: { type: string; component: string } | null) =>
  checklistNameOf(installationOf(bookType), audienceOf(kind));

/** An item of a book type's list: a key and, for an item of the admin's own or a renamed one, its text. */
export interface TypeChecklistItem {
  item: string;
  /** '' for the norm text of the item (checklists.items.<item>) in the reader's language. */
  label: string;
}

/** The norm list of an installation for an audience, every item with its norm text. */
export const normChecklist = (installation: Installation, audience: ChecklistAudience): TypeChecklistItem[] =>
  NORM_CHECKLISTS[installation][audience].map((item) => ({ item, label: '' }));

/** Whether a list is exactly the norm list (then a book type stores none and follows the norm). */
export const isNormChecklist = (
  items: readonly TypeChecklistItem[],
  installation: Installation,
  audience: ChecklistAudience,
) => {
  const norm = NORM_CHECKLISTS[installation][audience];
  return items.length === norm.length && items.every((e, i) => e.item === norm[i] && e.label === '');
};

/** The list a new record of this kind starts with: the type's own list of that audience, else the norm list. */
export function typeChecklistFor(
  kind: RecordKind,
  bookType: {
    type: string;
    component: string;
    checklist?: readonly TypeChecklistItem[];
    selfChecklist?: readonly TypeChecklistItem[];
  } | null,
): TypeChecklistItem[] {
  const own = kind === 'self' ? bookType?.selfChecklist : bookType?.checklist;
  return own ? own.map((e) => ({ ...e })) : normChecklist(installationOf(bookType), audienceOf(kind));
}

/** i18n key of an item's norm text. */
export const checklistLabelKey = (item: string) => `checklists.items.${item}`;

/** A new item of an admin's own list: a key no norm item has. */
export const newCustomItemKey = () => `custom.${Math.random().toString(36).slice(2, 10)}`;
