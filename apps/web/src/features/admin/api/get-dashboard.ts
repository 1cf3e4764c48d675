import type { AdminDashboard } from '@pruefbuch/domain/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getDashboard = (signal?: AbortSignal) => api.get<AdminDashboard>('admin/dashboard', { signal });

export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 0,
  });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
