import { describe, expect, it } from 'vitest';
import { translate } from '../locales/resources';
import {
  certificateState,
  EXPIRY_WARNING_DAYS,
  PKCS12_PROBLEMS,
  PKCS12_REFUSALS,
  SEAL_RULES,
  sealAction,
} from './seal-certificate';

const now = new Date('2026-11-29T10:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('certificateState (decision 056)', () => {
  it.each([
    ['not valid before its start', days(1), days(400), 'notYetValid'],
    ['valid far from its end', days(-1), days(EXPIRY_WARNING_DAYS + 1), 'valid'],
    ['expiring within the warning days', days(-1), days(EXPIRY_WARNING_DAYS), 'expiresSoon'],
    ['expiring tomorrow', days(-400), days(1), 'expiresSoon'],
    ['expired at its end', days(-400), now, 'expired'],
    ['expired long ago', days(-800), days(-400), 'expired'],
  ] as const)('%s', (_, from, to, state) => {
    expect(certificateState(from, to, now)).toBe(state);
  });
});

describe('SEAL_RULES: which certificate seals (decision 056)', () => {
  const valid = { validFrom: days(-10), validTo: days(3650) };
  const soon = { validFrom: days(-10), validTo: days(10) };
  const expired = { validFrom: days(-800), validTo: days(-1) };
  const future = { validFrom: days(5), validTo: days(3650) };
  it.each([
    ['none', null, 'generate'],
    ['generated:valid', { source: 'generated', ...valid }, 'use'],
    ['generated:expiresSoon', { source: 'generated', ...soon }, 'use'],
    ['generated:expired', { source: 'generated', ...expired }, 'generate'],
    ['generated:notYetValid', { source: 'generated', ...future }, 'generate'],
    ['uploaded:valid', { source: 'uploaded', ...valid }, 'use'],
    ['uploaded:expiresSoon', { source: 'uploaded', ...soon }, 'use'],
    ['uploaded:expired', { source: 'uploaded', ...expired }, 'generate'],
    ['uploaded:notYetValid', { source: 'uploaded', ...future }, 'generate'],
  ] as const)('%s → %s', (row, stored, action) => {
    expect(SEAL_RULES[row]).toBe(action);
    expect(sealAction(stored, now)).toBe(action);
  });
  it('has exactly the rows tested above', () => {
    expect(Object.keys(SEAL_RULES)).toHaveLength(9);
  });
});

describe('PKCS12_REFUSALS: the field and reason of each refused upload', () => {
  it.each([
    ['notPkcs12', 'file'],
    ['wrongPassword', 'password'],
    ['noKey', 'file'],
    ['unsupportedKey', 'file'],
    ['noCertificate', 'file'],
    ['expired', 'file'],
    ['notYetValid', 'file'],
  ] as const)('%s → at %s, with a German and an English text', (problem, field) => {
    const refusal = PKCS12_REFUSALS[problem];
    expect(refusal.field).toBe(field);
    for (const lang of ['de', 'en'] as const) {
      const text = translate(lang, refusal.key);
      expect(text).not.toBe(refusal.key);
      expect(text.length).toBeGreaterThan(10);
    }
  });
  it('covers every problem', () => {
    expect(Object.keys(PKCS12_REFUSALS).sort()).toEqual([...PKCS12_PROBLEMS].sort());
  });
});
