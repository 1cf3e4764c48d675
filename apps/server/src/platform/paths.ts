import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from this file upwards: the same whether the
 * server runs from its TypeScript sources (src/platform) or from the compiled bundle (dist/).
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@pruefbuch/server') return dir;
    if (path.dirname(dir) === dir) throw new Error(`the server package was not found above ${from}`);
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
/** The SQL migrations and drizzle's journal; they ship as files beside the compiled server. */
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');
/** The built web app (apps/web/dist). */
export const defaultWebDistDir = path.join(serverRoot, '../web/dist');
