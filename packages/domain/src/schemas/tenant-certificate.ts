import { z } from 'zod';
import { CERTIFICATE_SOURCES } from '../rules/seal-certificate';

/** The certificate a tenant's finalized PDFs are sealed under, as the settings screen shows it (decision 056). */
export const tenantCertificateSchema = z.object({
  /** 'generated': self-made on first use; 'uploaded': taken from a PKCS#12 file. */
  source: z.enum(CERTIFICATE_SOURCES),
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** SHA-256 of the certificate, 'AB:CD:…'. */
  fingerprint: z.string(),
  serialNumber: z.string(),
  /** Issued by itself: a reader shows seals as unchanged but the signer as not trusted. */
  selfSigned: z.boolean(),
  /** Certificates of the issuers that came with an upload. */
  chainLength: z.number().int(),
  createdAt: z.string(),
});
export type TenantCertificate = z.infer<typeof tenantCertificateSchema>;

/** GET tenants/{id}/certificate: null until the tenant's first seal or upload. */
export const tenantCertificateReply = z.object({ certificate: tenantCertificateSchema.nullable() });
export type TenantCertificateReply = z.infer<typeof tenantCertificateReply>;
