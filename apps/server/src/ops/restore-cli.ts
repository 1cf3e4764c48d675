/** `npm run restore -- FILE [--force] [--check]` (README "Backup and restore"). */
import { runCli } from './cli';
import { restoreCommand } from './restore-command';

runCli(async () => {
  await restoreCommand(process.argv.slice(2));
});
