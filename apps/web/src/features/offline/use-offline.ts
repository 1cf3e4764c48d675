import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/lib/session';
import { dayMeta, offlineBook } from './offline-store';
import { DRAFTS_CHANGED, draftsOf, getDraft } from './outbox-store';

/** Reads of the device's store: they need no network, and they are read again when a draft changes. */
const local = { networkMode: 'always', staleTime: 0 } as const;

export const offlineKeys = {
  all: ['offline'] as const,
  book: (id: string) => ['offline', 'book', id] as const,
  day: (tenantId: string) => ['offline', 'day', tenantId] as const,
  drafts: (tenantId: string, bookId?: string) => ['offline', 'drafts', tenantId, bookId ?? null] as const,
  draft: (localId: string) => ['offline', 'draft', localId] as const,
};

/** Re-reads the drafts when the outbox or another tab changed one. */
export function useDraftsChanged() {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void client.invalidateQueries({ queryKey: ['offline', 'drafts'] });
      void client.invalidateQueries({ queryKey: ['offline', 'draft'] });
    };
    window.addEventListener(DRAFTS_CHANGED, refresh);
    window.addEventListener('storage', refresh);
    return () => {
      window.removeEventListener(DRAFTS_CHANGED, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, [client]);
}

export const useOfflineBook = (id: string) =>
  useQuery({ queryKey: offlineKeys.book(id), queryFn: () => offlineBook(id), ...local });

export const useDayMeta = (tenantId: string) =>
  useQuery({ queryKey: offlineKeys.day(tenantId), queryFn: () => dayMeta(tenantId), ...local });

/** The signed-in user's drafts of the tenant (of one book, when named): another user's stay hidden. */
export function useDrafts(tenantId: string, bookId?: string) {
  useDraftsChanged();
  const me = useSession().session?.userId;
  return useQuery({
    queryKey: [...offlineKeys.drafts(tenantId, bookId), me],
    queryFn: async () => (await draftsOf(tenantId, bookId)).filter((d) => d.userId === me),
    ...local,
  });
}

export function useDraft(localId: string) {
  useDraftsChanged();
  const me = useSession().session?.userId;
  return useQuery({
    queryKey: [...offlineKeys.draft(localId), me],
    queryFn: async () => {
      const d = await getDraft(localId);
      return d && d.userId === me ? d : null;
    },
    ...local,
  });
}
