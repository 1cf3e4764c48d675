/** `npm run verify [-- --tenant ID-OR-SLUG]` (decision 057): exit 1 when the check names a problem. */
import { OperatorError, runCli } from './cli';
import { verifyCommand } from './verify-command';

runCli(async () => {
  const problems = await verifyCommand(process.argv.slice(2));
  if (problems)
    throw new OperatorError(`The check found ${problems} problem${problems === 1 ? '' : 's'} (listed above).`);
});
