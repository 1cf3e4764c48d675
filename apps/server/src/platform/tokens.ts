import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'pruefbuch';
const AUDIENCE = 'pruefbuch-api';
const ALG = 'HS256';

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

/** Signs and checks the short-lived JWTs: signature, algorithm (HS256 only), issuer, audience, expiry and type. */
export function tokenService(appSecret: string, accessTtlSeconds: number) {
  const key = new TextEncoder().encode(appSecret);
  const sign = (claims: Record<string, unknown>, subject: string, ttlSeconds: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(key);

  async function verify<T extends AccessClaims | MfaClaims>(token: string, typ: T['typ']): Promise<T | null> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER, audience: AUDIENCE });
      if (payload.typ !== typ || typeof payload.sub !== 'string') return null;
      return payload as unknown as T;
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) return null;
      throw e;
    }
  }

  return {
    signAccess: (userId: string, sessionId: string) =>
      sign({ typ: 'access', sid: sessionId }, userId, accessTtlSeconds),
    /** The pending token between password and second factor: good for validate2fa only, five minutes. */
    signMfa: (userId: string) => sign({ typ: 'mfa' }, userId, 300),
    verifyAccess: (token: string) => verify<AccessClaims>(token, 'access'),
    verifyMfa: (token: string) => verify<MfaClaims>(token, 'mfa'),
  };
}
export type TokenService = ReturnType<typeof tokenService>;
