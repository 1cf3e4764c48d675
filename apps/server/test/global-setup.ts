import { openDatabase } from '../src/db/client';

/** On PostgreSQL (TEST_DATABASE_URL) the schema is migrated once per run; PGlite test files migrate their own. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ url, dataDir: null });
  await database.migrate();
  await database.close();
}
