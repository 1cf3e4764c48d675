import { api } from '@/lib/api-client';
import { usePlanMutation } from './invalidate';

/** DELETE capacity/timeslot/{id} with the __v it was read with. */
export const deleteTimeslot = ({ _id, __v }: { _id: string; __v: number }) =>
  api.delete(`capacity/timeslot/${encodeURIComponent(_id)}`, { query: { __v } });

export const useDeleteTimeslot = () => usePlanMutation(deleteTimeslot);
