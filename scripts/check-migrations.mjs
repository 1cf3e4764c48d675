// CI: the Drizzle schema and the committed migrations agree. drizzle-kit generates into a copy of
// the migrations folder; a new migration there means a schema change without its migration.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '../apps/server');
const migrations = path.join(server, 'src/db/migrations');
const work = mkdtempSync(path.join(tmpdir(), 'pb-migrations-'));
const out = path.join(work, 'migrations');
cpSync(migrations, out, { recursive: true });
const config = path.join(server, `.drizzle-check-${process.pid}.config.mjs`);
writeFileSync(
  config,
  `export default { dialect: 'postgresql', schema: './src/db/schema/index.ts', out: ${JSON.stringify(path.relative(server, out))} };\n`,
);
const sqlFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith('.sql'));
try {
  const before = sqlFiles(out).length;
  // drizzle-kit reports some failures (a missing snapshot) on its output with exit code 0.
  const output = execFileSync('npx', ['drizzle-kit', 'generate', '--config', config], {
    cwd: server,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const added = sqlFiles(out).slice(before);
  if (!added.length && !/No schema changes/.test(output)) {
    console.error(`drizzle-kit did not confirm the schema:\n${output}`);
    process.exitCode = 1;
  } else if (added.length) {
    console.error(`The schema has changes without a migration (drizzle-kit would write ${added.join(', ')}).`);
    console.error('Run `npm run db:generate -w apps/server` and commit the migration.');
    process.exitCode = 1;
  } else {
    console.log(`Schema and migrations agree (${before} migrations).`);
  }
} finally {
  rmSync(config, { force: true });
  rmSync(work, { recursive: true, force: true });
}
