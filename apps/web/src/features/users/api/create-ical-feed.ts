import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reminderSettingsQueryKey } from './get-reminder-settings';

export interface IcalFeed {
  url: string;
  createdAt: string;
}

/** POST reminders/ical: a new secret calendar address, shown once; an older one stops working. */
export const createIcalFeed = () => api.post<IcalFeed>('reminders/ical');

export function useCreateIcalFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIcalFeed,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reminderSettingsQueryKey }),
  });
}
