import { scrubText } from '@pruefbuch/domain/rules/error-scrub';
import type { ErrorEvent, Event } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import { isExpectedFailure, scrubBreadcrumb, scrubEvent, scrubRecordingEvent, scrubRecordingText } from './error-scrub';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwic2lkIjoiMiJ9.c2lnbmF0dXJlLXZhbHVlLTEyMw';
const REFRESH = 'Zx9aQ2mLk7Pq4Rt8Vw1Yb3Nc6Df0Gh5Jk2Lm9Np4Qr7';
const EMAIL = 'erika.mustermann@example.org';
const ID = '0b7f6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b';

describe('scrubText', () => {
  it.each([
    // the links of the account mails
    [`https://pb.example/app/admin/reset/finish?key=${REFRESH}`, 'https://pb.example/app/admin/reset/finish'],
    [`https://pb.example/app/confirmation?token=${REFRESH}#x`, 'https://pb.example/app/confirmation'],
    // the API calls those pages make, as the api client names them in its errors
    [
      `[Prüfbuch API] POST users/reset/${REFRESH} failed: 500`,
      '[Prüfbuch API] POST users/reset/[redacted] failed: 500',
    ],
    [`/api/v1/users/deactivate2fa/${REFRESH}`, '/api/v1/users/deactivate2fa/[redacted]'],
    // search terms of a list in the address
    [`/app/books?search=M%C3%BCller&page=2`, '/app/books'],
    [`Authorization: Bearer ${JWT}`, 'Authorization: Bearer [token]'],
    [`stored ${JWT}`, 'stored [token]'],
    [`refresh ${REFRESH} failed`, 'refresh [token] failed'],
    [`Anmeldung von ${EMAIL} fehlgeschlagen`, 'Anmeldung von [email] fehlgeschlagen'],
  ])('%s → %s', (input, output) => {
    expect(scrubText(input)).toBe(output);
  });

  it.each([
    `GET /api/v1/books/${ID} failed: 404`,
    'trace 4362f913bd2c4568a6086fbb43c48432',
    'hasZodFastifySchemaValidationErrorsAndMore is a long name',
    'Ist das richtig? Ja – Auftrag #123.',
    'release pruefbuch@2.2.3+f971a84',
  ])('keeps %s', (text) => {
    expect(scrubText(text)).toBe(text);
  });
});

describe('scrubEvent', () => {
  it('keeps of the page its address without query, of the user the id, and drops what the SDK must not send', () => {
    const event: ErrorEvent = {
      type: undefined,
      event_id: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
      release: 'pruefbuch@2.2.3+abc1234',
      request: {
        url: `https://pb.example/app/admin/reset/finish?key=${REFRESH}`,
        headers: { 'User-Agent': 'Firefox/140', Referer: `https://pb.example/app/books?search=${EMAIL}` },
        cookies: { pruefbuch: 'x' },
      },
      user: { id: 'u-1', email: EMAIL, username: 'Erika', ip_address: '10.0.0.1' },
      exception: { values: [{ type: 'ApiError', value: `POST users/login failed for ${EMAIL}` }] },
      breadcrumbs: [
        { category: 'navigation', data: { from: '/app/books?search=Meier', to: `/app/confirmation?token=${REFRESH}` } },
        { category: 'console', message: `token ${JWT}` },
      ],
      extra: { accessToken: JWT, note: 'fine' },
    };
    const scrubbed = scrubEvent(event);
    expect(scrubbed.request).toEqual({
      url: 'https://pb.example/app/admin/reset/finish',
      headers: { 'User-Agent': 'Firefox/140' },
    });
    expect(scrubbed.user).toEqual({ id: 'u-1' });
    expect(scrubbed.event_id).toBe(event.event_id);
    expect(scrubbed.release).toBe(event.release);
    expect(scrubbed.exception?.values?.[0]?.value).toBe('POST users/login failed for [email]');
    expect(scrubbed.breadcrumbs?.[0]?.data).toEqual({ from: '/app/books', to: '/app/confirmation' });
    expect(scrubbed.extra).toEqual({ note: 'fine' });
    const json = JSON.stringify(scrubbed);
    for (const secret of [REFRESH, JWT, EMAIL, 'Meier', 'Erika', '10.0.0.1']) expect(json).not.toContain(secret);
  });

  it('scrubs the spans of a transaction', () => {
    const event: Event = {
      type: 'transaction',
      transaction: '/app/books',
      spans: [
        {
          span_id: '1',
          trace_id: '4362f913bd2c4568a6086fbb43c48432',
          start_timestamp: 0,
          description: `GET /api/v1/books?search=${EMAIL}`,
          data: { url: `/api/v1/books?search=${EMAIL}`, 'http.query': `?search=${EMAIL}` },
          origin: 'auto.http.browser',
          status: 'ok',
        },
      ],
    };
    const span = scrubEvent(event).spans?.[0];
    expect(span?.description).toBe('GET /api/v1/books');
    expect(span?.data).toEqual({ url: '/api/v1/books' });
    expect(span?.trace_id).toBe('4362f913bd2c4568a6086fbb43c48432');
  });

  it('scrubs the replay’s breadcrumbs and its recording text', () => {
    const crumb = scrubBreadcrumb({ category: 'fetch', data: { url: `/api/v1/users/reset/${REFRESH}` } });
    expect(crumb.data).toEqual({ url: '/api/v1/users/reset/[redacted]' });
    const frame = scrubRecordingEvent({
      type: 5,
      timestamp: 1,
      data: { tag: 'breadcrumb', payload: { category: 'navigation', message: `/app/confirmation?token=${REFRESH}` } },
    });
    expect(JSON.stringify(frame)).not.toContain(REFRESH);
    const recording = `{"segment_id":0}\n[{"type":4,"data":{"href":"https://pb.example/app/books?search=Meier","width":1280}}]`;
    expect(scrubRecordingText(recording)).toBe(
      '{"segment_id":0}\n[{"type":4,"data":{"href":"https://pb.example/app/books","width":1280}}]',
    );
  });
});

describe('isExpectedFailure', () => {
  const apiError = (status: number) => Object.assign(new Error('x'), { name: 'ApiError', status });
  it('drops the API’s 4xx answers and network failures, keeps 5xx and every other error', () => {
    expect(isExpectedFailure({ originalException: apiError(404) })).toBe(true);
    expect(isExpectedFailure({ originalException: apiError(0) })).toBe(true);
    expect(isExpectedFailure({ originalException: apiError(500) })).toBe(false);
    expect(isExpectedFailure({ originalException: new TypeError('x is undefined') })).toBe(false);
    expect(isExpectedFailure({})).toBe(false);
  });
});
