/** Reminders (decision 019): the weekly digest switch and the calendar feed of a user. */
import { z } from 'zod';

export const reminderSettingsSchema = z.object({
  /** The weekly digest mail (branch users; the tenant's notification address always gets its own). */
  digest: z.boolean(),
  ical: z.object({ active: z.boolean(), createdAt: z.string().nullable() }),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const reminderSettingsUpdate = z.object({ digest: z.boolean({ error: 'validation.invalid' }) });

/** POST reminders/ical: the new secret address, shown once. */
export const icalFeedReply = z.object({ url: z.string(), createdAt: z.string() });

/** GET reminders/ical/{token}.ics: the secret of the address, with the .ics a calendar app expects. */
export const icalParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, { error: 'validation.invalid' }),
});

/** The feed's language: `?lang=en`, else the calendar app's Accept-Language, else German. */
export const icalQuery = z.object({ lang: z.enum(['de', 'en']).optional() });

/** POST reminders/digest/run: what the digest of the request's tenant did. */
export const digestRunReply = z.object({
  compared: z.boolean(),
  changed: z.number().int(),
  mails: z.number().int(),
});
