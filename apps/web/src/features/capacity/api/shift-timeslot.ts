import type { ShiftTimeslot, Timeslot } from '@pruefbuch/domain/schemas/capacity';
import { api } from '@/lib/api-client';
import { usePlanMutation } from './invalidate';

/** PUT capacity/put/shiftTimeslot: moves one slot to another day (and, optionally, area). */
export const shiftTimeslot = (body: ShiftTimeslot) => api.put<Timeslot>('capacity/put/shiftTimeslot', body);

export const useShiftTimeslot = () => usePlanMutation(shiftTimeslot);
