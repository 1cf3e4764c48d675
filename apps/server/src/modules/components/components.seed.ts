import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { doorComponents } from '../../db/schema/index';
import { STARTER_COMPONENTS } from './components.starter';

/**
 * Inserts the starter set (components.starter.ts) when the catalogue is empty; a catalogue that
 * has any entry is left alone, so admins' changes and deletions stay. Returns how many it inserted.
 * Called by the demo seed and at start-up (app.ts), so a real installation has the codes too.
 */
export async function seedComponents(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(doorComponents);
  if ((row?.n ?? 0) > 0) return 0;
  const inserted = await db
    .insert(doorComponents)
    .values(STARTER_COMPONENTS.map(([code, kind, doorType, text]) => ({ code, kind, doorType, text })))
    .onConflictDoNothing({ target: doorComponents.code })
    .returning({ id: doorComponents.id });
  return inserted.length;
}
