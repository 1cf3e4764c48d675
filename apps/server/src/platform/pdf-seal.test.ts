import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { EC_P12, RSA_P12 } from '../../test/fixtures/certificates';
import { hasPdfsig, pdfsig, tamper, verifySealInJs } from '../../test/pdf-signature';
import {
  describeCertificate,
  makeSelfSignedCertificate,
  Pkcs12Error,
  privateKeyFromPem,
  readPkcs12,
  type SealKey,
} from './certificates';
import { createPdf, pdfToBuffer } from './pdf';
import { sealPdf } from './pdf-seal';

const NAME = 'Türservice Müller GmbH';

async function report() {
  const pdf = await createPdf({
    title: 'Prüfbericht',
    subtitle: 'Schiebetür Haupteingang',
    tenant: { name: NAME, fusszeileText: 'HRB 4711 Frankfurt am Main', addressName: NAME, address: null },
  });
  return pdfToBuffer(pdf, (p) => {
    p.write('Prüfung nach DIN 18650 durchgeführt; keine Mängel.', p.left, p.doc.y, { width: 400 });
    p.doc.addPage();
    p.write('Seite zwei.', p.left, p.doc.y, { width: 400 });
  });
}

let selfMade: Promise<SealKey> | null = null;
const selfMadeKey = () => {
  selfMade ??= makeSelfSignedCertificate(NAME).then((m) => ({
    privateKey: privateKeyFromPem(m.privateKeyPem),
    certificate: m.certificate,
    chain: [],
  }));
  return selfMade;
};

/** Both checks of a sealed PDF: in JavaScript always, with pdfsig where it is installed (CI installs it). */
async function expectSealed(sealed: Buffer, signer: string) {
  const js = verifySealInJs(sealed);
  expect(js).toMatchObject({
    coversWholeFile: true,
    digestMatches: true,
    signatureVerifies: true,
    signingCertificateMatches: true,
    subFilter: 'ETSI.CAdES.detached',
  });
  if (hasPdfsig) {
    const result = await pdfsig(sealed);
    expect(result.valid, result.output).toBe(true);
    expect(result.wholeDocument, result.output).toBe(true);
    expect(result.signatureType).toBe('ETSI.CAdES.detached');
    expect(result.signer).toBe(signer);
  }
}

async function expectBroken(sealed: Buffer) {
  const broken = tamper(sealed);
  expect(verifySealInJs(broken).digestMatches).toBe(false);
  if (hasPdfsig) {
    const result = await pdfsig(broken);
    expect(result.valid, result.output).toBe(false);
    expect(result.output).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  }
}

describe('pdfsig (poppler-utils) for the independent check', () => {
  it(hasPdfsig ? 'is installed: every seal below is also checked by it' : 'is missing', () => {
    // CI installs poppler-utils (.ci/run): there a missing pdfsig fails instead of checking in JavaScript only.
    if (!hasPdfsig) {
      console.warn('pdfsig (poppler-utils) is not installed: the seals are checked in JavaScript only');
      expect(process.env.CI, 'CI must install poppler-utils').not.toBe('true');
    }
  });
});

describe('a self-made certificate (decision 056)', () => {
  it('names the tenant, is its own issuer and is valid for ten years', async () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const made = await makeSelfSignedCertificate(NAME, now);
    const facts = describeCertificate(made.certificate);
    expect(facts.subject).toBe(`CN=${NAME}, O=${NAME}`);
    expect(facts.issuer).toBe(facts.subject);
    expect(facts.selfSigned).toBe(true);
    expect(facts.validTo.toISOString()).toBe('2036-11-29T10:00:00.000Z');
    expect(facts.validFrom.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(facts.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(new X509Certificate(made.certificate).publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });
});

describe('sealPdf', () => {
  it('seals the whole document under a self-made certificate; a changed byte breaks it', async () => {
    const pdf = await report();
    const sealed = await sealPdf(pdf, await selfMadeKey(), { name: NAME, reason: 'Abgeschlossener Prüfbericht' });
    // An incremental update: what pdfkit wrote stays as it was, the signature field comes after it.
    expect(sealed.subarray(0, pdf.length - 1).equals(pdf.subarray(0, pdf.length - 1))).toBe(true);
    await expectSealed(sealed, NAME);
    await expectBroken(sealed);
  });

  it('seals under the RSA key of an uploaded file and embeds its issuer', async () => {
    const key = readPkcs12(RSA_P12.bytes, RSA_P12.password);
    expect(key.chain).toHaveLength(1);
    const sealed = await sealPdf(await report(), key, { name: NAME, reason: 'Prüfbericht' });
    await expectSealed(sealed, NAME);
    await expectBroken(sealed);
  });

  it('seals under the EC key of an uploaded file', async () => {
    const key = readPkcs12(EC_P12.bytes, EC_P12.password);
    expect(key.privateKey.asymmetricKeyType).toBe('ec');
    const sealed = await sealPdf(await report(), key, { name: NAME, reason: 'Prüfbericht' });
    await expectSealed(sealed, NAME);
    await expectBroken(sealed);
  });
});

describe('readPkcs12', () => {
  const problemOf = (bytes: Buffer, password: string, now?: Date) => {
    try {
      readPkcs12(bytes, password, now);
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(Pkcs12Error);
      expect(String(err)).not.toContain(password || '\u0000');
      return (err as Pkcs12Error).problem;
    }
  };

  it('opens OpenSSL 3 files (PBES2, AES-256) with RSA and EC keys', () => {
    expect(describeCertificate(readPkcs12(RSA_P12.bytes, RSA_P12.password).certificate).issuer).toContain(
      'Beispiel Test-CA',
    );
    expect(describeCertificate(readPkcs12(EC_P12.bytes, EC_P12.password).certificate).subject).toContain(NAME);
  });

  it('opens legacy files (3DES, as older Windows exports write them)', async () => {
    const made = await makeSelfSignedCertificate(NAME);
    const key = forge.pki.privateKeyFromPem(made.privateKeyPem);
    const cert = forge.pki.certificateFromAsn1(forge.asn1.fromDer(made.certificate.toString('binary')));
    const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], 'alt-und-gut', { algorithm: '3des' });
    const bytes = Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
    expect(readPkcs12(bytes, 'alt-und-gut').certificate.equals(made.certificate)).toBe(true);
  });

  it.each([
    ['a wrong password', () => [RSA_P12.bytes, 'falsch'] as const, 'wrongPassword'],
    ['an empty password', () => [EC_P12.bytes, ''] as const, 'wrongPassword'],
    ['a PDF', () => [Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'x'] as const, 'notPkcs12'],
    ['a few random bytes', () => [Buffer.from([0x30, 0x82, 0x01, 0x00, 0xff]), 'x'] as const, 'notPkcs12'],
    ['a certificate without its key', () => [Buffer.from('-----BEGIN CERTIFICATE-----'), 'x'] as const, 'notPkcs12'],
  ])('refuses %s', (_, input, problem) => {
    const [bytes, password] = input();
    expect(problemOf(bytes, password)).toBe(problem);
  });

  it('refuses a certificate that has expired or is not valid yet', () => {
    expect(problemOf(RSA_P12.bytes, RSA_P12.password, new Date('2099-01-01'))).toBe('expired');
    expect(problemOf(EC_P12.bytes, EC_P12.password, new Date('2001-01-01'))).toBe('notYetValid');
  });
});
