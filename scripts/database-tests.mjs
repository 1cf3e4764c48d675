// Which server test files use the test database: those that reach test/database.ts through their relative
// imports (test/helper.ts and the fixtures do) or read TEST_DATABASE_URL themselves. The others (parsers,
// configuration, PDF text, the import rules of the source) give the same answer on any database, so the
// PostgreSQL run (scripts/test-pg.mjs) leaves them to `npm test`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const testDir = path.join(root, 'apps/server/test');
const database = path.join(testDir, 'database.ts');

/** Whether a file of the server's tests reaches the test database (memoised per file). */
function reachesDatabase(file, memo = new Map(), seen = new Set()) {
  if (memo.has(file)) return memo.get(file);
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  let found = file === database || text.includes('TEST_DATABASE_URL');
  for (const [, spec] of found ? [] : text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
    const target = ['', '.ts', '/index.ts']
      .map((ext) => path.resolve(path.dirname(file), spec) + ext)
      .find((f) => f.endsWith('.ts') && existsSync(f));
    // Only the test helpers lead to the test database: the app's own modules never import them.
    if (target?.startsWith(testDir) && reachesDatabase(target, memo, seen)) {
      found = true;
      break;
    }
  }
  memo.set(file, found);
  return found;
}

/** The test files (paths relative to the root) that use no database. */
export function databaseFreeTests(files) {
  const memo = new Map();
  return files.filter((f) => !reachesDatabase(path.resolve(root, f), memo));
}

/** The server's test files, relative to the root. */
export function serverTestFiles() {
  return readdirSync(path.join(root, 'apps/server/src'), { recursive: true })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('apps/server/src', f))
    .sort();
}
