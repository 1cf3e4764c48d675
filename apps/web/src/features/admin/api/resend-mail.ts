import type { OutboxMail, OutboxResend } from '@pruefbuch/domain/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getDashboardQueryOptions } from './get-dashboard';

/** POST admin/outbox/resend: a dead letter back into the mail queue, with its kept text. */
export const resendMail = (body: OutboxResend) => api.post<OutboxMail>('admin/outbox/resend', body);

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getDashboardQueryOptions().queryKey }),
  });
}
