import type { FinishTimeslot, Timeslot } from '@pruefbuch/domain/schemas/capacity';
import { api } from '@/lib/api-client';
import { usePlanMutation } from './invalidate';

/** PUT capacity/put/finishTimeslot: marks a slot done (or not done again). */
export const finishTimeslot = (body: FinishTimeslot) => api.put<Timeslot>('capacity/put/finishTimeslot', body);

export const useFinishTimeslot = () => usePlanMutation(finishTimeslot);
