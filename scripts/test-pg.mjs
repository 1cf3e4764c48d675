// Runs the API tests against a real PostgreSQL server: a fresh database per run.
// PG_URL names the server (default postgres://postgres@127.0.0.1:5432); the database is dropped afterwards.
import { execSync } from 'node:child_process';
import pg from 'pg';

const server = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const name = `pruefbuch_test_${process.pid}`;
const admin = new pg.Client({ connectionString: `${server}/postgres` });
await admin.connect();
await admin.query(`create database ${name}`);
let code = 0;
try {
  // Two workers, not npm test's three: the server processes and pools the PostgreSQL tests start (the cluster, the
  // job schedulers) reach the server's 100 connections with a third file running beside them.
  execSync('npx vitest run apps/server --maxWorkers=2', {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: `${server}/${name}` },
  });
} catch {
  code = 1;
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
process.exit(code);
