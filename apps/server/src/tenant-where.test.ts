/**
 * Every query names its tenant (decision 018): a SELECT, UPDATE or DELETE of a table with a tenantId
 * column, written in a module or in platform/, carries the tenant in its `.where(...)` —
 * `eq(table.tenantId, …)` or the versioned write's `rowWhere` (platform/versioned-write.ts), which
 * demands the tenant of a tenant table. Reads the sources with the TypeScript compiler; the tables come
 * from the Drizzle schema. A where built elsewhere counts when the names in it lead, a few steps away in
 * the same file, to the tenant (a `const` of the function, a condition function of the file). Not seen:
 * tables named only inside sql`…` text, and a where handed in as a parameter (such a function is an
 * exception). A query that may go without the tenant is listed in EXCEPTIONS with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableColumns, isTable, type Table } from 'drizzle-orm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from './db/schema/index';

const srcDir = import.meta.dirname;

/** The exported names of the tables that have a tenantId column. */
const TENANT_TABLES = new Set(
  Object.entries(schema)
    .filter(([, v]) => isTable(v) && 'tenantId' in getTableColumns(v as Table))
    .map(([name]) => name),
);

/**
 * `file (relative to src):function:kind table` → why the query may go without the tenant in its where.
 * Keep it short: the fix is to name the tenant.
 */
const EXCEPTIONS: Record<string, string> = {
  // Runs over all tenants: they read the due rows of every tenant, then work on the ids just read.
  'modules/offers/offers.mails.ts:sendFollowUpMails:select offers':
    'the daily follow-up run locks each offer it has just read, by id',
  'modules/offers/offers.files.ts:removeExpiredFiles:select offers':
    'the daily file purge locks each offer it has just read, by id',
  'modules/offers/offers.mails.ts:markKtbInformed:select offers':
    "the mail worker's delivered action knows the offer by id only; its mail was queued in the offer's tenant",
  'modules/books/books.schedule.ts:recomputeBooksOfType:select books':
    "book types are shared: a type's new intervals reach its books in every tenant",
  'modules/exports/exports.jobs.ts:expireExports:select exportJobs':
    'the hourly expiry of inspection files reads the due jobs of every tenant and locks them by id',
  'modules/exports/exports.jobs.ts:expireExports:update exportJobs':
    'the hourly expiry writes the ids it has just locked',
  'modules/exports/exports.jobs.ts:claimExport:select exportJobs':
    'the export worker reads back, by id, the job of any tenant its claim has just taken',
  'modules/exports/exports.jobs.ts:unsafeFindExportForDownload:select exportJobs':
    'a download link names no tenant: the job by id, only with the key that only its link carries',
  'platform/idempotency.ts:purgeIdempotencyKeys:delete idempotencyKeys':
    'the daily purge removes the keys older than a week of every tenant',
  // The scope is the where: it names the tenant and the user (a public page's keys are the page's, no tenant).
  'platform/idempotency.ts:findStored:select idempotencyKeys':
    "a key is found by its scope, which carries its tenant and user, or a public page's address",
  'platform/reseal.ts:resealWithCurrentSecret:select tenantCertificates':
    "a secret rotation seals every tenant's sealing key anew, each written back by its tenant",
  // Across the tenants of one user.
  'modules/users/users.repo.ts:setUserTenants:delete userTenants':
    "a user's memberships are replaced whole by an admin: the row is the user's, across tenants",
  'modules/users/users.repo.ts:tenantIdsOf:select userTenants': "the user list shows each user's tenants",
  'modules/users/users.service.ts:sharesTenantWithCaller:select userTenants':
    'whether two users share a tenant is a question across tenants',
  'modules/reminders/reminders.ical.ts:feedOf:select userTenants': 'a calendar feed spans the tenants of its user',
  'modules/reminders/reminders.digest.ts:booksInScope:select books':
    "the digest's books by id, as a query over the user's tenants has just returned them, checked against the branch scope",
  'modules/inspections/inspections.repo.ts:unsafeReadRecords:select inspections':
    "the daily list spans the user's tenants: records by the ids a scoped query has just returned",
  'modules/lists/lists.service.ts:dailyInspections:select books':
    "the daily list spans the user's tenants: the books of the records it has just read",
  // The tenant is not known before the row is read; the caller checks the row's tenant.
  'modules/folders/folders.repo.ts:unsafeFindFolderById:select folders':
    "a folder by id in any tenant: the caller checks that the user may use the row's tenant",
  'modules/qr/qr.repo.ts:unsafeFindCodeByIdOrValue:select qrCodes':
    "a scanned code is resolved before its tenant is known: the caller checks that the user may use the code's tenant",
  'modules/qr/qr.repo.ts:unsafePublicView:select qrCodes':
    'the public label page has the code alone; the code names its tenant',
  'modules/qr/qr.repo.ts:findCodeByValue:select qrCodes':
    'codes are unique across tenants: a preprinted code another tenant holds is a 409 as well',
  // Rows of a book the caller has just read in its tenant, by the book's id.
  'platform/files.ts:fileShasOfBooks:select blobs':
    'the files of books the caller is deleting, read (and locked) in its tenant before',
  // The where is handed in.
  'modules/orders/orders.repo.ts:pageStatement:select orders':
    'a list page runs the condition of its caller (orders.repo, orders.lists), which names the tenant',
};

/**
 * A tenant name in a where: the tenant column, or a row condition that demands it — the versioned
 * write's `rowWhere`, capacity's `sameVersion` (tenant, id and version).
 */
const NAMES_TENANT = /\btenantId\b|\browWhere\(|\bsameVersion\(/;

type Kind = 'update' | 'delete' | 'select';
interface Finding {
  line: number;
  fn: string;
  kind: Kind;
  table: string;
  reason: 'no where' | 'no tenant';
}

/** A query builder call a chain starts from: `.update(t)`, `.delete(t)`, `.from(t)` of a tenant table. */
function tenantTableCall(node: ts.Node): { kind: Kind; table: string } | null {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.arguments.length !== 1) {
    return null;
  }
  const arg = node.arguments[0];
  const name = node.expression.name.text;
  if (!arg || !ts.isIdentifier(arg) || !TENANT_TABLES.has(arg.text)) return null;
  if (name === 'update' || name === 'delete') return { kind: name, table: arg.text };
  return name === 'from' ? { kind: 'select', table: arg.text } : null;
}

/**
 * The `.update(table)` / `.delete(table)` / `.from(table)` calls on tenant tables in a source text whose
 * where lacks the tenant. A function that returns a select without a where (a base query such as
 * `selectOrders(db)`) is not a finding itself: its callers' chains are checked instead, here and in
 * the other files given in `baseQueries` (function name → table).
 */
export function queriesWithoutTenant(text: string, fileName = 'x.ts', baseQueries = baseQueriesOf(text)): Finding[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    const call = tenantTableCall(node) ?? baseQueryCall(node, baseQueries);
    if (call && ts.isCallExpression(node) && !isBaseQuery(node)) {
      const where = whereOfChain(node);
      const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const at = { line, fn: functionOf(node), ...call };
      if (!where) found.push({ ...at, reason: 'no where' });
      else if (!NAMES_TENANT.test(whereText(where, file))) found.push({ ...at, reason: 'no tenant' });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The functions of a source text that return a select of a tenant table without a where. */
function baseQueriesOf(text: string): Map<string, string> {
  const file = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  const found = new Map<string, string>();
  const visit = (node: ts.Node) => {
    const call = tenantTableCall(node);
    if (call?.kind === 'select' && ts.isCallExpression(node) && isBaseQuery(node))
      found.set(functionOf(node), call.table);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A call of a base query (`selectOrders(db)`): its chain must add the tenant as a `.from(table)` must. */
function baseQueryCall(node: ts.Node, baseQueries: Map<string, string>): { kind: Kind; table: string } | null {
  if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return null;
  const table = baseQueries.get(node.expression.text);
  return table ? { kind: 'select', table } : null;
}

/** Whether a `.from(table)` chain has no where and is what its function returns. */
function isBaseQuery(start: ts.CallExpression): boolean {
  if (!ts.isPropertyAccessExpression(start.expression) || start.expression.name.text !== 'from') return false;
  if (whereOfChain(start)) return false;
  let top: ts.Node = start;
  while (top.parent && ts.isPropertyAccessExpression(top.parent) && ts.isCallExpression(top.parent.parent)) {
    top = top.parent.parent;
  }
  const parent = top.parent;
  return !!parent && (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === top));
}

/** The `.where(...)` call chained onto a query builder call, if any (`x.update(t).set(…).where(…)`). */
function whereOfChain(start: ts.CallExpression): ts.CallExpression | null {
  let node: ts.Node = start;
  while (node.parent && ts.isPropertyAccessExpression(node.parent) && ts.isCallExpression(node.parent.parent)) {
    const call = node.parent.parent;
    if (node.parent.name.text === 'where') return call;
    node = call;
  }
  return null;
}

/**
 * The text a where's condition is made of: its arguments and, three steps deep, what the names in them
 * stand for — a `const` of the same function (with what is `push`ed onto it), or a function or
 * `const` of the file (`listWhere(f)`, whose body names the tenant).
 */
function whereText(where: ts.CallExpression, file: ts.SourceFile): string {
  const texts: string[] = [];
  const seen = new Set<string>();
  const enclosing = topLevelOf(where);
  const add = (node: ts.Node, depth: number) => {
    texts.push(node.getText(file));
    if (depth === 3) return;
    for (const name of identifiersIn(node)) {
      if (seen.has(name)) continue;
      seen.add(name);
      for (const meaning of meaningsOf(name, enclosing, file)) add(meaning, depth + 1);
    }
  };
  for (const arg of where.arguments) add(arg, 0);
  return texts.join('\n');
}

function identifiersIn(node: ts.Node): string[] {
  const names: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n)) names.push(n.text);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return names;
}

/** What a name stands for: its declarations in the enclosing top-level statement and at the top of the file. */
function meaningsOf(name: string, enclosing: ts.Node, file: ts.SourceFile): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name && n.initializer) {
      found.push(n.initializer);
    }
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.name.text === 'push' &&
      ts.isIdentifier(n.expression.expression) &&
      n.expression.expression.text === name
    ) {
      found.push(...n.arguments);
    }
    ts.forEachChild(n, visit);
  };
  visit(enclosing);
  for (const statement of file.statements) {
    if (statement === enclosing) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && statement.body)
      found.push(statement.body);
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) found.push(d.initializer);
      }
    }
  }
  return found;
}

function topLevelOf(node: ts.Node): ts.Node {
  let n = node;
  while (n.parent && !ts.isSourceFile(n.parent)) n = n.parent;
  return n;
}

/** The name of the top-level function (or const) a node is in. */
function functionOf(node: ts.Node): string {
  let name = '';
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if ((ts.isFunctionDeclaration(n) || ts.isVariableDeclaration(n)) && n.name && ts.isIdentifier(n.name)) {
      name = n.name.text;
    }
  }
  return name;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(e.name) && !/\.(test|fixtures)\.ts$/.test(e.name) ? [full] : [];
  });
}

/** Every source file of the modules and of platform/, relative to src, with its text. */
const serverSources = () =>
  ['modules', 'platform']
    .flatMap((dir) => sourceFiles(path.join(srcDir, dir)))
    .map((full) => ({
      rel: path.relative(srcDir, full).split(path.sep).join('/'),
      text: readFileSync(full, 'utf8'),
    }));

describe('tenant in every query', () => {
  it('finds the tenant tables in the schema', () => {
    expect(TENANT_TABLES.has('orders')).toBe(true);
    expect(TENANT_TABLES.has('offers')).toBe(true);
    expect(TENANT_TABLES.has('bookTypes')).toBe(false);
  });

  it('flags a write by id alone and a delete without where, and passes one that names the tenant', () => {
    const fixture = [
      'async function put() { await tx.update(orders).set({ a: 1 }).where(eq(orders.id, id)).returning(); }',
      'const drop = () => tx.delete(offers);',
      'await tx.update(orders).set({ a: 1 }).where(and(eq(orders.tenantId, t), eq(orders.id, id)));',
      'await tx.update(offers).set(v).where(rowWhere(offers, t, id));',
      "app.delete('/orders/:id', {});",
      'await tx.update(bookTypes).set(v).where(eq(bookTypes.id, id));',
    ].join('\n');
    expect(queriesWithoutTenant(fixture)).toEqual([
      { line: 1, fn: 'put', kind: 'update', table: 'orders', reason: 'no tenant' },
      { line: 2, fn: 'drop', kind: 'delete', table: 'offers', reason: 'no where' },
    ]);
  });

  it('flags a read by id alone, and passes one whose condition names the tenant where it is built', () => {
    const fixture = [
      'async function byId() { return db.select().from(books).where(eq(books.id, id)); }',
      'async function listed() { const c = [eq(books.id, id)]; c.push(eq(books.tenantId, t)); return db.select().from(books).where(and(...c)); }',
      'const tenantWhere = (t) => eq(orders.tenantId, t);',
      'async function page() { return db.select().from(orders).where(tenantWhere(t)); }',
      'const all = () => db.select().from(offers).limit(5);',
      'const types = () => db.select().from(bookTypes).where(eq(bookTypes.id, id));',
      'async function first() { const [row] = await all(); return row; }',
    ].join('\n');
    expect(queriesWithoutTenant(fixture)).toEqual([
      { line: 1, fn: 'byId', kind: 'select', table: 'books', reason: 'no tenant' },
      { line: 7, fn: 'first', kind: 'select', table: 'offers', reason: 'no where' },
    ]);
  });

  it('checks the callers of a base query instead of the base query itself', () => {
    const fixture = [
      'const selectOrders = (db) => db.select(columns).from(orders).leftJoin(users, eq(users.id, orders.createdBy));',
      'async function find() { return selectOrders(db).where(and(eq(orders.tenantId, t), eq(orders.id, id))); }',
      'async function leak() { return selectOrders(db).where(eq(orders.id, id)); }',
    ].join('\n');
    expect(queriesWithoutTenant(fixture)).toEqual([
      { line: 3, fn: 'leak', kind: 'select', table: 'orders', reason: 'no tenant' },
    ]);
  });

  it('every module and platform query of a tenant table names the tenant, or is a listed exception', () => {
    const sources = serverSources();
    const baseQueries = new Map(sources.flatMap(({ text }) => [...baseQueriesOf(text)]));
    const bad: string[] = [];
    const used = new Set<string>();
    for (const { rel, text } of sources) {
      for (const f of queriesWithoutTenant(text, rel, baseQueries)) {
        const key = `${rel}:${f.fn}:${f.kind} ${f.table}`;
        if (key in EXCEPTIONS) used.add(key);
        else bad.push(`${rel}:${f.line} ${f.kind} ${f.table} (${f.reason}) in ${f.fn}`);
      }
    }
    expect(bad).toEqual([]);
    expect(Object.keys(EXCEPTIONS).filter((k) => !used.has(k))).toEqual([]);
  });
});
