import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import type { ProtocolLookups } from './protocol-value';

// The formatting helpers load the app's i18n setup, which touches the document and the storage.
vi.stubGlobal('document', { documentElement: { lang: 'de' } });
vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
const { protocolValue } = await import('./protocol-value');

const t = ((key: string, opts?: { defaultValue?: string }) =>
  ({
    'books.status.approved': 'Abgenommen',
    'common.yes': 'Ja',
    'common.no': 'Nein',
    'books.lagerort.inFertigungsprozess': 'Im Fertigungsprozess',
  })[key] ??
  opts?.defaultValue ??
  key) as unknown as TFunction;

const lookups: ProtocolLookups = {
  t,
  countries: [{ _id: 'AT', code: 'AT', name: 'Österreich' }],
  intervalLabel: (v) => (v === 12 ? 'Jährlich' : String(v)),
  bookTypes: new Map([['bt1', 'RWA']]),
  folders: new Map([['f1', 'Halle 1']]),
};

describe('protocol values', () => {
  it.each([
    ['title', null, '–'],
    ['title', '', '–'],
    ['status', '3', 'Abgenommen'],
    ['serviceinterval', '12', 'Jährlich'],
    ['bookType', 'bt1', 'RWA'],
    ['bookType', 'unknown-id', 'unknown-id'],
    ['folder', 'f1', 'Halle 1'],
    ['lagerort', 'inFertigungsprozess', 'Im Fertigungsprozess'],
    ['active', 'false', 'Nein'],
    ['completedOn', '2026-02-03', '03.02.2026'],
    [
      'objectaddress',
      '{"_id":"a","street":"Ring","housenumber":"7","zip":"1010","location":"Wien","country":"AT"}',
      'Ring 7, 1010 Wien, Österreich',
    ],
    ['misc', '{"norm":"DIN 18650","fluegel":2}', 'norm: DIN 18650, fluegel: 2'],
    ['misc', '{}', '–'],
    ['shortText', '{kein json', '{kein json'],
  ])('%s %s → %s', (field, value, shown) => {
    expect(protocolValue(field, value, lookups)).toBe(shown);
  });
});
