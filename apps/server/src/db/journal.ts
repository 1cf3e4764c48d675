import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../platform/paths';

export interface JournalEntry {
  tag: string;
  /** When drizzle-kit wrote the migration; drizzle records it as created_at when it applies it. */
  when: number;
}

/** drizzle-kit's journal beside the SQL files, whole (a partial copy of it migrates to an older version). */
export const readJournal = (): { entries: JournalEntry[] } =>
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));

/** The migrations this code knows, oldest first. */
export const knownMigrations = (): JournalEntry[] => readJournal().entries;

/** The newest migration this code knows. */
export function newestKnownMigration(): JournalEntry {
  const last = knownMigrations().at(-1);
  if (!last) throw new Error('no migrations found');
  return last;
}
