import type { ReminderSettings } from '@pruefbuch/domain/schemas/reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reminderSettingsQueryKey } from './get-reminder-settings';

/** PUT reminders/settings { digest }: switches the weekly digest mail on or off. */
export const updateReminderSettings = (data: { digest: boolean }) =>
  api.put<ReminderSettings>('reminders/settings', data);

export function useUpdateReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReminderSettings,
    onSuccess: (saved) => queryClient.setQueryData(reminderSettingsQueryKey, saved),
  });
}
