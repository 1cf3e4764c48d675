import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** A random token for links and refresh tokens: 256 bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256, so a database leak does not hand out live links. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A keyed hash (HMAC-SHA256 under the app secret) for values whose space is small enough to guess
 * through a plain hash, such as client addresses, and for tokens derived from other tokens.
 */
export const keyedHash = (appSecret: string, purpose: string, value: string) =>
  createHmac('sha256', appSecret).update(`${purpose}\0${value}`).digest('base64url');

const boxKey = (appSecret: string) =>
  Buffer.from(hkdfSync('sha256', appSecret, 'pruefbuch', 'totp-secret-at-rest', 32));

function openWith(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('sealed value is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/**
 * Symmetric encryption for secrets at rest (TOTP secrets, queued mails), keyed from the app secret.
 * During a rotation the previous secret still opens what it sealed; new values are sealed with the
 * current one, and `sealedWithPrevious` tells which values to seal anew (platform/reseal.ts).
 */
export function secretBox(appSecret: string, previousSecret?: string) {
  const key = boxKey(appSecret);
  const previous = previousSecret ? boxKey(previousSecret) : null;
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      try {
        return openWith(key, sealed);
      } catch (err) {
        if (!previous) throw err;
        return openWith(previous, sealed);
      }
    },
    /** True when only the previous secret opens this value. */
    sealedWithPrevious(sealed: string): boolean {
      if (!previous) return false;
      try {
        openWith(key, sealed);
        return false;
      } catch {
        openWith(previous, sealed);
        return true;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;
