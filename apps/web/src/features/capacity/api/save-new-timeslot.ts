import type { NewTimeslot, Timeslot } from '@pruefbuch/domain/schemas/capacity';
import { api } from '@/lib/api-client';
import { usePlanMutation } from './invalidate';

/** PUT capacity/put/saveNewTimeslot: one more slot for an order. */
export const saveNewTimeslot = (body: NewTimeslot) => api.put<Timeslot>('capacity/put/saveNewTimeslot', body);

export const useSaveNewTimeslot = () => usePlanMutation(saveNewTimeslot);
