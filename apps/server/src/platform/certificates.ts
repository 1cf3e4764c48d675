/**
 * The certificates PDFs are sealed under (decision 056): a self-made one per tenant, or the key and
 * certificate taken from an uploaded PKCS#12 file. node-forge unwraps PKCS#12 (legacy 3DES/RC2 and
 * PBES2/AES alike) and writes the self-made certificate; node:crypto holds the keys and reads the
 * certificates (X509Certificate), so RSA and EC keys from a CA both work.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  randomBytes,
  sign,
  X509Certificate,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { Pkcs12Problem } from '@pruefbuch/domain/rules/seal-certificate';
import forge from 'node-forge';

const { asn1, pki } = forge;

/** A sealing key as the signer uses it: the private key, its certificate and the issuers' certificates (DER). */
export interface SealKey {
  privateKey: KeyObject;
  certificate: Buffer;
  chain: Buffer[];
}

/** What an admin sees of a certificate (GET tenants/{id}/certificate). */
export interface CertificateFacts {
  subject: string;
  issuer: string;
  validFrom: Date;
  validTo: Date;
  /** SHA-256 of the DER, as 'AB:CD:…', the way certificate viewers show it. */
  fingerprint: string;
  serialNumber: string;
  selfSigned: boolean;
}

/** Why an uploaded file cannot seal (rules/seal-certificate.ts PKCS12_REFUSALS names its field and reason). */
export class Pkcs12Error extends Error {
  constructor(readonly problem: Pkcs12Problem) {
    super(`PKCS#12 refused: ${problem}`);
  }
}

/** How long a self-made certificate is valid. */
export const SELF_MADE_YEARS = 10;

/** forge's own step of cert.sign, which its type declarations leave out. */
type ForgeTbs = { getTBSCertificate(cert: forge.pki.Certificate): forge.asn1.Asn1 };
const toDer = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const pem = (label: string, der: Buffer) =>
  `-----BEGIN ${label}-----\n${der
    .toString('base64')
    .replace(/.{64}/g, '$&\n')
    .replace(/\n$/, '')}\n-----END ${label}-----\n`;
export const certificatePem = (der: Buffer) => pem('CERTIFICATE', der);
export const certificateDer = (text: string) => Buffer.from(new X509Certificate(text).raw);

/**
 * A self-signed certificate for sealing in the tenant's name: RSA 2048 made by node:crypto (forge's own
 * key generation is JavaScript and takes seconds), subject CN and O = the tenant's name, valid
 * SELF_MADE_YEARS from `now`, key usage digital signature and non-repudiation (content commitment).
 */
export async function makeSelfSignedCertificate(
  name: string,
  now = new Date(),
): Promise<{ privateKeyPem: string; certificate: Buffer }> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const forgeKey = pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string);
  const cert = pki.createCertificate();
  cert.publicKey = pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  // A positive 128-bit serial (RFC 5280: at most 20 octets, not negative).
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + SELF_MADE_YEARS);
  // forge encodes a UTF8String value itself; X.520 allows 64 characters.
  const value = name.trim().slice(0, 64) || 'Prüfbuch';
  const attrs = [
    { name: 'commonName', value, valueTagClass: asn1.Type.UTF8 },
    { name: 'organizationName', value, valueTagClass: asn1.Type.UTF8 },
  ] as unknown as forge.pki.CertificateField[];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  // Signed by node:crypto, as forge's cert.sign would (SHA-256 with RSA over the DER of the TBS part): forge's
  // own RSA is JavaScript and blocked the event loop for about 100 ms per certificate.
  cert.signatureOid = cert.siginfo.algorithmOid = pki.oids.sha256WithRSAEncryption as string;
  cert.tbsCertificate = (pki as unknown as ForgeTbs).getTBSCertificate(cert);
  cert.signature = sign('sha256', toDer(cert.tbsCertificate), privateKey).toString('binary');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    certificate: toDer(pki.certificateToAsn1(cert)),
  };
}

/** The facts of a certificate (PEM or DER) for the settings screen. */
export function describeCertificate(certificate: string | Buffer): CertificateFacts {
  const x = new X509Certificate(certificate);
  return {
    subject: readableName(x.subject),
    issuer: readableName(x.issuer),
    validFrom: new Date(x.validFrom),
    validTo: new Date(x.validTo),
    fingerprint: x.fingerprint256,
    serialNumber: x.serialNumber,
    selfSigned: x.subject === x.issuer && x.verify(x.publicKey),
  };
}

/** 'CN=Türservice GmbH\nO=Türservice GmbH' → 'CN=Türservice GmbH, O=Türservice GmbH'. */
const readableName = (dn: string) => dn.split('\n').filter(Boolean).join(', ');

/**
 * Opens an uploaded PKCS#12 file with its password and takes the private key, the certificate that
 * belongs to it and the other certificates (the issuers). The password is used here and nowhere else;
 * it is neither kept nor put into an error. Refusals are Pkcs12Errors naming the problem.
 */
export function readPkcs12(bytes: Buffer, password: string, now = new Date()): SealKey {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const der = asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')), false);
    p12 = pkcs12Of(der, password);
  } catch (err) {
    throw err instanceof Pkcs12Error ? err : new Pkcs12Error('notPkcs12');
  }
  const keyBags = [...bagsOf(p12, BAG.shroudedKey), ...bagsOf(p12, BAG.key)];
  const keys = keyBags.map(privateKeyOf).filter((k): k is KeyObject => k !== null);
  if (keys.length === 0) throw new Pkcs12Error(keyBags.length ? 'unsupportedKey' : 'noKey');
  const certBags = bagsOf(p12, BAG.certificate);
  // forge reads RSA certificates; others (EC) it leaves as ASN.1, which node:crypto reads.
  const all: Buffer[] = [];
  for (const bag of certBags) {
    if (bag.cert) all.push(toDer(pki.certificateToAsn1(bag.cert)));
    else if (bag.asn1) all.push(toDer(bag.asn1));
  }
  for (const privateKey of keys) {
    const own = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
    const certificate = all.find((c) =>
      new X509Certificate(c).publicKey.export({ type: 'spki', format: 'der' }).equals(own),
    );
    if (!certificate) continue;
    const x = new X509Certificate(certificate);
    if (new Date(x.validTo) <= now) throw new Pkcs12Error('expired');
    if (new Date(x.validFrom) > now) throw new Pkcs12Error('notYetValid');
    return { privateKey, certificate, chain: all.filter((c) => c !== certificate) };
  }
  throw new Pkcs12Error('noCertificate');
}

/** PKCS#12 bag types (RFC 7292 4.2). */
const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  certificate: '1.2.840.113549.1.12.10.1.3',
};
const bagsOf = (p12: forge.pkcs12.Pkcs12Pfx, bagType: string): forge.pkcs12.Bag[] =>
  p12.getBags({ bagType })[bagType] ?? [];

/** forge says 'Invalid password?' when the MAC does not match; a file without a MAC fails at the key instead. */
function pkcs12Of(der: forge.asn1.Asn1, password: string) {
  try {
    return forge.pkcs12.pkcs12FromAsn1(der, false, password);
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/password/i.test(message)) throw new Pkcs12Error('wrongPassword');
    throw err;
  }
}

/** RSA and EC keys seal (the signer writes their CMS algorithms); anything else is refused. */
function privateKeyOf(bag: forge.pkcs12.Bag): KeyObject | null {
  let der: Buffer | null = null;
  if (bag.key) der = toDer(pki.wrapRsaPrivateKey(pki.privateKeyToAsn1(bag.key)));
  else if (bag.asn1) der = toDer(bag.asn1);
  if (!der) return null;
  try {
    const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'ec' ? key : null;
  } catch {
    return null;
  }
}

/** The stored form of a sealing key: the private key as PKCS#8 PEM (sealed by the caller), the certificates as PEM. */
export const privateKeyPem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }) as string;
export const privateKeyFromPem = (text: string) => createPrivateKey(text);
