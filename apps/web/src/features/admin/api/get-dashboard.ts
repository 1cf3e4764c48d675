import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OutboxMail {
  _id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  status: string;
}

export interface Dashboard {
  users: number;
  tenants: number;
  activeSessions?: number;
  outbox: OutboxMail[];
}

export const getDashboard = (signal?: AbortSignal) => api.get<Dashboard>('admin/dashboard', { signal });

export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 0,
  });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
