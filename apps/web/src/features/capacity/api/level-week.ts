import type { Timeslot } from '@pruefbuch/domain/schemas/capacity';
import type { LevelWeek } from '@pruefbuch/domain/schemas/capacity-levelling';
import { api } from '@/lib/api-client';
import { usePlanMutation } from './invalidate';

/** PUT capacity/put/levelWeek: the levelling's moves, all or none (a slot changed since is a 409). */
export const levelWeek = (body: LevelWeek) => api.put<Timeslot[]>('capacity/put/levelWeek', body);

export const useLevelWeek = () => usePlanMutation(levelWeek);
