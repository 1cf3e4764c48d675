import { CustomerRole, type CustomerRoleNumber, Role, type RoleNumber } from '@pruefbuch/domain/roles';
import { bookTypes, defectReports, pdfAssets, qrCodes } from '../src/db/schema/index';
import { folderIn, member, SLIDING_DOOR_TYPE, tag } from '../src/modules/books/books.fixtures';
import { multipart, samples } from '../src/modules/documents/documents.fixtures';
import type { TestApp } from './helper';

/**
 * One tenant with one of everything a route path can name: the access matrix and the bad-input
 * property test fill path parameters from it.
 */
export async function accessWorld(t: TestApp, name: string) {
  const tenant = await t.createTenant(`${name} ${tag()}`);
  const tenantId = tenant.id;
  const folder = await folderIn(t, tenantId, 'Frankfurt');
  const subfolder = await folderIn(t, tenantId, 'Sachsenhausen', folder);
  const owner = await member(t, Role.STANDARD_ROLE, [tenantId]);
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.api({ method, url, token: owner.token, tenant: tenantId, payload }).then((res) => {
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as { _id: string; id?: string; code?: string };
    });
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const book = await call('POST', '/books', {
    title: `Schiebetür ${tag()}`,
    folder,
    bookType: SLIDING_DOOR_TYPE,
    serviceinterval: 12,
    selfserviceinterval: 1,
  });
  const inspection = await call('POST', '/inspections', { book: book._id, when: day, kind: 'inspection' });
  const gutachten = await call('POST', '/inspections', { book: book._id, when: day, kind: 'gutachten' });
  const selfinspection = await call('POST', '/selfinspections', { book: book._id, when: day });
  // A real upload: the document routes read the stored file.
  const upload = multipart({}, { name: 'a.pdf', content: samples.pdf(), contentType: 'application/pdf' });
  const uploaded = await t.api({
    method: 'POST',
    url: `/books/${book._id}/document`,
    token: owner.token,
    tenant: tenantId,
    ...upload,
  });
  if (uploaded.statusCode >= 300) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const blob = { id: (uploaded.json() as { blob: { _id: string } }).blob._id };
  const db = t.database.db;
  const [qr] = await db
    .insert(qrCodes)
    .values({ tenantId, bookId: book._id, code: `Q${tag()}` })
    .returning();
  const [defect] = await db
    .insert(defectReports)
    .values({ tenantId, bookId: book._id, text: 'Tür schließt nicht' })
    .returning();
  const [asset] = await db
    .insert(pdfAssets)
    .values({ tenantId, bookId: book._id, blobId: blob.id, kind: 'inspection', fileName: 'a.pdf' })
    .returning();
  // A book type of its own: the delete route must not remove the seeded types other tests rely on.
  const [bookType] = await db
    .insert(bookTypes)
    .values({ type: `door-${tag()}` })
    .returning();
  const colleague = await t.createUser({ role: Role.STANDARD_ROLE, tenantIds: [tenantId] });
  if (!qr || !defect || !asset || !bookType) throw new Error('world incomplete');
  return {
    tenant,
    tenantId,
    folder,
    subfolder,
    owner,
    book: book._id,
    inspection: inspection._id,
    gutachten: gutachten._id,
    selfinspection: selfinspection._id,
    blob: blob.id,
    qr,
    defect: defect.id,
    asset: asset.id,
    bookType: bookType.id,
    colleague,
  };
}
export type AccessWorld = Awaited<ReturnType<typeof accessWorld>>;

/**
 * A caller profile: a role and, for branch users, a customer role. A later per-location scope of
 * branch users adds a location here (own / foreign customer location) and a dimension in the matrix.
 */
export interface Profile {
  label: string;
  role: RoleNumber;
  customerRole: CustomerRoleNumber | null;
}

/** The 15 demo profiles: the 12 roles, role 8 once per customer role. */
export const PROFILES: Profile[] = Object.entries(Role).flatMap(([name, role]): Profile[] =>
  role === Role.ROLE_FILIALE
    ? Object.entries(CustomerRole).map(([c, customerRole]) => ({ label: `${name}/${c}`, role, customerRole }))
    : [{ label: name, role, customerRole: null }],
);

/** A signed-in user of a profile in these tenants. */
export async function profileUser(t: TestApp, p: Profile, tenantIds: string[]) {
  const user = await t.createUser({
    role: p.role,
    tenantIds,
    ...(p.customerRole ? { customerRole: p.customerRole, customer: 1 } : {}),
  });
  return { id: user.id, email: user.email, token: (await t.login(user.email)).token };
}
export type ProfileUser = Awaited<ReturnType<typeof profileUser>>;
