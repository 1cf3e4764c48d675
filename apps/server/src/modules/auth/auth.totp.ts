import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const make = (secret: Secret, label = '') =>
  new TOTP({ issuer: 'Prüfbuch', label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const otpauthUrl = (base32: string, email: string) => make(Secret.fromBase32(base32), email).toString();

/**
 * The time step a code belongs to (one step of drift either way), or null when it is wrong.
 * Callers store the step and refuse any step not newer than the last one: a code works once.
 */
export function totpStep(base32: string, code: string, now = Date.now()): number | null {
  const delta = make(Secret.fromBase32(base32)).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}
