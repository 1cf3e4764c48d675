/** A user's reminder settings: the weekly digest switch and whether a calendar feed exists. */
import type { ReminderSettings } from '@pruefbuch/domain/schemas/reminders';
import { eq } from 'drizzle-orm';
import { userReminderSettings } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';

type Row = typeof userReminderSettings.$inferSelect;

/** Without a row the digest is on and there is no feed. */
const toSettings = (row: Row | undefined): ReminderSettings => ({
  digest: row?.digest ?? true,
  ical: { active: Boolean(row?.icalTokenHash), createdAt: row?.icalCreatedAt?.toISOString() ?? null },
});

export async function getSettings(ctx: RequestContext) {
  const [row] = await ctx.db.select().from(userReminderSettings).where(eq(userReminderSettings.userId, ctx.user.id));
  return toSettings(row);
}

export async function setDigest(ctx: RequestContext, digest: boolean) {
  const [row] = await ctx.db
    .insert(userReminderSettings)
    .values({ userId: ctx.user.id, digest })
    .onConflictDoUpdate({ target: userReminderSettings.userId, set: { digest } })
    .returning();
  return toSettings(row);
}
