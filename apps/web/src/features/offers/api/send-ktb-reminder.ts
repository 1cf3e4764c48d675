import type { ktbReminderReply, ktbReminderSchema } from '@pruefbuch/domain/schemas/offer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { afterOfferChange } from './invalidate';

export type KtbReminder = z.input<typeof ktbReminderSchema>;
export type KtbReminderReply = z.infer<typeof ktbReminderReply>;

/** POST offer/sendktbremindermail: queues a mail to the offer's KTB; ktbInformedAt is set once it is delivered. */
export const sendKtbReminder = (body: KtbReminder) => api.post<KtbReminderReply>('offer/sendktbremindermail', body);

export function useSendKtbReminder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendKtbReminder, onSuccess: () => afterOfferChange(queryClient) });
}
