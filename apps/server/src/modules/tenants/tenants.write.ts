import { randomUUID } from 'node:crypto';
import { Role } from '@pruefbuch/domain/roles';
import type { TenantUpdate, TenantWrite } from '@pruefbuch/domain/schemas/tenant';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AddressValue, folders, tenants } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { RequestContext } from '../../platform/context';
import { AppError, badField, conflict, notFound } from '../../platform/errors';
import { fileShasOfTenants } from '../../platform/files';
import { scheduleFileRemovals } from '../../platform/files-removals';
import { mayUseTenant } from '../../platform/tenancy';
import { versionedUpdate } from '../../platform/versioned-write';
import { countryExists } from '../countries/countries.repo';
import { countBooksOfTenant, findTenant, isTechAcceptor, type TenantRow, toTenantDto, urlTaken } from './tenants.repo';

/**
 * What a change of a tenant sets off in the books module, which this module may not import (every
 * module reads tenants; docs/decisions/018). app.ts plugs in books.schedule.ts.
 */
export interface TenantPorts {
  /** Recolours the tenant's books after new ampel thresholds, inside `tx`. */
  thresholdsChanged(tx: Executor, tenantId: string): Promise<unknown>;
}

const urlExists = () =>
  new AppError('URL_EXISTS', 409, [{ field: 'url', key: 'errors.URL_EXISTS', message: 'URL_EXISTS' }]);

/** Two saves of the same url at once both pass the check; the unique index refuses the second. */
async function withUniqueUrl<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause;
    if (cause?.code === '23505' && cause.constraint === 'tenants_url_unique') throw urlExists();
    throw err;
  }
}

/**
 * Checks what the schema cannot: the url is free, the country exists, and a newly chosen default
 * acceptor is an acceptor (of this tenant, once it exists).
 */
async function assertWritable(db: Executor, input: TenantWrite, current: TenantRow | null) {
  if (await urlTaken(db, input.url, current?.id)) throw urlExists();
  const country = input.address?.country;
  if (country && !(await countryExists(db, country))) throw badField('address.country', 'validation.country');
  const acceptor = input.defaultTechAcceptor;
  if (acceptor && acceptor !== current?.defaultTechAcceptor) {
    if (!(await isTechAcceptor(db, acceptor, current?.id ?? null))) {
      throw badField('defaultTechAcceptor', 'validation.techAcceptor');
    }
  }
}

/** The columns of a write; an address keeps its _id across saves, a new one gets one. */
function columnsOf(input: TenantWrite, current: TenantRow | null) {
  const address: AddressValue | null = input.address
    ? { _id: current?.address?._id ?? randomUUID(), ...input.address }
    : null;
  return {
    name: input.name,
    url: input.url,
    fusszeileText: input.fusszeileText,
    addressName: input.addressName,
    notificationEmail: input.notificationEmail,
    hotHint: input.hotHint,
    defaultTechAcceptor: input.defaultTechAcceptor,
    techAcceptor: input.techAcceptor,
    importDataClarificationSheet: input.importDataClarificationSheet,
    address,
    // Left out: the database's defaults on create, the stored values on update.
    ...(input.ampelOrangeDays !== undefined ? { ampelOrangeDays: input.ampelOrangeDays } : {}),
    ...(input.ampelBlackDays !== undefined ? { ampelBlackDays: input.ampelBlackDays } : {}),
    ...(input.retentionYears !== undefined ? { retentionYears: input.retentionYears } : {}),
  };
}

const audit = (id: string, action: 'create' | 'update' | 'delete') => ({
  entity: 'tenant' as const,
  entityId: id,
  tenantId: id,
  action,
});

/** POST tenants (admins). */
export function create(ctx: RequestContext, input: TenantWrite) {
  return withUniqueUrl(() =>
    ctx.db.transaction(async (tx) => {
      await assertWritable(tx, input, null);
      const [row] = await tx.insert(tenants).values(columnsOf(input, null)).returning();
      if (!row) throw new Error('tenant insert returned nothing');
      await recordChanges(tx, ctx, audit(row.id, 'create'), null, row);
      return toTenantDto(row);
    }),
  );
}

/**
 * PUT tenants/{id}: admins any tenant, tenant admins their own (another is a 404). The body's
 * __v must be the stored version, else 409 and nothing changes.
 */
export function update(ctx: RequestContext, id: string, input: TenantUpdate, ports: TenantPorts) {
  return withUniqueUrl(() =>
    ctx.db.transaction(async (tx) => {
      const { current, row } = await versionedUpdate(tx, tenants, {
        tenantId: null,
        id,
        __v: input.__v,
        lock: async () => {
          const found = await findTenant(tx, id, { forUpdate: true });
          return found && (await mayUseTenant(tx, ctx.user, id)) ? found : null;
        },
        set: async (current) => {
          // The retention keeps records the law asks for: only admins change it (decision 059).
          if (
            input.retentionYears !== undefined &&
            input.retentionYears !== current.retentionYears &&
            ctx.user.role !== Role.ADMIN_ROLE
          ) {
            throw new AppError('FIELD_NOT_PERMITTED', 403, [
              { field: 'retentionYears', key: 'errors.FIELD_NOT_PERMITTED', message: 'FIELD_NOT_PERMITTED' },
            ]);
          }
          await assertWritable(tx, input, current);
          return columnsOf(input, current);
        },
        audit: { ctx, entity: 'tenant', tenantId: id, before: (c) => c, after: (r) => r },
      });
      // New thresholds colour the tenant's books anew at once.
      if (row.ampelOrangeDays !== current.ampelOrangeDays || row.ampelBlackDays !== current.ampelBlackDays) {
        await ports.thresholdsChanged(tx, id);
      }
      return toTenantDto(row);
    }),
  );
}

/**
 * DELETE tenants/{id} (admins): only a tenant without books; its folders, memberships and
 * unattached uploads go with it, and after the grace period their files that no other blob shares.
 */
export async function remove(ctx: RequestContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    // The row lock makes a book insert of this tenant (which locks the row for its foreign key) wait.
    const current = await findTenant(tx, id, { forUpdate: true });
    if (!current) throw notFound();
    if ((await countBooksOfTenant(tx, id)) > 0) throw conflict('TENANT_NOT_EMPTY');
    const gone = await tx.delete(folders).where(eq(folders.tenantId, id)).returning();
    for (const f of gone) {
      await recordChanges(tx, ctx, { entity: 'folder', entityId: f.id, tenantId: id, action: 'delete' }, f, null);
    }
    const files = await fileShasOfTenants(tx, [id]);
    await tx.delete(tenants).where(eq(tenants.id, id));
    await recordChanges(tx, ctx, audit(id, 'delete'), current, null);
    await scheduleFileRemovals(tx, files, ctx.deps.config.fileRemovalGraceHours);
  });
}
