import { useEffect } from 'react';
import { setRouteTitle } from '@/lib/page-title';

/** Page title = product name plus the route title (SPEC §1); a page may name itself (lib/page-title). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    setRouteTitle(title);
  }, [title]);
}
