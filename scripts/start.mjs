// `npm start`: brings the web app and the compiled server up to date when the build tools are there
// (a development checkout), then runs the compiled server in this very process, so the signals a
// process manager or npm sends (SIGTERM, SIGINT) reach the server itself.
// In production (`npm ci --omit=dev`) nothing is built here: run `npm run build` before, where the
// development dependencies are installed.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

const outputs = [
  {
    name: 'the web app',
    built: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'],
    tool: 'node_modules/vite',
    command: 'npm run build -w apps/web',
  },
  {
    name: 'the server',
    built: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/domain/src'],
    tool: 'node_modules/esbuild',
    command: 'npm run build -w apps/server',
  },
];

for (const out of outputs) {
  const builtAt = existsSync(path.join(root, out.built)) ? statSync(path.join(root, out.built)).mtimeMs : 0;
  const stale = builtAt < Math.max(...out.sources.map((s) => newest(path.join(root, s))));
  if (!stale) continue;
  if (!existsSync(path.join(root, out.tool))) {
    if (builtAt) continue; // A production install without build tools runs what was built.
    console.error(`${out.name} is not built: run \`npm run build\` where the development dependencies are installed.`);
    process.exit(1);
  }
  console.log(`Building ${out.name} …`);
  execSync(out.command, { cwd: root, stdio: 'inherit' });
}

await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
