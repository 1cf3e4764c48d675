import type { ReminderSettings } from '@pruefbuch/domain/schemas/reminders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET reminders/settings: the signed-in user's weekly digest switch and calendar feed state. */
export const getReminderSettings = (signal?: AbortSignal) =>
  api.get<ReminderSettings>('reminders/settings', { signal });

export const reminderSettingsQueryKey = ['users', 'reminders'] as const;

export const getReminderSettingsQueryOptions = () =>
  queryOptions({ queryKey: reminderSettingsQueryKey, queryFn: ({ signal }) => getReminderSettings(signal) });

export const useReminderSettings = () => useQuery(getReminderSettingsQueryOptions());
