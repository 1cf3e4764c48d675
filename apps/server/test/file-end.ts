/**
 * The server tests' setup file: it runs before every test file, so this hook ends each file. What the file's
 * hooks made (its app, its database, its S3 server: test/database.ts `afterFile`) ends here, after the
 * file's own afterAll hooks, and its database goes back to the worker for the next file.
 */
import { afterAll } from 'vitest';
import { endFile } from './database';

// What an earlier file left (one that failed to load, or was skipped whole, runs no afterAll) ends before this one.
await endFile();
afterAll(endFile);
