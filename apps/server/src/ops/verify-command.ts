import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SealProblemDto } from '@pruefbuch/domain/schemas/record-seal';
import { asc, eq, or, sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../db/client';
import { tenants } from '../db/schema/index';
import { completePendingSeals, verifyTenant } from '../modules/inspections/inspections.seal';
import { loadConfig } from '../platform/config';
import { DataDirLockedError, lockDataDir } from '../platform/data-dir-lock';
import { type FileStore, fileStoreOf } from '../platform/files';
import { OperatorError, thousands, UsageError } from './cli';

const USAGE = 'Usage: npm run verify [-- --tenant ID-OR-SLUG]';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a problem means, for the operator (decision 057). */
const SAYS: Record<SealProblemDto['reason'], string> = {
  contentChanged: 'its data differs from what was sealed when it was finalized',
  unfinalized: 'it was sealed but is no longer finalized',
  recordMissing: 'it was sealed but the record is gone',
  notSealed: 'it is finalized but has no seal',
  sequence: 'its seal is out of place: a seal before it is gone or was moved',
  link: 'its seal does not point at the seal before it',
  sealChanged: 'its seal was changed',
  head: "the book's chain head does not match its last seal",
  pdfReplaced: 'its PDFs are not those sealed with it',
  fileChanged: "the stored PDF's bytes no longer match their hash",
  fileMissing: 'the stored PDF is missing',
};

/** One line of a problem: the record (or PDF) it names and what was found. */
export function problemLine(p: SealProblemDto): string {
  const record = p.recordId
    ? `record ${p.recordId}${p.record ? ` (${p.record.kind} of ${p.record.when})` : ''}${p.seq ? ` #${p.seq}` : ''}`
    : 'a PDF of the book';
  const pdf = p.pdf ? ` [${p.pdf.fileName}]` : '';
  return `  ${p.kind}: ${record}${pdf}: ${SAYS[p.reason]}`;
}

/** The tenants to check: the one named by id or slug, or all of them. */
async function tenantsOf(db: Db, named: string | undefined) {
  const rows = await db
    .select({ id: tenants.id, name: tenants.name, url: tenants.url })
    .from(tenants)
    .where(
      named === undefined
        ? undefined
        : UUID.test(named)
          ? or(eq(tenants.id, named), eq(tenants.url, named))
          : eq(sql`lower(${tenants.url})`, named.toLowerCase()),
    )
    .orderBy(asc(tenants.name));
  if (named !== undefined && rows.length === 0) throw new OperatorError(`There is no tenant '${named}'.`);
  return rows;
}

/**
 * Checks every book of the tenants (all, or the one named): prints each book with a problem and each
 * problem, then a summary; returns the number of problems. Seals still pending from the upgrade are
 * completed first, as a server's start would.
 */
export async function verifyTenants(db: Db, files: FileStore, tenant: string | undefined, say: (line: string) => void) {
  const pending = await completePendingSeals(db);
  if (pending.records) say(`Sealed ${thousands(pending.records)} records finalized before the upgrade.`);
  let problems = 0;
  let records = 0;
  let pdfs = 0;
  let bookCount = 0;
  const list = await tenantsOf(db, tenant);
  for (const t of list) {
    for await (const { book, result } of verifyTenant(db, files, t.id)) {
      bookCount++;
      records += result.records;
      pdfs += result.pdfs;
      if (result.ok) continue;
      problems += result.problems.length;
      say(`${t.name} (${t.url}) – book ${book.id} '${book.title}':`);
      for (const p of result.problems) say(problemLine(p));
    }
  }
  const scope = tenant === undefined ? `${list.length} tenants` : `tenant ${list[0]?.name}`;
  say(
    `${problems ? `${thousands(problems)} problem${problems === 1 ? '' : 's'}` : 'No problem'}: ${scope}, ${thousands(bookCount)} books, ` +
      `${thousands(records)} sealed records, ${thousands(pdfs)} stored PDFs checked.`,
  );
  return problems;
}

/** `npm run verify [-- --tenant ID-OR-SLUG]`: exit 1 when the check names a problem. */
export async function verifyCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  say: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  let tenant: string | undefined;
  try {
    tenant = parseArgs({ args: argv, options: { tenant: { type: 'string', short: 't' } } }).values.tenant;
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
  const config = loadConfig(env);
  let release: (() => Promise<void>) | null = null;
  if (!config.databaseUrl) {
    if (!existsSync(path.join(config.dataDir, 'pglite'))) {
      throw new OperatorError(`There is no database in ${config.dataDir} (DATA_DIR) to check.`);
    }
    try {
      release = await lockDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      throw new OperatorError(
        `The server${err.holderPid ? ` (pid ${err.holderPid})` : ''} holds the embedded database: stop it and run ` +
          "the check again, or check each book while it runs ('Prüfen' on the book page, GET books/{id}/verify).",
      );
    }
  }
  try {
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? null : config.dataDir,
    });
    try {
      return await verifyTenants(database.db, fileStoreOf(config), tenant, say);
    } finally {
      await database.close();
    }
  } finally {
    await release?.();
  }
}
