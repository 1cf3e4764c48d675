// Mantine's global styles; each component's own stylesheet comes with it (see vite.config.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');
// An English user's texts arrive first, so the first screen is never shown in the wrong language.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
