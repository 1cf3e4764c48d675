import type { userListReply } from '@pruefbuch/domain/schemas/user';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type UserListReply = z.infer<typeof userListReply>;
export type UserSort = 'name' | '-name' | 'email' | '-email' | 'role' | '-role';

export interface UserListParams {
  page: number;
  size: number;
  search?: string;
  sort?: UserSort;
}

export const getUsers = (params: UserListParams, signal?: AbortSignal) =>
  api.get<UserListReply>('users', { query: { ...params }, signal });

export const getUsersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: ['users', 'list', params] as const,
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UserListParams) => useQuery(getUsersQueryOptions(params));
