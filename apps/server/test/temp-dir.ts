import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endWithMaker } from './database';

/** A new directory under the system's temporary one, removed after the test or file that made it. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  endWithMaker(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
