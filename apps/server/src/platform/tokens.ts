import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'pruefbuch';
const AUDIENCE = 'pruefbuch-api';
const ALG = 'HS256';
const MFA_TTL_SECONDS = 300;
/** Clock skew between instances that is still accepted on `iat` and on the lifetime. */
const SKEW_SECONDS = 5;
const now = () => Math.floor(Date.now() / 1000);
/** How many verified access tokens are remembered (about one per active session). */
const VERIFIED_MAX = 5_000;

export type TokenType = 'access' | 'mfa';
export interface AccessClaims {
  sub: string;
  sid: string;
  typ: 'access';
}
export interface MfaClaims {
  sub: string;
  typ: 'mfa';
}

/**
 * Signs and checks the short-lived JWTs: signature, algorithm (HS256 only), issuer, audience, type, and
 * `exp` and `iat` present with a lifetime no longer than the configured one.
 */
export function tokenService(appSecret: string, accessTtlSeconds: number, previousSecret?: string) {
  const key = new TextEncoder().encode(appSecret);
  // During a rotation (APP_SECRET_PREVIOUS) tokens signed before it still verify until they expire.
  const keys = previousSecret ? [key, new TextEncoder().encode(previousSecret)] : [key];
  const ttlOf: Record<TokenType, number> = { access: accessTtlSeconds, mfa: MFA_TTL_SECONDS };
  const sign = (claims: Record<string, unknown>, subject: string, ttlSeconds: number, issuedAt = now()) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(key);

  async function verify<T extends AccessClaims | MfaClaims>(token: string, typ: T['typ']): Promise<T | null> {
    const ttl = ttlOf[typ];
    for (const candidate of keys) {
      const claims = await verifyWith<T>(candidate, token, typ, ttl);
      if (claims !== 'bad-signature') return claims;
    }
    return null;
  }

  async function verifyWith<T extends AccessClaims | MfaClaims>(
    candidate: Uint8Array,
    token: string,
    typ: T['typ'],
    ttl: number,
  ): Promise<T | null | 'bad-signature'> {
    try {
      const { payload } = await jwtVerify(token, candidate, {
        algorithms: [ALG],
        issuer: ISSUER,
        audience: AUDIENCE,
        // A token without expiry, or minted for longer than this server hands out, is not one of ours.
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: ttl + SKEW_SECONDS,
        clockTolerance: SKEW_SECONDS,
      });
      if (payload.typ !== typ || typeof payload.sub !== 'string') return null;
      if ((payload.exp ?? 0) - (payload.iat ?? 0) > ttl + SKEW_SECONDS) return null;
      return payload as unknown as T;
    } catch (e) {
      if (e instanceof joseErrors.JWSSignatureVerificationFailed) return 'bad-signature';
      if (e instanceof joseErrors.JOSEError) return null;
      throw e;
    }
  }

  /**
   * Access tokens whose signature and claims were verified, by their whole text, until the moment they
   * stop being valid: every request of a session sends the same token, and the check (HMAC over
   * WebCrypto, per request) then runs once per token. A session revoked meanwhile is still refused:
   * that is the session query's job on every request (auth.ts), not the token's.
   */
  const verified = new Map<string, { claims: AccessClaims; until: number }>();
  async function verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = verified.get(token);
    if (known && now() < known.until) return known.claims;
    if (known) verified.delete(token);
    const claims = await verify<AccessClaims>(token, 'access');
    if (!claims) return null;
    const { exp = 0, iat = 0 } = claims as AccessClaims & { exp?: number; iat?: number };
    // As jose decides: past `exp`, or older than the lifetime, by more than the skew.
    const until = Math.min(exp, iat + ttlOf.access) + SKEW_SECONDS;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, until });
    return claims;
  }

  return {
    /** With the same `issuedAt` (seconds) the same token comes out: a repeated refresh in its grace window gets it again. */
    signAccess: (userId: string, sessionId: string, issuedAt?: number) =>
      sign({ typ: 'access', sid: sessionId }, userId, accessTtlSeconds, issuedAt),
    /** The pending token between password and second factor: good for validate2fa only, five minutes. */
    signMfa: (userId: string) => sign({ typ: 'mfa' }, userId, MFA_TTL_SECONDS),
    verifyAccess,
    verifyMfa: (token: string) => verify<MfaClaims>(token, 'mfa'),
  };
}
export type TokenService = ReturnType<typeof tokenService>;
