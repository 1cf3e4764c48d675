/**
 * Every write names its tenant (decision 018): an UPDATE or DELETE of a table with a tenantId column,
 * written in a module, carries the tenant in its `.where(...)` — `eq(table.tenantId, …)` or the
 * versioned write's `rowWhere` (platform/versioned-write.ts), which demands the tenant of a tenant
 * table. Reads the module sources with the TypeScript compiler; the tables come from the Drizzle
 * schema. A write that may go without the tenant is listed in EXCEPTIONS with its reason.
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
 * `file (relative to src):function:table` → why the write may go without the tenant in its where.
 * Keep it short: the fix is to name the tenant.
 */
const EXCEPTIONS: Record<string, string> = {
  'modules/orders/orders.job.ts:runOrderDay:orders':
    'the daily ampel run goes over all tenants and writes the ids it has just read, one statement per ampel group',
  'modules/offers/offers.mails.ts:refreshOfferAmpels:offers':
    'the daily ampel run goes over all tenants and writes the ids it has just read, one statement per ampel group',
  'modules/users/users.repo.ts:setUserTenants:userTenants':
    "a user's memberships are replaced whole by an admin: the row is the user's, across tenants",
};

/**
 * A tenant name in a where: the tenant column, or a row condition that demands it — the versioned
 * write's `rowWhere`, capacity's `sameVersion` (tenant, id and version).
 */
const NAMES_TENANT = /\btenantId\b|\browWhere\(|\bsameVersion\(/;

interface Finding {
  line: number;
  fn: string;
  table: string;
  reason: 'no where' | 'no tenant';
}

/** The `.update(table)` / `.delete(table)` calls on tenant tables in a source text whose where lacks the tenant. */
export function writesWithoutTenant(text: string, fileName = 'x.ts'): Finding[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      (node.expression.name.text === 'update' || node.expression.name.text === 'delete') &&
      node.arguments.length === 1
    ) {
      const arg = node.arguments[0];
      if (arg && ts.isIdentifier(arg) && TENANT_TABLES.has(arg.text)) {
        const where = whereOfChain(node);
        const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const fn = functionOf(node);
        if (!where) found.push({ line, fn, table: arg.text, reason: 'no where' });
        else if (!where.arguments.some((a) => NAMES_TENANT.test(a.getText(file)))) {
          found.push({ line, fn, table: arg.text, reason: 'no tenant' });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
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

describe('tenant in every write', () => {
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
    expect(writesWithoutTenant(fixture)).toEqual([
      { line: 1, fn: 'put', table: 'orders', reason: 'no tenant' },
      { line: 2, fn: 'drop', table: 'offers', reason: 'no where' },
    ]);
  });

  it('every module write to a tenant table names the tenant, or is a listed exception', () => {
    const bad: string[] = [];
    const used = new Set<string>();
    for (const full of sourceFiles(path.join(srcDir, 'modules'))) {
      const rel = path.relative(srcDir, full).split(path.sep).join('/');
      for (const f of writesWithoutTenant(readFileSync(full, 'utf8'), full)) {
        const key = `${rel}:${f.fn}:${f.table}`;
        if (key in EXCEPTIONS) used.add(key);
        else bad.push(`${rel}:${f.line} ${f.table} (${f.reason})`);
      }
    }
    expect(bad).toEqual([]);
    expect(Object.keys(EXCEPTIONS).filter((k) => !used.has(k))).toEqual([]);
  });
});
