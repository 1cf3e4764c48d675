import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenService } from './tokens';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';
const USER = '7f1d3b0e-2c4a-4e8f-9a6b-1c2d3e4f5a6b';
const SESSION = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts an access token again and again while it is valid, and refuses it once it has expired, remembered or not', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T08:00:00Z'), toFake: ['Date'] });
    const tokens = tokenService(SECRET, 900);
    const token = await tokens.signAccess(USER, SESSION);
    for (let i = 0; i < 3; i++) expect(await tokens.verifyAccess(token)).toMatchObject({ sub: USER, sid: SESSION });
    vi.setSystemTime(new Date('2026-11-26T08:15:04Z'));
    expect(await tokens.verifyAccess(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-26T08:15:05Z'));
    expect(await tokens.verifyAccess(token)).toBeNull();
    expect(await tokenService(SECRET, 900).verifyAccess(token)).toBeNull();
  });

  it('refuses a changed token, one of another secret and a second-factor token, also after a valid one was remembered', async () => {
    const tokens = tokenService(SECRET, 900);
    const token = await tokens.signAccess(USER, SESSION);
    expect(await tokens.verifyAccess(token)).not.toBeNull();
    const [head, body, signature = ''] = token.split('.');
    const flipped = `${head}.${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verifyAccess(flipped)).toBeNull();
    expect(await tokens.verifyAccess(await tokenService(`${SECRET}x`, 900).signAccess(USER, SESSION))).toBeNull();
    expect(await tokens.verifyAccess(await tokens.signMfa(USER))).toBeNull();
    expect(await tokens.verifyMfa(token)).toBeNull();
  });
});
