import { NAV, type NavEntry, type ScreenName, screenPath } from '@pruefbuch/domain/access';
import { usableNav } from '@pruefbuch/domain/start';
import { useMemo } from 'react';
import { toPrincipal, useSession } from '@/lib/session';

export interface NavItem {
  entry: NavEntry;
  screen: ScreenName;
  path: string;
  /** Path prefixes of the screens below the entry, which keep it marked. */
  related: string[];
}

/**
 * '/book/{tenant}/{slug}' → '/book/', '/offer/{slug?}' → '/offer/': the fixed start of a screen's path, always
 * ending in '/', so '/offer' does not also claim '/offerevaluation'.
 */
export const prefixOf = (screen: ScreenName) => {
  const fixed = screenPath(screen).replace(/\{.*$/, '');
  return fixed.endsWith('/') ? fixed : `${fixed}/`;
};

/** Whether the entry is marked on `current` (a normalised pathname): its own screen, or a screen below it. */
export const isCurrentEntry = (current: string, target: string, related: readonly string[]) =>
  current === target || current.startsWith(`${target}/`) || related.some((r) => `${current}/`.startsWith(r));

/** The nav entries the signed-in user may see (SPEC §6) and use (built screens), in the domain's order. */
export function useNavEntries(): NavItem[] {
  const { session } = useSession();
  return useMemo(() => {
    const principal = toPrincipal(session);
    if (!principal) return [];
    return usableNav(principal).flatMap((entry) => {
      const nav = NAV.find((n) => n.entry === entry);
      return nav
        ? [{ entry, screen: nav.screen, path: screenPath(nav.screen), related: (nav.related ?? []).map(prefixOf) }]
        : [];
    });
  }, [session]);
}
