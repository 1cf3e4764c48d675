/**
 * PAdES seals of finished PDFs (decision 056). @signpdf/placeholder-plain appends a signature field to
 * the document as an incremental update (the bytes pdfkit wrote stay as they are), @signpdf/signpdf
 * fills in the ByteRange, which covers the whole file but the signature's own hex string, and asks
 * the signer below for the CMS signature of those bytes.
 *
 * The signature is PAdES baseline B-B: SubFilter ETSI.CAdES.detached, a detached CMS SignedData over
 * SHA-256 whose signed attributes are content type, message digest and ESS signing-certificate-v2
 * (the hash of the signer's certificate, so it cannot be swapped); the signing time is the
 * dictionary's M entry, not a CMS attribute (ETSI EN 319 142-1). The CMS is written with node-forge's
 * ASN.1 writer; hashing and the RSA or ECDSA signature are node:crypto's, so sealing costs about a
 * millisecond next to the rendering (bench/pdf.ts).
 */
import { createHash, sign } from 'node:crypto';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import type { SealKey } from './certificates';

const { asn1, pki } = forge;
const { Class, Type } = asn1;

/**
 * Bytes reserved for the CMS in the document (hex-encoded, so twice as many characters): its certificates as
 * they are, and room for the rest (algorithms, signed attributes, a signature of up to RSA 4096).
 */
export const sealReservedBytes = (key: SealKey) =>
  2048 + key.certificate.length + key.chain.reduce((sum, c) => sum + c.length, 0);

const OID = {
  data: pki.oids.data as string,
  signedData: pki.oids.signedData as string,
  contentType: pki.oids.contentType as string,
  messageDigest: pki.oids.messageDigest as string,
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: pki.oids.sha256 as string,
  rsaEncryption: pki.oids.rsaEncryption as string,
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
};

const oid = (id: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(id).getBytes());
const seq = (items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SET, true, items);
const octets = (b: Buffer) => asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, b.toString('binary'));
const integer = (n: number) => asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const nothing = () => asn1.create(Class.UNIVERSAL, Type.NULL, false, '');
const tagged0 = (items: forge.asn1.Asn1[]) => asn1.create(Class.CONTEXT_SPECIFIC, 0, true, items);
const fromDer = (b: Buffer) => asn1.fromDer(forge.util.createBuffer(b.toString('binary')));
const toDer = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);

/** The issuer and serial number of a certificate (its TBSCertificate's fields), which name the signer. */
function issuerAndSerial(certificate: forge.asn1.Asn1) {
  const tbs = (certificate.value as forge.asn1.Asn1[])[0] as forge.asn1.Asn1;
  const fields = tbs.value as forge.asn1.Asn1[];
  // [0] version is optional (absent in v1 certificates).
  const at = fields[0]?.tagClass === Class.CONTEXT_SPECIFIC ? 1 : 0;
  const serial = fields[at];
  const issuer = fields[at + 2];
  if (!serial || !issuer) throw new Error('certificate without issuer or serial number');
  return seq([issuer, serial]);
}

/** The CMS signer of @signpdf: a detached CAdES signature of the bytes it is given. */
export class CadesSigner extends Signer {
  constructor(private readonly key: SealKey) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const certificate = fromDer(this.key.certificate);
    const signedAttributes = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, octets(sha256(content))),
      // SigningCertificateV2 { certs SEQUENCE OF ESSCertIDv2 { certHash } }, SHA-256 being the default algorithm.
      attribute(OID.signingCertificateV2, seq([seq([seq([octets(sha256(this.key.certificate))])])])),
    ];
    // The signature covers the DER of the attributes as a SET (RFC 5652 5.4), stored as [0] IMPLICIT.
    const ec = this.key.privateKey.asymmetricKeyType === 'ec';
    const signature = sign('sha256', toDer(set(signedAttributes)), this.key.privateKey);
    const digestAlgorithm = seq([oid(OID.sha256), nothing()]);
    const signerInfo = seq([
      integer(1),
      issuerAndSerial(certificate),
      digestAlgorithm,
      tagged0(signedAttributes),
      ec ? seq([oid(OID.ecdsaWithSha256)]) : seq([oid(OID.rsaEncryption), nothing()]),
      octets(signature),
    ]);
    const signedData = seq([
      integer(1),
      set([digestAlgorithm]),
      seq([oid(OID.data)]),
      tagged0([certificate, ...this.key.chain.map(fromDer)]),
      set([signerInfo]),
    ]);
    return toDer(seq([oid(OID.signedData), tagged0([signedData])]));
  }
}

export interface SealInfo {
  /** The signer's name in the signature dictionary (the tenant). */
  name: string;
  /** Why the document was sealed, shown by readers beside the signature. */
  reason: string;
  location?: string;
  contactInfo?: string;
  signingTime?: Date;
}

/**
 * Seals a finished PDF: the same document with an invisible signature field whose PAdES signature
 * covers every byte but its own. A reader shows it as signed and unchanged; any later change of a
 * byte breaks the signature.
 */
export async function sealPdf(pdf: Buffer, key: SealKey, info: SealInfo): Promise<Buffer> {
  const prepared = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: info.reason,
    name: info.name,
    location: info.location ?? '',
    contactInfo: info.contactInfo ?? '',
    signingTime: info.signingTime,
    signatureLength: sealReservedBytes(key),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Prüfbuch',
  });
  return new SignPdf().sign(prepared, new CadesSigner(key), info.signingTime);
}
