import { linkChange, protocolField } from '@pruefbuch/domain/protocol';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import type { ProtocolLookups } from './protocol-value';

// The formatting helpers load the app's i18n setup, which touches the document and the storage.
vi.stubGlobal('document', { documentElement: { lang: 'de' } });
vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
const { editorOf, protocolLabel, protocolValue, tellsSomething } = await import('./protocol-value');
const { formatDateTime } = await import('@/lib/format');

const TEXTS: Record<string, string> = {
  'books.status.approved': 'Abgenommen',
  'common.yes': 'Ja',
  'common.no': 'Nein',
  'books.lagerort.inFertigungsprozess': 'Im Fertigungsprozess',
  'books.ampel.orange': 'Orange',
  'books.fields.title': 'Titel',
  'inspections.kind.wartung': 'Wartung',
  'inspections.sections.defects': 'Mängel',
  'protocol.fields.finalized': 'Abgeschlossen',
  'lookups.customers.RETAIL_CUSTOMER': 'Einzelhandelskunde',
  'orders.list.kw': 'KW',
  'capacity.weekdays.montag': 'Montag',
  'capacity.weekdays.dienstag': 'Dienstag',
  'capacity.weekdays.mittwoch': 'Mittwoch',
  'capacity.weekdays.donnerstag': 'Donnerstag',
  'capacity.weekdays.freitag': 'Freitag',
  'capacity.areas.antrieb': 'Antrieb',
  'capacity.settings.inactive': 'inaktiv',
  'capacity.settings.noEntries': 'keine',
  'capacity.settings.employee': 'Mitarbeiter',
  'capacity.settings.absences': 'Abwesenheiten',
  'capacity.settings.bundesland': 'Bundesland',
  'capacity.states.HE': 'Hessen',
  'capacity.areas.profilbearbeitung': 'Profilbearbeitung',
  'capacity.areas.verglasen': 'Verglasen',
  'capacity.areas.versand': 'Versand',
  'costlist.templates.one': 'Vorlage',
  'costlist.templates.proFluegel': 'pro Flügel',
  'costlist.sections.templates': 'Zeitaufwand-Vorlagen',
  'costlist.times.seitenteil': 'Seitenteil (je Stück)',
  'books.miscFields.tuerart': 'Türart',
  'books.miscFields.fluchtweg': 'Fluchtwegtür',
  'books.miscFields.komponenten': 'Komponenten',
  'books.miscValues.tuerart.schieber': 'Schiebetür',
};
const t = ((key: string, opts?: { defaultValue?: string }) => TEXTS[key] ?? opts?.defaultValue ?? key) as TFunction;

const ID = '5f0c1f4e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
const lookups: ProtocolLookups = {
  t,
  countries: [{ _id: 'AT', code: 'AT', name: 'Österreich' }],
  intervalLabel: (v) => (v === 12 ? 'Jährlich' : String(v)),
  refs: {
    booktype: new Map([['bt1', 'RWA']]),
    folder: new Map([['f1', 'Halle 1']]),
    book: new Map([[ID, 'aus dem Auftrag angelegt']]),
    offer: new Map([[ID, 'Angebot A-26-0042']]),
  },
};

describe('protocol values by format', () => {
  it.each([
    ['book', 'title', null, '–'],
    ['book', 'title', '', '–'],
    ['book', 'title', 'Schiebetür Halle 3', 'Schiebetür Halle 3'],
    // A book's door data reads as labels, not 'tuerart: schieber' (decision 052).
    [
      'book',
      'misc',
      JSON.stringify({ tuerart: 'schieber', fluchtweg: true, komponenten: ['Taster Aufputz', 'Radar'], baujahr: '' }),
      'Türart: Schiebetür; Fluchtwegtür: Ja; Komponenten: Taster Aufputz, Radar',
    ],
    ['book', 'misc', JSON.stringify({ schrankNr: 'S-12' }), 'schrankNr: S-12'],
    ['book', 'status', '3', 'Abgenommen'],
    ['book', 'inspectionAmpel', 'orange', 'Orange'],
    ['book', 'lagerort', 'inFertigungsprozess', 'Im Fertigungsprozess'],
    ['book', 'serviceinterval', '12', 'Jährlich'],
    ['book', 'bookType', 'bt1', 'RWA'],
    ['book', 'bookType', ID, '–'],
    ['book', 'folder', 'f1', 'Halle 1'],
    ['book', 'folder', ID, '–'],
    ['order', 'bookId', ID, 'aus dem Auftrag angelegt'],
    ['order', 'bookId', null, '–'],
    ['order', 'offerId', ID, 'Angebot A-26-0042'],
    ['book', 'active', 'false', 'Nein'],
    ['book', 'active', 'true', 'Ja'],
    ['book', 'completedOn', '2026-02-03', '03.02.2026'],
    ['tenant', 'ampelBlackDays', '1200', '1.200'],
    [
      'book',
      'objectaddress',
      '{"_id":"a","street":"Ring","housenumber":"7","zip":"1010","location":"Wien","country":"AT"}',
      'Ring 7, 1010 Wien, Österreich',
    ],
    ['book', 'misc', '{"norm":"DIN 18650","fluegel":2}', 'norm: DIN 18650; fluegel: 2'],
    ['book', 'misc', '{}', '–'],
    ['tenant', 'hotHint', '["Schlüssel beim Pförtner","Hund"]', 'Schlüssel beim Pförtner, Hund'],
    ['book', 'shortText', '{kein json', '{kein json'],
    ['book', 'wartung', `2026-01-15 · Max Muster (${ID})`, '15.01.2026 · Max Muster'],
    ['book', 'wartung.when', '2026-01-15', '15.01.2026'],
    [
      'book',
      'wartung.finalized',
      `2026-01-15 · Max Muster (${ID}) 2026-01-15T09:30:00.000Z`,
      '15.01.2026 · Max Muster 15.01.2026 10:30',
    ],
    ['book', 'wartung.corrects', ID, '–'],
    ['book', 'unknown.someField', ID, '–'],
    ['book', 'unknown', '2026-07-01T22:15:00Z', '02.07.2026 00:15'],
    // A location's linked book is written as its title and site, its customer as a number.
    [
      'customerlocation',
      'book',
      'FrischeMarkt 4101 – Eingangstür (Kundeneingang)',
      'FrischeMarkt 4101 – Eingangstür (Kundeneingang)',
    ],
    ['customerlocation', 'customer', '1', 'Einzelhandelskunde'],
    ['customerlocation', 'ruhend', 'true', 'Ja'],
    // The capacity settings: an employee, its absences, operating holidays and local days, the state.
    [
      'capacity',
      `mitarbeiter.${ID}`,
      '{"name":"Sven Hoffmann","bereich":"antrieb","arbeitszeit":{"montag":480,"dienstag":480,"mittwoch":450,"donnerstag":480,"freitag":0},"aktiv":false}',
      'Sven Hoffmann · Antrieb · Mo 8:00 h, Di 8:00 h, Mi 7:30 h, Do 8:00 h, Fr 0 min · inaktiv',
    ],
    [
      'capacity',
      `mitarbeiter.${ID}.abwesenheiten`,
      '{"name":"Sven Hoffmann","abwesenheiten":[{"start":"2026-11-23","ende":"2026-11-27","bemerkung":"Krank"},{"start":"2026-12-24","ende":"2026-12-24","bemerkung":""}]}',
      'Sven Hoffmann: 23.11.2026–27.11.2026 (Krank); 24.12.2026',
    ],
    [
      'capacity',
      'betriebsurlaub',
      '[{"start":"2026-12-24","ende":"2027-01-01","bemerkung":"Weihnachten"}]',
      '24.12.2026–01.01.2027 (Weihnachten)',
    ],
    ['capacity', 'betriebsurlaub', '[]', 'keine'],
    ['capacity', 'lokaleFeiertage', '[{"date":"2026-06-11","name":"Heinerfest"}]', '11.06.2026 Heinerfest'],
    ['capacity', 'bundesland', 'HE', 'Hessen'],
    ['capacity', `mitarbeiter.${ID}`, 'kein json', 'kein json'],
    // The cost list: time values in hours, a template on its own, and the whole list of rows written before.
    ['costlist', 'capacities.seitenteil', '100', '1:40 h'],
    ['costlist', 'capacities.seitenteil', '0', '0 min'],
    [
      'costlist',
      `vorlagen.${ID}`,
      '{"name":"Schiebetür 2-flügelig","zeitaufwandAntrieb":120,"zeitaufwandProfilbearbeitung":90,"zeitaufwandVerglasen":45,"zeitaufwandVersand":30,"proFluegel":true,"bemerkung":"mit Oberlicht"}',
      'Schiebetür 2-flügelig · Antrieb 2:00 h, Profilbearbeitung 1:30 h, Verglasen 45 min, Versand 30 min · pro Flügel · mit Oberlicht',
    ],
    [
      'costlist',
      'vorlagen',
      '[{"_id":"a","name":"Drehtür","zeitaufwandAntrieb":60,"zeitaufwandProfilbearbeitung":0,"zeitaufwandVerglasen":0,"zeitaufwandVersand":15,"proFluegel":false,"bemerkung":""}]',
      'Drehtür · Antrieb 1:00 h, Profilbearbeitung 0 min, Verglasen 0 min, Versand 15 min',
    ],
    ['costlist', 'vorlagen', '[]', 'keine'],
    // Calendar weeks as the lists say them (issue 31 item 8).
    ['order', 'vkid.akt_kw', '2026-W50', 'KW 50/2026'],
    ['order', 'el.akt_kw', '2027-W01', 'KW 01/2027'],
  ])('%s %s %s → %s', (entity, field, value, shown) => {
    expect(protocolValue(protocolField(entity, field), value, lookups)).toBe(shown);
  });

  it('formats datetime, money and enum fields of registered entities', () => {
    const view = (format: never) => ({ label: [], format });
    expect(protocolValue(view('datetime' as never), '2025-12-31T23:30:00Z', lookups)).toBe('01.01.2026 00:30');
    expect(protocolValue(view('money' as never), '1234.5', lookups)).toMatch(/1\.234,50\s€/);
    expect(protocolValue(view('enum:books.ampel' as never), 'unknown', lookups)).toBe('unknown');
  });

  it('shows instants as DD.MM.YYYY HH:mm in Berlin, summer and winter', () => {
    expect(formatDateTime('2025-06-30T22:00:00Z')).toBe('01.07.2025 00:00');
    expect(formatDateTime('2025-01-10T07:05:00Z')).toBe('10.01.2025 08:05');
    expect(formatDateTime('nonsense')).toBe('');
  });
});

describe('protocol labels', () => {
  it.each([
    ['book', 'title', 'Titel'],
    ['book', 'wartung', 'Wartung'],
    ['book', 'wartung.defects', 'Wartung · Mängel'],
    ['book', 'wartung.finalized', 'Wartung · Abgeschlossen'],
    ['book', 'wartung.newThing', 'Wartung · New thing'],
    ['book', 'inspection.finalizedAt', 'Inspection · Finalized at'],
    ['book', 'legacy_field', 'Legacy field'],
    ['tenant', 'wartung.defects', 'Wartung · Defects'],
    ['offer', 'priceNet', 'Price net'],
    ['capacity', `mitarbeiter.${ID}`, 'Mitarbeiter'],
    ['capacity', `mitarbeiter.${ID}.abwesenheiten`, 'Mitarbeiter · Abwesenheiten'],
    ['capacity', 'bundesland', 'Bundesland'],
    ['costlist', `vorlagen.${ID}`, 'Vorlage'],
    ['costlist', 'vorlagen', 'Zeitaufwand-Vorlagen'],
    ['costlist', 'capacities.seitenteil', 'Seitenteil (je Stück)'],
  ])('%s %s → %s', (entity, field, label) => {
    expect(protocolLabel(protocolField(entity, field), t)).toBe(label);
  });

  it('never shows a raw dotted key', () => {
    expect(
      protocolLabel(
        protocolField('book', 'inspection.finalized'),
        ((_k: string, o?: { defaultValue?: string }) => o?.defaultValue) as TFunction,
      ),
    ).toBe('Inspection · Finalized');
  });
});

describe('editor', () => {
  it('is "Vorname Nachname (AB)", or what is known', () => {
    expect(editorOf({ editorName: 'Karla Meier', userKuerzel: 'KM' })).toBe('Karla Meier (KM)');
    expect(editorOf({ editorName: '', userKuerzel: 'KM' })).toBe('KM');
    expect(editorOf({ editorName: '', userKuerzel: '' })).toBe('–');
  });
});

describe('which entries the protocol shows (issue 31 item 8)', () => {
  it.each([
    ['create', 'false', false],
    ['create', '', false],
    ['create', null, false],
    ['create', '[]', false],
    ['create', '{}', false],
    ['create', 'true', true],
    ['create', 'Kaufhof Zeil', true],
    ['create', '0', true],
    ['update', 'false', true],
    ['update', null, true],
    ['delete', null, true],
  ] as const)('%s with %s → %s', (action, newValue, shown) => {
    expect(tellsSomething({ action, newValue })).toBe(shown);
  });
});

describe('a link row says what happened (issue 31 item 8)', () => {
  const book = protocolField('customerlocation', 'book');
  const file = protocolField('offer', 'file');
  it.each([
    ['a location’s book linked', book, 'update', null, 'Drehtür Foyer', 'added'],
    ['a location’s book removed', book, 'update', 'Drehtür Foyer', null, 'removed'],
    ['an offer’s attachment added', file, 'update', null, 'plan.pdf', 'added'],
    ['an offer’s attachment removed', file, 'update', 'plan.pdf', null, 'removed'],
    ['a link field changed from one value to another', book, 'update', 'A', 'B', null],
    ['a link field in a creation', book, 'create', null, 'A', null],
    ['a field that is no link', protocolField('book', 'title'), 'update', null, 'A', null],
  ] as const)('%s → %s', (_, view, action, oldValue, newValue, change) => {
    expect(linkChange(view, { action, oldValue, newValue })).toBe(change);
  });

  it('names the book’s link as the location’s protocol writes it, and the attachment’s', () => {
    expect(book.link).toEqual({ added: 'protocol.links.bookAdded', removed: 'protocol.links.bookRemoved' });
    expect(file.link).toEqual({ added: 'protocol.links.fileAdded', removed: 'protocol.links.fileRemoved' });
  });
});
