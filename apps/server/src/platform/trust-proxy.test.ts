import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';

/** A forged address the client writes in front of what the proxy appends. */
const forged = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('TRUST_PROXY: rotating forged X-Forwarded-For entries do not dodge the sign-in lockout', () => {
  it.each([
    // One proxy (nginx on 127.0.0.1) appended the attacker's real address 203.0.113.7.
    ['1', () => `${forged()}, ${forged()}, 203.0.113.7`],
    // Two known proxies appended the real address and their own.
    ['127.0.0.1, 10.0.0.0/8', () => `${forged()}, 203.0.113.7, 10.1.2.3`],
    // No proxy is trusted: the header is ignored, the socket's address counts.
    ['', () => forged()],
  ])('TRUST_PROXY=%j', async (setting, header) => {
    const t = await createTestApp({ TRUST_PROXY: setting });
    const user = await t.createUser();
    const attempt = (xff: string) =>
      t.api({
        method: 'POST',
        url: '/users/login',
        payload: { email: user.email, password: 'falsch' },
        headers: { 'x-forwarded-for': xff },
      });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await attempt(header())).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    if (setting === '1') {
      // The address the proxy saw is what counts: another real client is not held back.
      expect((await attempt(`${forged()}, 198.51.100.23`)).statusCode).toBe(401);
    }
  });
});
