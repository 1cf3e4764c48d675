import { Role } from '@pruefbuch/domain/roles';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { books, inspections, users, userTenants } from '../db/schema/index';
import { archiveInspectionPdf } from '../modules/pdf/pdf.archive';
import type { AppDeps, TenantContext } from '../platform/context';
import type { SecretBox } from '../platform/crypto';
import type { FileStore } from '../platform/files';

/** How many of the demo's installations get the PDF of their latest report archived and sealed. */
const SEALED_BOOKS = 6;

/**
 * The demo's finalized reports were written without a finalize, so they have no archived PDF. The latest
 * inspection, maintenance or expert report of a few installations gets its PDF as a finalize keeps it:
 * rendered, sealed under the tenant's certificate (self-made by the first seal, shown on the tenant's page)
 * and stored as a PDF asset of the book (decision 056). Needs the file store and the app secret's box.
 */
export async function seedDemoSealedPdfs(
  tx: Executor,
  tenantId: string,
  deps: { files?: FileStore; secrets?: SecretBox },
) {
  if (!deps.files || !deps.secrets) return 0;
  const [admin] = await tx
    .select({ id: users.id, email: users.email, abbreviation: users.abbreviation })
    .from(users)
    .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId)))
    .where(eq(users.role, Role.ADMIN_ROLE))
    .limit(1);
  if (!admin) return 0;
  const records = await tx
    .select({ id: inspections.id, bookId: inspections.bookId })
    .from(inspections)
    .innerJoin(books, and(eq(books.id, inspections.bookId), eq(books.tenantId, tenantId)))
    .where(
      and(
        eq(inspections.tenantId, tenantId),
        isNotNull(inspections.finalizedAt),
        inArray(inspections.kind, ['inspection', 'wartung', 'gutachten']),
      ),
    )
    .orderBy(desc(inspections.when), desc(inspections.finalizedAt));
  const latest = new Map<string, string>();
  for (const r of records) if (!latest.has(r.bookId) && latest.size < SEALED_BOOKS) latest.set(r.bookId, r.id);
  const ctx = {
    db: tx as Db,
    user: {
      id: admin.id,
      email: admin.email,
      role: Role.ADMIN_ROLE,
      customerRole: null,
      department: 0,
      customer: 0,
      abbreviation: admin.abbreviation,
      auswertung: false,
      forecast: false,
      sessionId: '',
    },
    tenantId,
    lang: 'de',
    ip: '127.0.0.1',
    deps: { files: deps.files, secrets: deps.secrets } as AppDeps,
  } satisfies TenantContext;
  for (const recordId of latest.values()) await archiveInspectionPdf(ctx, tx, recordId);
  return latest.size;
}
