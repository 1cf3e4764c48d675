/**
 * The browser tab's title: the product name plus the route title (SPEC §1), or plus the title a page gives
 * itself while it is shown (a book's own title, 'Benutzer anlegen'), so open tabs can be told apart.
 */
import { useEffect } from 'react';
import { i18n } from './i18n';

let routeTitle = '';
/** Titles of the pages on screen that name themselves; the latest wins. */
const pageTitles: { title: string }[] = [];

function apply() {
  if (typeof document === 'undefined') return;
  const title = pageTitles.at(-1)?.title ?? routeTitle;
  document.title = i18n.t('common.pageTitle', { title });
}

/** The route's title (the screen table's); shown unless the page names itself. */
export function setRouteTitle(title: string) {
  routeTitle = title;
  apply();
}

/** While the calling page is shown, the tab shows this title instead of the route's (nothing: the route's). */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const entry = { title };
    pageTitles.push(entry);
    apply();
    return () => {
      pageTitles.splice(pageTitles.indexOf(entry), 1);
      apply();
    };
  }, [title]);
}
