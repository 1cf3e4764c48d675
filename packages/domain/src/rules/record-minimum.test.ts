import { describe, expect, it } from 'vitest';
import { OFFER_DEFAULTS } from '../schemas/offer';
import { DELIVERY_DEFAULTS, type Delivery, MAW_ENTRY_DEFAULTS, type MawEntry, ORDER_DEFAULTS } from '../schemas/order';
import { IDENTITY_RULES, offerMinimumIssues, orderMinimumIssues, ROW_RULES } from './record-minimum';

const delivery = (over: Partial<Delivery> = {}): Delivery => ({
  ...DELIVERY_DEFAULTS,
  bezeichnung: 'Antrieb',
  ...over,
});
const maw = (over: Partial<MawEntry> = {}): MawEntry => ({
  ...MAW_ENTRY_DEFAULTS,
  datum: '2026-11-20',
  stunden: 1,
  ...over,
});

describe('order identity (decision 028)', () => {
  it('names the four fields', () => {
    expect(IDENTITY_RULES.order.fields).toEqual(['objekt', 'kunde', 'abnr', 'csnr']);
  });
  it.each([
    ['nothing', {}, false],
    ['only blanks', { objekt: '  ', kunde: '\t' }, false],
    ['objekt', { objekt: 'Klinikum Höchst' }, true],
    ['kunde', { kunde: 'Stadt Mainz' }, true],
    ['abnr', { abnr: 'AB-26-1001' }, true],
    ['csnr', { csnr: 'CS-1' }, true],
    ['only other fields', { tp: 'TP 3', objektnummer: '17' }, false],
  ])('%s', (_, given, ok) => {
    const issues = orderMinimumIssues({ ...ORDER_DEFAULTS, ...given });
    expect(issues).toEqual(ok ? [] : [{ path: ['objekt'], key: 'validation.order.identity' }]);
  });
});

describe('offer identity (decision 028)', () => {
  it('names the four fields', () => {
    expect(IDENTITY_RULES.offer.fields).toEqual(['objekt', 'debitor', 'csnr', 'angebot.offerNr']);
  });
  it.each([
    ['nothing', {}, false],
    ['only blanks', { objekt: ' ', debitor: ' ' }, false],
    ['objekt', { objekt: 'Rathaus' }, true],
    ['debitor', { debitor: 'Stadt Mainz' }, true],
    ['csnr', { csnr: 'CS-9' }, true],
    ['offerNr', { angebot: { ...OFFER_DEFAULTS.angebot, offerNr: 'A-1' } }, true],
    ['only other fields', { tp: 'TP', plz: '55116' }, false],
  ])('%s', (_, given, ok) => {
    const issues = offerMinimumIssues({ ...OFFER_DEFAULTS, ...given });
    expect(issues).toEqual(ok ? [] : [{ path: ['objekt'], key: 'validation.offer.identity' }]);
  });
});

describe('rows (decision 028)', () => {
  const order = { ...ORDER_DEFAULTS, objekt: 'Rathaus' };
  it('lists one rule for deliveries and two for extra effort', () => {
    expect(ROW_RULES.logistik.map((r) => r.field)).toEqual(['bezeichnung']);
    expect(ROW_RULES.maw.map((r) => r.field)).toEqual(['datum', 'stunden']);
  });
  it.each([
    ['a named delivery', [delivery()], []],
    ['a delivery without a name', [delivery({ bezeichnung: ' ' })], [['logistik', 0, 'bezeichnung']]],
    ['the second of two', [delivery(), delivery({ bezeichnung: '' })], [['logistik', 1, 'bezeichnung']]],
  ])('logistik: %s', (_, logistik, paths) => {
    expect(orderMinimumIssues({ ...order, logistik }).map((i) => i.path)).toEqual(paths);
  });
  it.each([
    ['hours', maw(), []],
    ['only travel', maw({ stunden: 0, anfahrt: true }), []],
    ['only shipping', maw({ stunden: 0, versand: true }), []],
    ['no date', maw({ datum: null }), [[['maw', 0, 'datum'], 'validation.required']]],
    ['nothing to bill', maw({ stunden: 0 }), [[['maw', 0, 'stunden'], 'validation.order.mawEmpty']]],
    [
      'an empty row',
      maw({ datum: null, stunden: 0 }),
      [
        [['maw', 0, 'datum'], 'validation.required'],
        [['maw', 0, 'stunden'], 'validation.order.mawEmpty'],
      ],
    ],
  ])('maw: %s', (_, row, expected) => {
    expect(orderMinimumIssues({ ...order, maw: [row] }).map((i) => [i.path, i.key])).toEqual(expected);
  });
  it('reports identity and rows together', () => {
    const issues = orderMinimumIssues({ ...ORDER_DEFAULTS, logistik: [delivery({ bezeichnung: '' })] });
    expect(issues.map((i) => i.path.join('.'))).toEqual(['objekt', 'logistik.0.bezeichnung']);
  });
});
