/** The capacity API (GET capacity/get/…, PUT capacity/put/…, settings): reads as queries, writes as mutations. */

import type { ProtocolEntry } from '@pruefbuch/domain/schemas/audit';
import type {
  CapacityRangeReply,
  CapacitySettings,
  CapacitySettingsUpdate,
  EmployeeTimeReply,
  FederalState,
  FinishTimeslot,
  HolidaysReply,
  NewTimeslot,
  ProposalReply,
  RequiredTimeListReply,
  RequiredTimeReply,
  SaveCapacityByOrder,
  ShiftTimeslot,
  Timeslot,
} from '@pruefbuch/domain/schemas/capacity';
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionState, useSession } from '@/lib/session';

export const CAPACITY_KEY = 'capacity';
const enc = encodeURIComponent;

export type Range = 'week' | 'month';

export const capacityKeys = {
  all: [CAPACITY_KEY] as const,
  plan: (tenant: string | null) => [CAPACITY_KEY, tenant, 'plan'] as const,
  range: (tenant: string | null, range: Range, date: string) => [CAPACITY_KEY, tenant, 'plan', range, date] as const,
  employeeTime: (tenant: string | null, range: Range, date: string) =>
    [CAPACITY_KEY, tenant, 'plan', 'employees', range, date] as const,
  toPlan: (tenant: string | null, filter: string, search: string) =>
    [CAPACITY_KEY, tenant, 'plan', 'toPlan', filter, search] as const,
  proposal: (tenant: string | null, orderId: string, direction: string) =>
    [CAPACITY_KEY, tenant, 'plan', 'proposal', orderId, direction] as const,
  settings: (tenant: string | null) => [CAPACITY_KEY, tenant, 'settings'] as const,
  protocol: (tenant: string | null, id: string) => [CAPACITY_KEY, tenant, 'settings', 'protocol', id] as const,
  holidays: (tenant: string | null, year: number, state: string) =>
    [CAPACITY_KEY, tenant, 'settings', 'holidays', year, state] as const,
};

const RANGE_PATH: Record<Range, string> = {
  week: 'capacity/get/capacityForWeekFromDate',
  month: 'capacity/get/getCapacityForMonthFromDate',
};
const EMPLOYEE_PATH: Record<Range, string> = {
  week: 'capacity/get/getWeeklyEmployeeTime',
  month: 'capacity/get/getMonthlyEmployeeTime',
};

/** The days of the week or month holding `date`: capacity, utilisation, planned slots, notes. */
export function useCapacityRange(range: Range, date: string) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: capacityKeys.range(currentTenant, range, date),
    queryFn: ({ signal }) => api.get<CapacityRangeReply>(RANGE_PATH[range], { query: { date }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Available time per day and who is away, for the week or month holding `date`. */
export function useEmployeeTime(range: Range, date: string) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: capacityKeys.employeeTime(currentTenant, range, date),
    queryFn: ({ signal }) => api.get<EmployeeTimeReply>(EMPLOYEE_PATH[range], { query: { date }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many orders the to-plan list shows at first, and adds with each 'Mehr anzeigen'. */
export const TO_PLAN_PAGE = 8;

/**
 * The orders still to plan (or all plannable ones), with required and planned minutes per area: one page of
 * TO_PLAN_PAGE at a time, each further page appended ('Mehr anzeigen').
 */
export function useRequiredTimeList(filter: 'open' | 'all', search: string) {
  const { currentTenant } = useSession();
  return useInfiniteQuery({
    queryKey: capacityKeys.toPlan(currentTenant, filter, search),
    queryFn: ({ pageParam, signal }) =>
      api.get<RequiredTimeListReply>('capacity/get/requiredTimeList', {
        query: { filter, search: search || undefined, page: pageParam, size: TO_PLAN_PAGE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** 'Einplanen vorschlagen': nothing is saved. Without a direction the server picks one. */
export function useProposal(orderId: string | null, direction: 'backward' | 'forward' | null) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: capacityKeys.proposal(currentTenant, orderId ?? '', direction ?? 'auto'),
    queryFn: ({ signal }) =>
      api.get<ProposalReply>(`capacity/get/proposal/${enc(orderId ?? '')}`, {
        query: { direction: direction ?? undefined },
        signal,
      }),
    enabled: !!orderId,
    staleTime: 0,
    gcTime: 0,
  });
}

export const capacitySettingsQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: capacityKeys.settings(tenant),
    queryFn: ({ signal }) => api.get<CapacitySettings>('capacity', { signal }),
  });

export function useCapacitySettings(enabled = true) {
  const { currentTenant } = useSession();
  return useQuery({ ...capacitySettingsQueryOptions(currentTenant), enabled });
}

/** The public holidays of a year for a federal state (the one being chosen), with the local days. */
export function useHolidays(year: number, bundesland: FederalState) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: capacityKeys.holidays(currentTenant, year, bundesland),
    queryFn: ({ signal }) => api.get<HolidaysReply>('capacity/get/holidays', { query: { year, bundesland }, signal }),
    placeholderData: keepPreviousData,
  });
}

// ---------------------------------------------------------------------------------------------
// Writes: every one changes the plan, so every plan read is read again afterwards.
// ---------------------------------------------------------------------------------------------

/** Replaces the order's unfinished slots; `expected` are those the plan was made from (a proposal's basis). */
export const saveCapacityByOrder = (body: SaveCapacityByOrder) =>
  api.put<RequiredTimeReply>('capacity/put/saveCapacityByOrderId', body);
export const saveNewTimeslot = (body: NewTimeslot) => api.put<Timeslot>('capacity/put/saveNewTimeslot', body);
export const shiftTimeslot = (body: ShiftTimeslot) => api.put<Timeslot>('capacity/put/shiftTimeslot', body);
export const finishTimeslot = (body: FinishTimeslot) => api.put<Timeslot>('capacity/put/finishTimeslot', body);
export const deleteTimeslot = ({ _id, __v }: { _id: string; __v: number }) =>
  api.delete(`capacity/timeslot/${enc(_id)}`, { query: { __v } });

function usePlanMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Settled, not only success: a 409 means the board shows an old state and must be read again.
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: capacityKeys.plan(getSessionState().currentTenant) }),
  });
}

export const useSaveCapacityByOrder = () => usePlanMutation(saveCapacityByOrder);
export const useSaveNewTimeslot = () => usePlanMutation(saveNewTimeslot);
export const useShiftTimeslot = () => usePlanMutation(shiftTimeslot);
export const useFinishTimeslot = () => usePlanMutation(finishTimeslot);
export const useDeleteTimeslot = () => usePlanMutation(deleteTimeslot);

export const updateCapacitySettings = ({ id, data }: { id: string; data: CapacitySettingsUpdate }) =>
  api.put<CapacitySettings>(`capacity/${enc(id)}`, data);

export function useUpdateCapacitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCapacitySettings,
    onSuccess: (saved) => {
      const { currentTenant } = getSessionState();
      queryClient.setQueryData(capacityKeys.settings(currentTenant), saved);
      void queryClient.invalidateQueries({ queryKey: capacityKeys.plan(currentTenant) });
      void queryClient.invalidateQueries({ queryKey: [CAPACITY_KEY, currentTenant, 'settings', 'holidays'] });
      void queryClient.invalidateQueries({ queryKey: capacityKeys.protocol(currentTenant, saved._id) });
    },
  });
}

/** GET protocol/getProtocolByCapacity/{id}: every change of the settings, employee by employee. */
export function useCapacityProtocol(id: string) {
  const { currentTenant } = useSession();
  return useQuery({
    queryKey: capacityKeys.protocol(currentTenant, id),
    queryFn: ({ signal }) =>
      api.get<ProtocolEntry[]>(`protocol/getProtocolByCapacity/${encodeURIComponent(id)}`, { signal }),
  });
}
