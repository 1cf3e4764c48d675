import { describe, expect, it } from 'vitest';
import { MAIL_ACTIONS, MAIL_MESSAGE_MAX, MAIL_RULES, mailWaitSeconds } from './mail-limits';

describe('the mail rules (decision 036)', () => {
  it('has a row for every action and nothing else', () => {
    expect(Object.keys(MAIL_RULES).sort()).toEqual([...MAIL_ACTIONS].sort());
  });
  it.each([
    ['order-transfer', { max: 30, windowSeconds: 3600 }, { max: 10, windowSeconds: 86400 }],
    ['ktb-reminder', { max: 20, windowSeconds: 3600 }, { max: 3, windowSeconds: 86400 }],
    ['defect-report', null, { max: 10, windowSeconds: 86400 }],
  ] as const)('%s', (action, perUser, perRecord) => {
    expect(MAIL_RULES[action]).toEqual({ perUser, perRecord });
  });
  it('caps the free text at 1,000 characters', () => {
    expect(MAIL_MESSAGE_MAX).toBe(1000);
  });
});

describe('mailWaitSeconds', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  const limit = { max: 3, windowSeconds: 600 };
  it.each([
    ['no mail yet', [], 0],
    ['below the limit', [ago(10), ago(20)], 0],
    ['at the limit: until the third newest leaves', [ago(10), ago(20), ago(100)], 500],
    ['more rows than the limit: the max-th newest counts', [ago(1), ago(2), ago(599.5), ago(599.9)], 1],
    ['the max-th newest already out of the window', [ago(10), ago(20), ago(700)], 0],
  ])('%s', (_, recent, wait) => {
    expect(mailWaitSeconds(limit, recent, now)).toBe(wait);
  });
});
