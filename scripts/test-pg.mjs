// Runs the API tests against a real PostgreSQL server: a fresh database per run.
// PG_URL names the server (default postgres://postgres@127.0.0.1:5432); the database is dropped afterwards.
import { execSync } from 'node:child_process';
import pg from 'pg';
import { databaseFreeTests, serverTestFiles } from './database-tests.mjs';

const server = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const name = `pruefbuch_test_${process.pid}`;
const admin = new pg.Client({ connectionString: `${server}/postgres` });
await admin.connect();
await admin.query(`create database ${name}`);
let code = 0;
try {
  // The generated bad bodies (bad-input.property.test.ts): 50 per route ran in `npm test` on the embedded database;
  // here 10, to see the refusals write nothing on PostgreSQL as well (22 s of the 33 s that file took here).
  const env = { PROPERTY_RUNS: '10', ...process.env, TEST_DATABASE_URL: `${server}/${name}` };
  // The files that start servers and job queues of their own (several processes, each with its pools) run one at a
  // time after the others: beside each other and the other files they passed PostgreSQL's 100 connections ('too
  // many clients'; alone, one after the other, they peak at 49). The rest runs on two workers, not npm test's three,
  // for the same reason (peak 69).
  const alone = [
    'apps/server/src/cluster.test.ts',
    'apps/server/src/server-processes.test.ts',
    'apps/server/src/platform/jobs-pgboss.test.ts',
  ];
  // The files that use no database already ran in `npm test`: here they would only repeat it.
  const free = databaseFreeTests(serverTestFiles());
  console.log(`Leaving out ${free.length} test files that use no database (npm test runs them).`);
  const excluded = [...alone, ...free].map((f) => `--exclude ${f}`).join(' ');
  execSync(`npx vitest run apps/server --maxWorkers=2 ${excluded}`, {
    stdio: 'inherit',
    env,
  });
  execSync(`npx vitest run ${alone.join(' ')} --no-file-parallelism`, { stdio: 'inherit', env });
} catch {
  code = 1;
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
process.exit(code);
