// Mantine's global styles; each component's own stylesheet comes with it (see vite.config.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/reduced-motion.css';
import './app/touch-targets.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadStart } from './app/preload';
import { afterFirstScreen } from './lib/after-first-screen';
import { captureCaughtError, startErrorTracking } from './lib/error-tracking';
import { i18nReady } from './lib/i18n';

// Errors from the very start are kept; the tracker itself loads after the first screen (SPEC §9).
startErrorTracking();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');
// An English user's texts arrive first, so the first screen is never shown in the wrong language.
/**
 * How long the first render waits for the screen's code: long enough for it to arrive on a working
 * connection, so the screen shows in one go instead of the loader first; short enough that a slow
 * connection sees the app's frame soon.
 */
const FIRST_SCREEN_WAIT_MS = 1000;

void i18nReady.then(async () => {
  // The screen's code and first data are asked for now (in German at once; in another language once its
  // texts are there, so the replies and the screen's texts are in it).
  const screenCode = preloadStart();
  await Promise.race([screenCode, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
  // A screen's error boundary catches its errors; the tracker should still hear of them.
  createRoot(root, { onCaughtError: captureCaughtError }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // SPEC §9: outdated browsers are told so, by a package that loads only after the first screen.
  afterFirstScreen(() => void import('./lib/browser-update').then((m) => m.showBrowserUpdateNotice()));
});
