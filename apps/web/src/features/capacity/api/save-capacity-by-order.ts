import type { RequiredTimeReply, SaveCapacityByOrder } from '@pruefbuch/domain/schemas/capacity';
import { api } from '@/lib/api-client';
import { usePlanMutation } from './invalidate';

/** PUT capacity/put/saveCapacityByOrderId: replaces the order's unfinished slots; `expected` are those the plan was made from (a proposal's basis). */
export const saveCapacityByOrder = (body: SaveCapacityByOrder) =>
  api.put<RequiredTimeReply>('capacity/put/saveCapacityByOrderId', body);

export const useSaveCapacityByOrder = () => usePlanMutation(saveCapacityByOrder);
