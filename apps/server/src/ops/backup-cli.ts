/** `npm run backup -- --out FILE` (README "Backup and restore"). */
import { backupCommand } from './backup-command';
import { runCli } from './cli';

runCli(async () => {
  await backupCommand(process.argv.slice(2));
});
