import { resources, translate } from '@pruefbuch/domain/locales/resources';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { miscLabel, miscValue } from './misc-fields';

const inLanguage = (lang: 'de' | 'en') => {
  const t = ((key: string) => translate(lang, key)) as unknown as TFunction;
  const exists = (key: string) => {
    let node: unknown = resources[lang].translation;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string';
  };
  return { t, exists };
};

describe('the door data of a book (book.misc)', () => {
  it.each([
    ['norm', 'Norm', 'Standard'],
    ['baujahr', 'Baujahr', 'Year of construction'],
    ['steuerung', 'Steuerung', 'Control system'],
    ['schliesskraft', 'Schließkraft', 'Closing force'],
    ['steuerspannung', 'Steuerspannung', 'Control voltage'],
    ['antriebsspannung', 'Antriebsspannung', 'Drive voltage'],
  ])('labels %s as %s (en %s)', (key, de, en) => {
    const d = inLanguage('de');
    const e = inLanguage('en');
    expect(miscLabel(key, d.t, d.exists)).toBe(de);
    expect(miscLabel(key, e.t, e.exists)).toBe(en);
  });

  it.each([
    ['oeffnungszeitS', 'Oeffnungszeit s'],
    ['anzahl_sensoren', 'Anzahl sensoren'],
    ['Wartungsvertrag', 'Wartungsvertrag'],
    ['a.b', 'A · B'],
    ['toString', 'To string'],
  ])('shows the unknown key %s readably as %s', (key, label) => {
    const { t, exists } = inLanguage('de');
    expect(miscLabel(key, t, exists)).toBe(label);
  });

  it('shows a coded value under its label: the door type of a book made from an order', () => {
    const d = inLanguage('de');
    const e = inLanguage('en');
    expect(miscValue('schieber', d.t, d.exists, 'tuerart')).toBe('Schiebetür');
    expect(miscValue('dreher', d.t, d.exists, 'tuerart')).toBe('Drehflügeltür');
    expect(miscValue('schieber', e.t, e.exists, 'tuerart')).toBe('Sliding door');
    // A value typed by hand, or the same word under another key, stays as it is.
    expect(miscValue('Karusselltür', d.t, d.exists, 'tuerart')).toBe('Karusselltür');
    expect(miscValue('schieber', d.t, d.exists, 'antrieb')).toBe('schieber');
  });

  it('shows values as text, never as JSON', () => {
    const { t, exists } = inLanguage('de');
    expect(miscValue('230 V', t, exists)).toBe('230 V');
    expect(miscValue(24, t, exists)).toBe('24');
    expect(miscValue(true, t, exists)).toBe('Ja');
    expect(miscValue(['A', 'B'], t, exists)).toBe('A, B');
    expect(miscValue({ steuerspannung: '24 V', extra: 1 }, t, exists)).toBe('Steuerspannung: 24 V, Extra: 1');
    expect(miscValue(null, t, exists)).toBe('');
  });
});
