/**
 * What the browser's error events may carry (decision 034): no tokens (access and refresh tokens,
 * the keys of reset, confirmation and 2FA links), no query strings (search terms, keys), no e-mail
 * addresses, and of the user only the id. Applied to errors, transactions, breadcrumbs and the
 * session replay's own events.
 */
import { scrubDeep, scrubLinks, scrubText } from '@pruefbuch/domain/rules/error-scrub';
import type { Breadcrumb, Event, EventHint } from '@sentry/react';

/** An error or transaction as it may leave the browser: the page without query, the user as id only. */
export function scrubEvent<T extends Event>(event: T): T {
  const scrubbed = scrubDeep(event);
  if (event.request) {
    const userAgent = event.request.headers?.['User-Agent'];
    scrubbed.request = {
      url: event.request.url ? scrubText(event.request.url) : undefined,
      ...(userAgent ? { headers: { 'User-Agent': userAgent } } : {}),
    };
  }
  scrubbed.user = event.user?.id !== undefined ? { id: event.user.id } : undefined;
  return scrubbed;
}

export const scrubBreadcrumb = (crumb: Breadcrumb): Breadcrumb => scrubDeep(crumb);

/** The replay's breadcrumbs and network spans (its custom events), as they are recorded. */
export const scrubRecordingEvent = <T extends { data?: unknown }>(event: T): T => ({
  ...event,
  data: scrubDeep(event.data),
});

/**
 * A replay recording as sent (a header line, then the recorded events as JSON): addresses without
 * query, no link keys, tokens or e-mail addresses (the page's text itself is masked already).
 */
export function scrubRecordingText(recording: string): string {
  return scrubLinks(recording);
}

/**
 * Answers of the API below 500 are the app's expected paths (wrong input, no access, signed out),
 * shown to the user; a 5xx is reported by the server too, with the browser's view added here.
 */
export function isExpectedFailure(hint: EventHint): boolean {
  const error = hint.originalException as { name?: unknown; status?: unknown } | undefined;
  return error?.name === 'ApiError' && typeof error.status === 'number' && error.status < 500;
}
