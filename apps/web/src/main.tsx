// Mantine's global styles; each component's own stylesheet comes with it (see vite.config.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { afterFirstScreen } from './lib/after-first-screen';
import { captureCaughtError, startErrorTracking } from './lib/error-tracking';
import { i18nReady } from './lib/i18n';

// Errors from the very start are kept; the tracker itself loads after the first screen (SPEC §9).
startErrorTracking();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');
// An English user's texts arrive first, so the first screen is never shown in the wrong language.
void i18nReady.then(() => {
  // A screen's error boundary catches its errors; the tracker should still hear of them.
  createRoot(root, { onCaughtError: captureCaughtError }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // SPEC §9: outdated browsers are told so, by a package that loads only after the first screen.
  afterFirstScreen(() => void import('./lib/browser-update').then((m) => m.showBrowserUpdateNotice()));
});
