import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reminderSettingsQueryKey } from './get-reminder-settings';

/** DELETE reminders/ical: ends the calendar subscription; its address stops working. */
export const deleteIcalFeed = () => api.delete('reminders/ical');

export function useDeleteIcalFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIcalFeed,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reminderSettingsQueryKey }),
  });
}
