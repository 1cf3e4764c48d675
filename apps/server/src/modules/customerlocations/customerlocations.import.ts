/**
 * Import of customer locations from CSV or XLSX (decision 019): the file is read, its columns mapped
 * (guessed or as the user confirmed), every row checked, and the rows matched to existing locations
 * by SAP-Nr or ZNL + Nr. The preview writes nothing; the import writes every row in one
 * transaction, and refuses the file while a row has errors unless the user chose to skip those rows.
 */
import type { CustomerNumber } from '@pruefbuch/domain/roles';
import {
  guessMapping,
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
  type ImportRowValues,
  isBlankRow,
  matchKey,
  rowValues,
  writtenFields,
} from '@pruefbuch/domain/rules/location-import';
import { zipIssue } from '@pruefbuch/domain/rules/zip-codes';
import { emptyAddress } from '@pruefbuch/domain/schemas/address';
import {
  CUSTOMER_LOCATION_DEFAULTS,
  customerLocationFieldsSchema,
  type ImportChange,
  type ImportReply,
  importMappingSchema,
  importOptionsSchema,
} from '@pruefbuch/domain/schemas/customerlocation';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { customerLocations, importRunItems, importRuns, users } from '../../db/schema/index';
import { toAddressValue } from '../../platform/addresses';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { AppError, badField } from '../../platform/errors';
import { MAX_SHEET_ROWS, readSheet } from '../../platform/spreadsheet';
import { receiveSmallUpload } from '../../platform/uploads';
import { findKeyHolder, keyTaken, violatedKey } from './customerlocations.keys';
import { locationAuditView } from './customerlocations.repo';

const MAX_BYTES = 5 * 1024 * 1024;
const MAX_ROWS = MAX_SHEET_ROWS;

export interface ImportInput {
  rows: unknown[][];
  mapping: ImportMapping | null;
  skipInvalid: boolean;
  /** Whether an empty cell clears the stored value; by default it keeps it (decision 041). */
  clearEmpty: boolean;
  /** The customer the branches belong to: matching and new branches are within it. */
  customer: CustomerNumber;
  fileName: string;
}

/**
 * Reads the multipart form: file (CSV or XLSX), customer (required), mapping (JSON, optional),
 * skipInvalid ('true'), clearEmpty ('true').
 */
export async function readImportForm(req: FastifyRequest): Promise<ImportInput> {
  const { fields, file } = await receiveSmallUpload(req, MAX_BYTES);
  const options = importOptionsSchema.safeParse({ customer: fields.customer, clearEmpty: fields.clearEmpty });
  if (!options.success) {
    const issue = options.error.issues[0];
    throw badField(
      String(issue?.path[0] ?? 'customer'),
      (issue?.message ?? 'validation.invalid') as 'validation.invalid',
    );
  }
  if (!file || file.bytes.length === 0) throw badField('file', 'validation.required');
  let mapping: ImportMapping | null = null;
  if (fields.mapping) {
    let raw: unknown;
    try {
      raw = JSON.parse(fields.mapping);
    } catch {
      throw badField('mapping', 'validation.invalid');
    }
    const parsed = importMappingSchema.safeParse(raw);
    if (!parsed.success) throw badField('mapping', 'validation.invalid');
    mapping = { ...Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null])), ...parsed.data } as ImportMapping;
  }
  return {
    rows: await readSheet(file.bytes, file.name),
    mapping,
    skipInvalid: fields.skipInvalid === 'true',
    clearEmpty: options.data.clearEmpty === 'true',
    customer: options.data.customer,
    fileName: file.name,
  };
}

type LocationRow = typeof customerLocations.$inferSelect;
type Planned = ImportReply['rows'][number] & {
  values?: ImportRowValues;
  existing?: LocationRow;
  /** The fields an update writes (the file's carried fields, without empty cells unless clearing). */
  fields?: ImportField[];
};

const ADDRESS_FIELDS = new Set<ImportField>(['street', 'housenumber', 'zip', 'location', 'tel', 'email', 'country']);
type AddressField = 'street' | 'housenumber' | 'zip' | 'location' | 'tel' | 'email' | 'country';
type RowField = 'znl' | 'nr' | 'sapNr' | 'bemerkungen';

/** A field of a stored branch as text ('ruhend' as 'true' or 'false'), as the preview compares it. */
const storedText = (l: LocationRow, f: ImportField): string =>
  f === 'ruhend'
    ? String(l.ruhend)
    : ADDRESS_FIELDS.has(f)
      ? String(l.address[f as AddressField] ?? '')
      : String(l[f as RowField]);
const fileText = (v: ImportRowValues, f: ImportField): string =>
  f === 'ruhend' ? String(v.ruhend) : ADDRESS_FIELDS.has(f) ? v.address[f as AddressField] : v[f as RowField];

const nrKey = (v: { znl: string; nr: string }) =>
  v.znl || v.nr ? `nr:${v.znl.toLowerCase()}|${v.nr.toLowerCase()}` : null;
const sapKey = (v: { sapNr: string }) => (v.sapNr ? `sap:${v.sapNr.toLowerCase()}` : null);

/** The fields a row is checked against, built once (building it per row cost 1–2 s for a full file). */
const rowSchema = customerLocationFieldsSchema.pick({
  znl: true,
  nr: true,
  sapNr: true,
  bemerkungen: true,
  address: true,
});
/** Rows checked between two turns of the event loop, so a full file never holds up other requests. */
const ROWS_PER_TURN = 250;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Checks every row against the schema, the ZIP rule of its country and the chosen customer's branches;
 * writes nothing.
 */
async function plan(ctx: TenantContext, input: ImportInput) {
  const [header = [], ...body] = input.rows;
  const headers = header.map((h) => String(h ?? '').trim());
  const mapping = input.mapping ?? guessMapping(headers);
  if (body.length > MAX_ROWS) throw badField('file', 'validation.max');
  const existing = await ctx.db
    .select()
    .from(customerLocations)
    .where(and(eq(customerLocations.tenantId, ctx.tenantId), eq(customerLocations.customer, input.customer)));
  const byKey = new Map<string, LocationRow>();
  for (const l of existing) {
    // A branch is found by its SAP-Nr and by ZNL + Nr, within the chosen customer (the unique keys).
    const sap = sapKey(l);
    const nr = nrKey(l);
    if (sap) byKey.set(sap, l);
    if (nr) byKey.set(nr, l);
  }
  const seen = new Set<string>();
  const used = new Set<string>();
  const rows: Planned[] = [];
  for (const [i, cells] of body.entries()) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    if (isBlankRow(cells)) continue;
    const v = rowValues(cells, mapping);
    const errors: { field: string; key: string }[] = [];
    const key = matchKey(v);
    const found = key ? (byKey.get(key) ?? (v.sapNr ? byKey.get(nrKey(v) ?? '') : undefined)) : undefined;
    const country = v.address.country || found?.address.country || 'DE';
    const check = rowSchema.safeParse({ ...v, address: { ...emptyAddress(country), ...v.address, country } });
    if (!check.success) {
      for (const issue of check.error.issues) errors.push({ field: issue.path.join('.'), key: issue.message });
    }
    // A ZIP code the branch already has in the same country is not checked again: an odd stored code does
    // not block a re-import of the list it came from (zipIssue, as the branch form and PUT judge it).
    const zip = zipIssue(found ? found.address : null, { zip: v.address.zip, country });
    if (zip && !errors.some((e) => e.field.startsWith('address.'))) errors.push({ field: 'address.zip', key: zip });
    // A row names a branch by both its keys: a second row with either is the same branch again.
    const keys = [sapKey(v), nrKey(v)].filter((k): k is string => k !== null);
    if (!key) errors.push({ field: 'nr', key: 'validation.required' });
    else if (keys.some((k) => seen.has(k)) || (found && used.has(found.id)))
      errors.push({ field: 'nr', key: 'errors.IMPORT_DUPLICATE' });
    for (const k of keys) seen.add(k);
    if (found) used.add(found.id);
    const fields = found ? writtenFields(v, mapping, input.clearEmpty) : undefined;
    const changes: ImportChange[] =
      found && fields && errors.length === 0
        ? fields
            .map((field) => ({ field, old: storedText(found, field), new: fileText(v, field) }))
            .filter((c) => c.old !== c.new)
        : [];
    const action = errors.length ? 'error' : !found ? 'create' : changes.length ? 'update' : 'unchanged';
    rows.push({
      line: i + 2,
      znl: v.znl,
      nr: v.nr,
      sapNr: v.sapNr,
      zip: v.address.zip,
      location: v.address.location,
      action,
      errors,
      changes,
      values: { ...v, address: { ...v.address, country } },
      existing: found,
      fields,
    });
  }
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of rows) counts[r.action] += 1;
  return { headers, mapping, rows, counts };
}

const reply = (p: Awaited<ReturnType<typeof plan>>, runId: string | null): ImportReply => ({
  headers: p.headers,
  mapping: p.mapping,
  rows: p.rows.map(({ values: _v, existing: _e, fields: _f, ...r }) => r),
  counts: p.counts,
  imported: runId !== null,
  runId,
});

export async function preview(ctx: TenantContext, input: ImportInput) {
  return reply(await plan(ctx, input), null);
}

/** The patch of an update: the written fields of the row, over the stored address. */
function patchOf(before: LocationRow, v: ImportRowValues, fields: readonly ImportField[]) {
  const set: Partial<Pick<LocationRow, RowField | 'ruhend'>> = {};
  const address = { ...before.address };
  for (const f of fields) {
    if (f === 'ruhend') set.ruhend = v.ruhend;
    else if (ADDRESS_FIELDS.has(f)) address[f as AddressField] = v.address[f as AddressField];
    else set[f as RowField] = v[f as RowField];
  }
  return { ...set, address };
}

/** How the run names its importer: first and last name, else the email. */
async function userName(ctx: TenantContext) {
  const [u] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, ctx.user.id))
    .limit(1);
  return u ? `${u.firstName} ${u.lastName}`.trim() || u.email : ctx.user.email;
}

/** Items per insert: well below PostgreSQL's 65,535 parameters. */
const ITEM_CHUNK = 1000;

/**
 * Writes the planned rows in one transaction and keeps them as an import run with its items
 * (decision 041); with errors it writes nothing unless skipInvalid. A racing import that created
 * or changed a branch of the same key makes this one a 409 LOCATION_KEY_TAKEN naming the branch.
 */
export async function commit(ctx: TenantContext, input: ImportInput) {
  /** The keys of the row being written, and the branch it updates: named when a racing write took a key. */
  let writing: { id?: string; znl: string; nr: string; sapNr: string } | null = null;
  try {
    return await ctx.db.transaction(async (tx) => {
      const tctx = { ...ctx, db: tx };
      const p = await plan(tctx, input);
      if (p.counts.error > 0 && !input.skipInvalid) {
        throw new AppError('IMPORT_HAS_ERRORS', 400, [
          {
            field: 'file',
            key: 'errors.IMPORT_HAS_ERRORS',
            message: 'IMPORT_HAS_ERRORS',
            params: { count: p.counts.error },
          },
        ]);
      }
      const items: (typeof importRunItems.$inferInsert)[] = [];
      for (const r of p.rows) {
        if (!r.values || (r.action !== 'create' && r.action !== 'update')) continue;
        const { address, blank: _b, ...v } = r.values;
        writing = v;
        if (r.action === 'create') {
          const [row] = await tx
            .insert(customerLocations)
            .values({
              ...CUSTOMER_LOCATION_DEFAULTS,
              tenantId: ctx.tenantId,
              customer: input.customer,
              ...v,
              address: toAddressValue({ ...emptyAddress(address.country), ...address }, null),
            })
            .returning();
          if (!row) continue;
          await recordChanges(tx, ctx, audit(ctx.tenantId, row.id, 'create'), null, locationAuditView(row));
          items.push({
            runId: '',
            locationId: row.id,
            action: 'create',
            after: locationAuditView(row),
            afterVersion: row.version,
          });
        } else if (r.existing && r.fields) {
          const [before] = await tx
            .select()
            .from(customerLocations)
            .where(and(eq(customerLocations.tenantId, ctx.tenantId), eq(customerLocations.id, r.existing.id)))
            .for('update');
          if (!before) continue;
          writing = {
            id: before.id,
            znl: before.znl,
            nr: before.nr,
            sapNr: before.sapNr,
            ...patchOf(before, r.values, r.fields),
          };
          const [row] = await tx
            .update(customerLocations)
            .set({ ...patchOf(before, r.values, r.fields), version: before.version + 1, updatedAt: new Date() })
            .where(and(eq(customerLocations.tenantId, ctx.tenantId), eq(customerLocations.id, before.id)))
            .returning();
          if (!row) continue;
          await recordChanges(
            tx,
            ctx,
            audit(ctx.tenantId, row.id, 'update'),
            locationAuditView(before),
            locationAuditView(row),
          );
          items.push({
            runId: '',
            locationId: row.id,
            action: 'update',
            before: locationAuditView(before),
            after: locationAuditView(row),
            afterVersion: row.version,
          });
        }
      }
      writing = null;
      const [run] = await tx
        .insert(importRuns)
        .values({
          tenantId: ctx.tenantId,
          userId: ctx.user.id,
          userName: await userName(tctx),
          fileName: input.fileName,
          customer: input.customer,
          counts: {
            create: p.counts.create,
            update: p.counts.update,
            unchanged: p.counts.unchanged,
            skipped: p.counts.error,
          },
        })
        .returning({ id: importRuns.id });
      if (!run) throw new Error('import run insert returned nothing');
      for (let i = 0; i < items.length; i += ITEM_CHUNK) {
        await tx.insert(importRunItems).values(items.slice(i, i + ITEM_CHUNK).map((it) => ({ ...it, runId: run.id })));
      }
      return reply(p, run.id);
    });
  } catch (err) {
    const field = violatedKey(err);
    const keys = writing as { id?: string; znl: string; nr: string; sapNr: string } | null;
    if (!field || !keys) throw err;
    // The transaction is gone; the branch that won the race has committed and is named.
    const holder = await findKeyHolder(ctx.db, ctx.tenantId, { ...keys, customer: input.customer }, keys.id);
    throw holder ? keyTaken({ ...holder, field }) : err;
  }
}

const audit = (tenantId: string, id: string, action: 'create' | 'update' | 'delete') => ({
  entity: 'customerlocation' as const,
  entityId: id,
  tenantId,
  action,
});
