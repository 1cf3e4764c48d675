/**
 * Which certificate seals a finalized record's PDF, and what an uploaded PKCS#12 file is refused for
 * (docs/decisions/056-sealed-pdfs.md). SPEC names no certificate: each tenant seals under its own, a
 * self-made one made on first use or one the tenant's admins upload (the company's, from a CA).
 */

export const CERTIFICATE_SOURCES = ['generated', 'uploaded'] as const;
export type CertificateSource = (typeof CERTIFICATE_SOURCES)[number];

/** Days before its end a certificate is shown as expiring, so an admin uploads the next one in time. */
export const EXPIRY_WARNING_DAYS = 60;

export type CertificateState = 'valid' | 'expiresSoon' | 'expired' | 'notYetValid';

/** The state of a certificate on a day: an expired or not yet valid one cannot make a valid seal. */
export function certificateState(validFrom: Date, validTo: Date, now = new Date()): CertificateState {
  if (now < validFrom) return 'notYetValid';
  if (now >= validTo) return 'expired';
  return validTo.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * 86_400_000 ? 'expiresSoon' : 'valid';
}

export type SealAction = 'use' | 'generate';

/**
 * One row per situation at sealing time: 'use' seals with the stored certificate, 'generate' makes
 * a self-made one first (stored for the tenant, replacing the unusable one) and seals with it. A
 * finalize is never refused for want of a certificate: the record is the legal document, its seal
 * only proves it unchanged.
 */
export const SEAL_RULES: Readonly<Record<'none' | `${CertificateSource}:${CertificateState}`, SealAction>> = {
  none: 'generate',
  'generated:valid': 'use',
  'generated:expiresSoon': 'use',
  'generated:expired': 'generate',
  'generated:notYetValid': 'generate',
  'uploaded:valid': 'use',
  'uploaded:expiresSoon': 'use',
  // The company's certificate ran out and nobody uploaded the next: a self-made seal rather than an invalid one.
  'uploaded:expired': 'generate',
  'uploaded:notYetValid': 'generate',
};

export function sealAction(
  stored: { source: CertificateSource; validFrom: Date; validTo: Date } | null,
  now = new Date(),
): SealAction {
  if (!stored) return SEAL_RULES.none;
  return SEAL_RULES[`${stored.source}:${certificateState(stored.validFrom, stored.validTo, now)}`];
}

/** Why an uploaded PKCS#12 file is refused. */
export const PKCS12_PROBLEMS = [
  'notPkcs12',
  'wrongPassword',
  'noKey',
  'unsupportedKey',
  'noCertificate',
  'expired',
  'notYetValid',
] as const;
export type Pkcs12Problem = (typeof PKCS12_PROBLEMS)[number];

/** The form field and reason key (locales validation.*) of each refusal: a 400 at that field. */
export const PKCS12_REFUSALS = {
  notPkcs12: { field: 'file', key: 'validation.pkcs12.file' },
  wrongPassword: { field: 'password', key: 'validation.pkcs12.password' },
  noKey: { field: 'file', key: 'validation.pkcs12.noKey' },
  unsupportedKey: { field: 'file', key: 'validation.pkcs12.keyType' },
  noCertificate: { field: 'file', key: 'validation.pkcs12.noCertificate' },
  expired: { field: 'file', key: 'validation.pkcs12.expired' },
  notYetValid: { field: 'file', key: 'validation.pkcs12.notYetValid' },
} as const satisfies Record<Pkcs12Problem, { field: 'file' | 'password'; key: `validation.${string}` }>;

/** Largest PKCS#12 file taken (a key with a chain of a few certificates is a few KiB). */
export const PKCS12_MAX_BYTES = 64 * 1024;
