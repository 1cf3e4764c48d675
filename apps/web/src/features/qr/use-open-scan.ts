import { screenPath } from '@pruefbuch/domain/access';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { setCurrentTenant, useSession } from '@/lib/session';
import { resolveQrCode } from './api/resolve-qrcode';
import { parseScanText } from './scan-target';

/** Why a scanned or typed text did not open a book. */
export class ScanError extends Error {
  constructor(readonly reason: 'notOurs' | 'unknown' | 'notPrepared') {
    super(reason);
    this.name = 'ScanError';
  }
}

/**
 * Opens the book a scanned or typed text names: a code goes through GET qr/{code}, a book address is
 * followed as it is. A book of another of the user's tenants makes that tenant the current one.
 */
export function useOpenScan() {
  const navigate = useNavigate();
  const { currentTenant } = useSession();
  return useMutation({
    // Without a network a scan still opens the book prepared for the road (decision 061).
    networkMode: 'always',
    mutationFn: async (text: string) => {
      const target = parseScanText(text);
      if (!target) throw new ScanError('notOurs');
      const prepared = () =>
        import('@/features/offline').then((m) =>
          target.kind === 'book' ? m.preparedBookById(target.book) : m.preparedBookByQr(target.code),
        );
      if (!navigator.onLine) {
        const found = await prepared();
        if (!found) throw new ScanError('notPrepared');
        return { tenant: found.tenantId, book: found.bookId, resolved: false, offline: true };
      }
      // The book page makes its tenant the current one once the server has served it.
      if (target.kind === 'book') return { tenant: target.tenant, book: target.book, resolved: false, offline: false };
      try {
        const found = await resolveQrCode(target.code);
        return { tenant: found.tenant, book: found.book, resolved: true, offline: false };
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 403 || error.status === 400)) {
          throw new ScanError('unknown');
        }
        // No reply at all: the network went away meanwhile.
        const found = isApiError(error) && error.status === 0 ? await prepared() : null;
        if (found) return { tenant: found.tenantId, book: found.bookId, resolved: false, offline: true };
        throw error;
      }
    },
    onSuccess: ({ tenant, book, resolved, offline }) => {
      if (offline) {
        navigate(screenPath('offline_book', { tenant, slug: book }));
        return;
      }
      if (resolved && tenant !== currentTenant) setCurrentTenant(tenant);
      navigate(screenPath('book_list', { tenant, slug: book }));
    },
  });
}
