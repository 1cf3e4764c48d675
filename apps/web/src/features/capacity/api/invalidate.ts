import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSessionState } from '@/lib/session';
import { capacityKeys } from './keys';

/** A write to the plan: every one changes the plan, so every plan read is read again afterwards. */
export function usePlanMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Settled, not only success: a 409 means the board shows an old state and must be read again.
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: capacityKeys.plan(getSessionState().currentTenant) }),
  });
}
