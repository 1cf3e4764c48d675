import { createBrowserHistory, createPath, type To } from 'history';

/** A path that a URL would read as another host ('//host', '\\host'). */
const PROTOCOL_RELATIVE = /^[\\/]{2}/;

/** `to` as a URL of this origin, as React Router's own browser history makes it (createBrowserURLImpl). */
function createURL(to: To) {
  const base = window.location.origin !== 'null' ? window.location.origin : window.location.href;
  const href = (typeof to === 'string' ? to : createPath(to)).replace(/ $/, '%20');
  return new URL(PROTOCOL_RELATIVE.test(href) ? base + href : href, base);
}

/**
 * The app's browser history, shared by the router (unstable_HistoryRouter) and the unsaved-changes
 * guard, which blocks navigation through it (history.block: links, navigate() and back/forward).
 * React Router's own blocking needs its data router, 16.4 KB more of the initial bundle and over its budget
 * (the figure is in app/app.tsx).
 * createURL and encodeLocation are what React Router's history adds: the router re-encodes matched
 * paths with them (a search term with a space or an umlaut in the path).
 */
export const appHistory = Object.assign(createBrowserHistory(), {
  createURL,
  encodeLocation: (to: To) => {
    const { pathname, search, hash } = createURL(to);
    return { pathname, search, hash };
  },
});
