import { removeDueFiles } from '../src/platform/files-removals';
import type { TestApp } from './helper';

/**
 * Runs the removal job as it runs once the grace period of every file marked so far has passed: a
 * file whose last reference was deleted is gone after it, a file still referenced stays.
 */
export function removeFilesAfterGrace(t: TestApp) {
  const later = new Date(Date.now() + (t.config.fileRemovalGraceHours + 1) * 3_600_000);
  return removeDueFiles(t.database.db, t.app.deps.files, later);
}
