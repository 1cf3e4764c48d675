/**
 * Checks a sealed PDF the way a reader does, twice over:
 * - `pdfsig` of Debian's poppler-utils (NSS underneath), an implementation independent of ours, when
 *   it is installed (CI installs it; `hasPdfsig` tells a test whether to run it);
 * - `verifySealInJs`, in JavaScript: the ByteRange covers the whole file but the signature's hex
 *   string, the CMS message digest is the SHA-256 of those bytes, the signing-certificate-v2 names the
 *   embedded certificate, and the signature over the signed attributes verifies with its public key.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';

const { asn1, pki } = forge;

export const hasPdfsig = (() => {
  try {
    execFileSync('pdfsig', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export interface PdfsigResult {
  output: string;
  valid: boolean;
  wholeDocument: boolean;
  signatureType: string | null;
  signer: string | null;
}

/** Runs pdfsig on the bytes. Its exit status is not 0 for an untrusted or broken signature; the text says which. */
export async function pdfsig(bytes: Buffer): Promise<PdfsigResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-pdfsig-'));
  const file = path.join(dir, 'sealed.pdf');
  writeFileSync(file, bytes);
  try {
    const output = await promisify(execFile)('pdfsig', [file]).then(
      (r) => r.stdout,
      (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}${err.stderr ?? ''}`,
    );
    return {
      output,
      valid: /Signature Validation: Signature is Valid\./.test(output),
      wholeDocument: /Total document signed/.test(output),
      signatureType: /Signature Type: (.+)/.exec(output)?.[1]?.trim() ?? null,
      signer: /Signer Certificate Common Name: (.+)/.exec(output)?.[1]?.trim() ?? null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface JsSealCheck {
  /** ByteRange [0, a, b, c] with a + hex + c = the file: nothing but the signature is left out. */
  coversWholeFile: boolean;
  digestMatches: boolean;
  signatureVerifies: boolean;
  signingCertificateMatches: boolean;
  subFilter: string | null;
  certificate: X509Certificate;
}

const children = (node: forge.asn1.Asn1) => node.value as forge.asn1.Asn1[];
const bytesOf = (node: forge.asn1.Asn1) => Buffer.from(node.value as string, 'binary');
const derOf = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

/** Verifies the (last) signature of a sealed PDF in JavaScript; throws when the file holds none. */
export function verifySealInJs(pdf: Buffer): JsSealCheck {
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const range = ranges.at(-1);
  if (!range) throw new Error('no ByteRange: the PDF is not signed');
  const [a, b, c, d] = range.slice(1, 5).map(Number) as [number, number, number, number];
  const hex = text.slice(a + b, c);
  const coversWholeFile = a === 0 && /^<[0-9a-fA-F]+>$/.test(hex) && c + d === pdf.length;
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const cms = Buffer.from(hex.slice(1, -1), 'hex');
  // ContentInfo → [0] → SignedData { version, digestAlgorithms, encapContentInfo, [0] certificates, …, signerInfos }
  // The hex string is padded with zeros after the DER.
  const contentInfo = asn1.fromDer(forge.util.createBuffer(cms.toString('binary')), {
    parseAllBytes: false,
  } as unknown as boolean);
  const signedData = children(children(contentInfo)[1] as forge.asn1.Asn1)[0] as forge.asn1.Asn1;
  const parts = children(signedData);
  const certificates = parts.find((p) => p.tagClass === asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
  const signerInfos = parts.at(-1) as forge.asn1.Asn1;
  const signerInfo = children(signerInfos)[0] as forge.asn1.Asn1;
  const certDer = derOf(children(certificates as forge.asn1.Asn1)[0] as forge.asn1.Asn1);
  const certificate = new X509Certificate(certDer);
  const info = children(signerInfo);
  const attrs = info.find((p) => p.tagClass === asn1.Class.CONTEXT_SPECIFIC && p.type === 0) as forge.asn1.Asn1;
  const signature = bytesOf(info.at(-1) as forge.asn1.Asn1);
  const attribute = (oid: string) =>
    children(attrs).find((at) => asn1.derToOid(children(at)[0]?.value as string) === oid);
  const attributeValue = (oid: string) => {
    const found = attribute(oid);
    return found ? (children(children(found)[1] as forge.asn1.Asn1)[0] as forge.asn1.Asn1) : null;
  };
  const digest = attributeValue(pki.oids.messageDigest as string);
  const essCert = attributeValue('1.2.840.113549.1.9.16.2.47');
  // signing-certificate-v2 → SEQUENCE OF ESSCertIDv2 → the first's certHash (SHA-256 by default).
  const certHash = essCert
    ? (children(children(children(essCert)[0] as forge.asn1.Asn1)[0] as forge.asn1.Asn1).find(
        (n) => n.type === asn1.Type.OCTETSTRING,
      ) ?? null)
    : null;
  // What was signed is the attributes' DER with the SET tag instead of [0] IMPLICIT.
  const attrsDer = derOf(attrs);
  attrsDer[0] = 0x31;
  return {
    coversWholeFile,
    digestMatches: !!digest && bytesOf(digest).equals(sha256(signed)),
    signatureVerifies: verify('sha256', attrsDer, certificate.publicKey, signature),
    signingCertificateMatches: !!certHash && bytesOf(certHash).equals(sha256(certDer)),
    subFilter:
      /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(text.slice(Math.max(0, (range.index ?? 0) - 1000), range.index))?.[1] ??
      null,
    certificate,
  };
}

/** The same bytes with one byte inside the signed range changed (a byte of the first page's content). */
export function tamper(pdf: Buffer): Buffer {
  const copy = Buffer.from(pdf);
  const at = copy.indexOf('stream') + 20;
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
}
