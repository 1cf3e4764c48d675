// `npm run backup`, `npm run restore` and `npm run verify`: the TypeScript sources through tsx in a development
// checkout, the compiled commands (apps/server/dist/backup.js, restore.js, verify.js from `npm run build`) where
// only the production dependencies are installed. Either way the command runs in this process.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [command] = process.argv.splice(2, 1);
if (command !== 'backup' && command !== 'restore' && command !== 'verify') {
  console.error('Usage: node apps/server/src/ops/run.mjs backup|restore|verify ARGUMENTS');
  process.exit(2);
}
const server = path.resolve(import.meta.dirname, '../..');
const tsx = await import('tsx/esm/api').catch(() => null);
if (tsx) {
  tsx.register();
  await import(pathToFileURL(path.join(server, `src/ops/${command}-cli.ts`)).href);
} else {
  const compiled = path.join(server, `dist/${command}.js`);
  if (!existsSync(compiled)) {
    console.error(`${compiled} is missing: run \`npm run build\` where the development dependencies are installed.`);
    process.exit(1);
  }
  await import(pathToFileURL(compiled).href);
}
