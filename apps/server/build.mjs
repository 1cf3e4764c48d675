// Compiles the server to plain JavaScript (dist/), so production runs `node apps/server/dist/main.js`
// without a TypeScript loader: the domain package is bundled in, every npm dependency stays external.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@pruefbuch/'));

/**
 * Entry points: the server, the worker that reads uploaded spreadsheets (platform/spreadsheet.ts
 * starts dist/spreadsheet-worker.js next to itself) and the command-line tools that ship with it.
 */
export const entries = { main: 'src/main.ts', 'spreadsheet-worker': 'src/platform/spreadsheet.worker.ts' };
for (const [name, file] of [
  ['backup', 'src/ops/backup-cli.ts'],
  ['restore', 'src/ops/restore-cli.ts'],
  ['verify', 'src/ops/verify-cli.ts'],
]) {
  try {
    readFileSync(path.join(here, file));
    entries[name] = file;
  } catch {}
}

/** The commit the release is built from, kept in the bundle (a deployment need not carry .git). */
function buildCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return '';
  }
}

await build({
  absWorkingDir: here,
  entryPoints: entries,
  // A test may build into a folder of its own below dist/ (PRUEFBUCH_BUILD_OUTDIR), beside another build.
  outdir: process.env.PRUEFBUCH_BUILD_OUTDIR || 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  splitting: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Bundled CommonJS helpers may call require(): give the ESM bundle one.
  banner: {
    js: "import { createRequire as __pbRequire } from 'node:module'; const require = __pbRequire(import.meta.url);",
  },
  define: { 'process.env.PRUEFBUCH_BUILD_COMMIT': JSON.stringify(buildCommit()) },
  logLevel: 'warning',
});
