import { resources } from '@pruefbuch/domain/locales/resources';
import { describe, expect, it } from 'vitest';
import { AMPEL_STATE_COLOR, type AmpelState, ampelState, ampelTextKeys } from './ampel';

describe('ampelState', () => {
  it.each([
    ['green', false, 'green'],
    ['orange', false, 'orange'],
    ['red', false, 'red'],
    ['black', false, 'black'],
    [null, false, 'none'],
    [undefined, false, 'none'],
    ['purple', false, 'none'],
    ['green', true, 'shutdown'],
    [null, true, 'shutdown'],
  ] as const)('%s, shut down %s → %s', (ampel, shutDown, state) => {
    expect(ampelState(ampel, shutDown)).toBe(state);
  });

  const states = Object.keys(AMPEL_STATE_COLOR) as AmpelState[];
  it.each(['de', 'en'] as const)('every state has a label and a meaning in %s', (lang) => {
    const qr = resources[lang].translation.qr as unknown as { ampel: Record<string, Record<string, unknown>> };
    for (const state of states) {
      const keys = ampelTextKeys(state);
      expect(typeof qr.ampel[state]?.label, keys.label).toBe('string');
      expect(typeof qr.ampel[state]?.meaning, keys.meaning).toBe('string');
    }
  });

  it('says what the colours mean in German', () => {
    const { ampel } = resources.de.translation.qr as unknown as { ampel: Record<string, Record<string, string>> };
    expect(ampel.green?.meaning).toBe('In Ordnung');
    expect(ampel.orange?.meaning).toBe('Prüfung bald fällig');
    expect(ampel.red?.meaning).toBe('Prüfung überfällig');
    expect(ampel.black?.meaning).toBe('Außer Betrieb oder lange überfällig');
  });
});
