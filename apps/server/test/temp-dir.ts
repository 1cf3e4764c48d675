import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endWithMaker } from './database';

/**
 * A new directory under the system's temporary one, removed after the test or file that made it. Not for
 * concurrent tests (describe.concurrent): which test is running is then not known, and the folder could go
 * with another test's end; such files keep their own list and empty it in their afterAll (startup.test.ts).
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  endWithMaker(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
