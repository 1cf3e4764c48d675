/**
 * The error tracker's SDK, loaded after the first screen when the server names a DSN
 * (error-tracking.ts). Configured as SPEC §9 says: every trace, a tenth of the sessions recorded
 * and every session with an error, text and inputs masked; nothing personal leaves (error-scrub.ts).
 */
import {
  clientConfigReply,
  REPLAY_ON_ERROR_SAMPLE_RATE,
  REPLAY_SESSION_SAMPLE_RATE,
  TRACES_SAMPLE_RATE,
} from '@pruefbuch/domain/schemas/client-config';
import {
  addEventProcessor,
  browserTracingIntegration,
  captureException,
  captureReactException,
  init,
  makeFetchTransport,
  replayIntegration,
  setUser,
} from '@sentry/react';
import { isExpectedFailure, scrubBreadcrumb, scrubEvent, scrubRecordingEvent, scrubRecordingText } from './error-scrub';
import type { KeptError, ReportError } from './error-tracking';
import { getSessionState, subscribeSession } from './session';

type Transport = ReturnType<typeof makeFetchTransport>;
type Envelope = Parameters<Transport['send']>[0];

/**
 * The fetch transport, with the replay's recordings scrubbed on the way out: the recorder writes
 * the page address (with its query) into each snapshot, where no callback of the SDK reaches it.
 * Recordings are therefore sent uncompressed (useCompression: false), as text that can be read.
 */
function scrubbingTransport(options: Parameters<typeof makeFetchTransport>[0]): Transport {
  const transport = makeFetchTransport(options);
  return {
    ...transport,
    send: (envelope: Envelope) => {
      const [headers, items] = envelope;
      const scrubbed = items.map(([header, payload]) => {
        if (header.type !== 'replay_recording' || typeof payload !== 'string') return [header, payload];
        const recording = scrubRecordingText(payload);
        // The item names its length in bytes; a shorter text must say so.
        return [{ ...header, length: new TextEncoder().encode(recording).length }, recording];
      });
      return transport.send([headers, scrubbed] as unknown as Envelope);
    },
  };
}

const reportTo = (): ReportError => (error, componentStack) =>
  componentStack ? captureReactException(error, { componentStack }) : captureException(error);

/** Starts the SDK, sends the errors kept so far, and returns how later ones are reported. */
export function startTracker(raw: unknown, kept: KeptError[]): ReportError {
  const config = clientConfigReply.parse(raw);
  init({
    dsn: config.sentryDsn ?? undefined,
    release: config.release,
    environment: config.environment,
    transport: scrubbingTransport,
    integrations: [
      browserTracingIntegration(),
      replayIntegration({
        maskAllText: true,
        maskAllInputs: true,
        blockAllMedia: true,
        useCompression: false,
        beforeAddRecordingEvent: scrubRecordingEvent,
      }),
    ],
    tracesSampleRate: TRACES_SAMPLE_RATE,
    replaysSessionSampleRate: REPLAY_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: REPLAY_ON_ERROR_SAMPLE_RATE,
    // Transactions rather than streamed spans: GlitchTip takes those.
    traceLifecycle: 'static',
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    beforeSend: (event, hint) => (isExpectedFailure(hint) ? null : scrubEvent(event)),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  });
  // The replay's own events (its page list) pass no beforeSend; its recording events pass here.
  addEventProcessor((event) => (event.type === 'replay_event' ? scrubEvent(event) : event));
  const withUser = () => {
    const userId = getSessionState().session?.userId;
    setUser(userId ? { id: userId } : null);
  };
  withUser();
  subscribeSession(withUser);
  const report = reportTo();
  for (const { error, componentStack } of kept) report(error, componentStack);
  return report;
}
