import { ConfigError } from '../platform/config';
import { DataDirLockedError } from '../platform/data-dir-lock';
import { ArchiveError } from './checks';
import { RestoreRefused } from './restore';

/** A wrong command line: the message says how to call it. */
export class UsageError extends Error {}

/** An operator's mistake or a refusal: told as a sentence, without a stack trace. */
export class OperatorError extends Error {}

const told = [UsageError, OperatorError, ConfigError, DataDirLockedError, ArchiveError, RestoreRefused];

/** Runs a command: exit 0 when it succeeds, else its message on stderr and exit 1. */
export function runCli(main: () => Promise<void>) {
  main().then(
    () => process.exit(0),
    (err: Error) => {
      const expected = told.some((kind) => err instanceof kind);
      process.stderr.write(`${expected ? err.message : (err.stack ?? String(err))}\n`);
      process.exit(1);
    },
  );
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const thousands = (n: number) => n.toLocaleString('en-US');
