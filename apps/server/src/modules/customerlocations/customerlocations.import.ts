/**
 * Import of customer locations from CSV or XLSX (decision 019): the file is read, its columns mapped
 * (guessed or as the user confirmed), every row checked, and the rows matched to existing locations
 * by SAP-Nr or ZNL + Nr. The preview writes nothing; the import writes every row in one
 * transaction, and refuses the file while a row has errors unless the user chose to skip those rows.
 */
import {
  guessMapping,
  IMPORT_FIELDS,
  type ImportMapping,
  isBlankRow,
  matchKey,
  rowValues,
} from '@pruefbuch/domain/rules/location-import';
import {
  CUSTOMER_LOCATION_DEFAULTS,
  customerLocationFieldsSchema,
  type ImportReply,
  importMappingSchema,
} from '@pruefbuch/domain/schemas/customerlocation';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { customerLocations } from '../../db/schema/index';
import { toAddressValue } from '../../platform/addresses';
import { recordChanges } from '../../platform/audit';
import { type RequestContext, requireTenant } from '../../platform/context';
import { AppError, badField } from '../../platform/errors';
import { MAX_SHEET_ROWS, readSheet } from '../../platform/spreadsheet';
import { receiveSmallUpload } from '../../platform/uploads';
import { locationAuditView } from './customerlocations.repo';

const MAX_BYTES = 5 * 1024 * 1024;
const MAX_ROWS = MAX_SHEET_ROWS;

export interface ImportInput {
  rows: unknown[][];
  mapping: ImportMapping | null;
  skipInvalid: boolean;
}

/** Reads the multipart form: file (CSV or XLSX), mapping (JSON, optional), skipInvalid ('true'). */
export async function readImportForm(req: FastifyRequest): Promise<ImportInput> {
  const { fields, file } = await receiveSmallUpload(req, MAX_BYTES);
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
  return { rows: await readSheet(file.bytes, file.name), mapping, skipInvalid: fields.skipInvalid === 'true' };
}

type Planned = ImportReply['rows'][number] & { values?: ReturnType<typeof rowValues> & { existingId?: string } };

/** Checks every row against the schema and the tenant's locations; writes nothing. */
async function plan(ctx: RequestContext & { tenantId: string }, input: ImportInput) {
  const [header = [], ...body] = input.rows;
  const headers = header.map((h) => String(h ?? '').trim());
  const mapping = input.mapping ?? guessMapping(headers);
  if (body.length > MAX_ROWS) throw badField('file', 'validation.max');
  const existing = await ctx.db.select().from(customerLocations).where(eq(customerLocations.tenantId, ctx.tenantId));
  const byKey = new Map<string, (typeof existing)[number]>();
  for (const l of existing) {
    // A location is found by its SAP-Nr and by ZNL + Nr.
    if (l.sapNr) byKey.set(`sap:${l.sapNr.toLowerCase()}`, l);
    byKey.set(`nr:${l.znl.toLowerCase()}|${l.nr.toLowerCase()}`, l);
  }
  const seen = new Set<string>();
  const rows: Planned[] = [];
  body.forEach((cells, i) => {
    if (isBlankRow(cells)) return;
    const v = rowValues(cells, mapping);
    const errors: { field: string; key: string }[] = [];
    const check = customerLocationFieldsSchema
      .pick({ znl: true, nr: true, sapNr: true, bemerkungen: true, address: true })
      .safeParse({ ...v, address: { ...CUSTOMER_LOCATION_DEFAULTS.address, ...v.address } });
    if (!check.success) {
      for (const issue of check.error.issues) errors.push({ field: issue.path.join('.'), key: issue.message });
    }
    const key = matchKey(v);
    if (!key) errors.push({ field: 'nr', key: 'validation.required' });
    else if (seen.has(key)) errors.push({ field: 'nr', key: 'errors.IMPORT_DUPLICATE' });
    if (key) seen.add(key);
    const found = key
      ? (byKey.get(key) ?? (v.sapNr ? byKey.get(`nr:${v.znl.toLowerCase()}|${v.nr.toLowerCase()}`) : undefined))
      : undefined;
    const action = errors.length
      ? 'error'
      : !found
        ? 'create'
        : unchanged(found, mappedOf(v, mapping))
          ? 'unchanged'
          : 'update';
    rows.push({
      line: i + 2,
      znl: v.znl,
      nr: v.nr,
      sapNr: v.sapNr,
      zip: v.address.zip,
      location: v.address.location,
      action,
      errors,
      values: { ...v, existingId: found?.id },
    });
  });
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of rows) counts[r.action] += 1;
  return { headers, mapping, rows, counts };
}

type LocationRow = typeof customerLocations.$inferSelect;
const ROW_FIELDS = ['znl', 'nr', 'sapNr', 'bemerkungen', 'ruhend'] as const;
const ADDRESS_FIELDS = ['street', 'housenumber', 'zip', 'location', 'tel', 'email'] as const;
type Values = ReturnType<typeof rowValues>;

/**
 * Only what the file has a column for: an update never empties a field the file does not carry
 * (a list without phone numbers keeps the phone numbers the branches have).
 */
function mappedOf(v: Values, m: ImportMapping) {
  const fields: Partial<Pick<Values, (typeof ROW_FIELDS)[number]>> = {};
  for (const f of ROW_FIELDS) if (m[f] !== null) Object.assign(fields, { [f]: v[f] });
  const address: Partial<Values['address']> = {};
  for (const f of ADDRESS_FIELDS) if (m[f] !== null) address[f] = v.address[f];
  return { fields, address };
}

const unchanged = (l: LocationRow, { fields, address }: ReturnType<typeof mappedOf>) =>
  ROW_FIELDS.every((f) => fields[f] === undefined || l[f] === fields[f]) &&
  ADDRESS_FIELDS.every((f) => address[f] === undefined || (l.address[f] ?? '') === address[f]);

const reply = (p: Awaited<ReturnType<typeof plan>>, imported: boolean): ImportReply => ({
  headers: p.headers,
  mapping: p.mapping,
  rows: p.rows.map(({ values: _v, ...r }) => r),
  counts: p.counts,
  imported,
});

export async function preview(rctx: RequestContext, input: ImportInput) {
  return reply(await plan(requireTenant(rctx), input), false);
}

/** Writes the planned rows in one transaction; with errors it writes nothing unless skipInvalid. */
export async function commit(rctx: RequestContext, input: ImportInput) {
  const ctx = requireTenant(rctx);
  return ctx.db.transaction(async (tx) => {
    const p = await plan({ ...ctx, db: tx }, input);
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
    for (const r of p.rows) {
      if (!r.values || (r.action !== 'create' && r.action !== 'update')) continue;
      const { existingId, address, ...v } = r.values;
      if (r.action === 'create') {
        const [row] = await tx
          .insert(customerLocations)
          .values({
            tenantId: ctx.tenantId,
            ...v,
            address: toAddressValue({ ...CUSTOMER_LOCATION_DEFAULTS.address, ...address }, null),
          })
          .returning();
        if (row) await recordChanges(tx, ctx, audit(ctx.tenantId, row.id, 'create'), null, locationAuditView(row));
      } else if (existingId) {
        const [before] = await tx
          .select()
          .from(customerLocations)
          .where(and(eq(customerLocations.tenantId, ctx.tenantId), eq(customerLocations.id, existingId)))
          .for('update');
        if (!before) continue;
        const patch = mappedOf(r.values, p.mapping);
        const [row] = await tx
          .update(customerLocations)
          .set({
            ...patch.fields,
            address: { ...before.address, ...patch.address },
            version: before.version + 1,
            updatedAt: new Date(),
          })
          .where(and(eq(customerLocations.tenantId, ctx.tenantId), eq(customerLocations.id, existingId)))
          .returning();
        if (row)
          await recordChanges(
            tx,
            ctx,
            audit(ctx.tenantId, row.id, 'update'),
            locationAuditView(before),
            locationAuditView(row),
          );
      }
    }
    return reply(p, true);
  });
}

const audit = (tenantId: string, id: string, action: 'create' | 'update') => ({
  entity: 'customerlocation' as const,
  entityId: id,
  tenantId,
  action,
});
