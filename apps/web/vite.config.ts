import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** One id per build: compiled into the app and written to dist/build.json, so the app can tell that a newer build is deployed. */
const buildId = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

function buildInfo(): Plugin {
  return {
    name: 'pruefbuch-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ build: buildId })}\n` });
    },
  };
}

/**
 * Mantine's styles follow its components: every Mantine module that carries a CSS module also imports that
 * component's stylesheet, so a chunk brings exactly the CSS of the components it uses and screens load theirs
 * with them (instead of all of @mantine/core's CSS before the first screen). The `.layer.css` variants keep
 * all Mantine rules in `@layer mantine`, so the app's own CSS wins whatever order the chunks load in.
 * In dev, dependencies are pre-bundled and never reach `transform`: there the whole stylesheets are linked.
 */
const MANTINE_MODULE = /[/\\]@mantine[/\\](core|dates|charts)[/\\]esm[/\\].*[/\\](\w+)\.module\.mjs$/;
const MANTINE_PACKAGES = ['core', 'dates', 'charts'];

function mantineStylesPerComponent(): Plugin[] {
  return [
    {
      name: 'pruefbuch-mantine-css',
      apply: 'build',
      transform(code, id) {
        const match = MANTINE_MODULE.exec(id);
        if (!match) return null;
        const [, pkg, component] = match;
        const sheet = pkg === 'core' ? `styles/${component}.layer.css` : 'styles.layer.css';
        // Appended (imports are hoisted anyway), so the lines and the source map stay as they are.
        return { code: `${code}\nimport '@mantine/${pkg}/${sheet}';\n`, map: null };
      },
    },
    {
      name: 'pruefbuch-mantine-css-dev',
      apply: 'serve',
      // 'pre', so that Vite turns the inline script into a module it resolves like any other.
      transformIndexHtml: {
        order: 'pre',
        handler: () => [
          {
            tag: 'script',
            attrs: { type: 'module' },
            children: MANTINE_PACKAGES.map((pkg) => `import '@mantine/${pkg}/styles.layer.css';`).join('\n'),
            injectTo: 'head',
          },
        ],
      },
    },
  ];
}

/**
 * How the build cuts its chunks (decision 069). Left to itself, Rolldown made a chunk of every set of modules
 * that the same screens share: 275 scripts and 46 stylesheets, a cold order list 135 requests. Over HTTP/1.1's six
 * connections a browser asks for them in about twenty rounds, and that took longer than the screen's code itself.
 * Three groups instead:
 * - `start`: what the entry loads before the first screen, in the entry chunk (it all loads at once anyway);
 * - `ui`: the UI libraries (Mantine, its icons and helpers) that two or more screens use;
 * - `shared`: the app's own components, helpers and domain rules that two or more screens use.
 * A group also takes what its modules import (Rolldown's includeDependenciesRecursively): `shared` holds Mantine's
 * date inputs, the signature pad and Zod as well. A module only one screen uses, and what only it imports, stays
 * with that screen, so the big ones (the charts, the QR scanner, the error tracker, each language's texts) still
 * load only where they are needed.
 */
const UI_LIBRARIES =
  /node_modules[\\/](@mantine[\\/](core|hooks)|@tabler[\\/]icons-react|@floating-ui|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize|clsx|tslib|get-nonce|detect-node-es)[\\/]/;
const APP_SHARED =
  /apps[\\/]web[\\/]src[\\/](components|lib)[\\/]|packages[\\/]domain[\\/]|node_modules[\\/]dayjs[\\/]/;
const CHUNK_GROUPS = [
  { name: 'start', tags: ['$initial' as const], priority: 2 },
  { name: 'ui', test: UI_LIBRARIES, priority: 1, minShareCount: 2 },
  { name: 'shared', test: APP_SHARED, priority: 1, minShareCount: 2 },
];

/**
 * The installable app (decision 060): the web app manifest, and a service worker (Workbox's, built by
 * vite-plugin-pwa) that precaches the shell and every screen's chunks, so a screen opened once opens
 * again without a network. The API is never cached by the worker. A new build's worker waits until the
 * user starts the update ('Update verfügbar'); the app registers it itself after the first screen
 * (layout/service-worker.ts), so nothing of it is in the initial bundle.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/app/',
    name: 'Prüfbuch – Prüfbücher für Türen und RWA',
    short_name: 'Prüfbuch',
    description: 'Prüfbücher für automatische Türen und RWA-Anlagen',
    lang: 'de',
    dir: 'ltr',
    start_url: '/app/',
    scope: '/app/',
    display: 'standalone',
    theme_color: '#1c7ed6',
    background_color: '#ffffff',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // English where the browser reads localized members (the manifest's language is German).
    ...({
      name_localized: { en: 'Prüfbuch – inspection books for doors and smoke vents' },
      short_name_localized: { en: 'Prüfbuch' },
      description_localized: { en: 'Inspection books for automatic doors and smoke and heat extraction systems' },
    } as object),
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // Every chunk, however big (the PDF viewer's worker, the charts): a screen must open offline.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    // No runtimeCaching: requests to /api/ always go to the network.
  },
});

export default defineConfig(({ command }) => ({
  base: '/app/',
  plugins: [
    react(),
    buildInfo(),
    mantineStylesPerComponent(),
    pwa,
    // Each script, stylesheet and page also as .br and .gz beside it: the server sends the one the browser
    // accepts (platform/web.ts, preCompressed), compressed once at build time instead of on every request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: { __BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'dev') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // A module runs when a screen imports it, not when its chunk loads (decision 072): a cold screen ran every
        // module of the shared chunk, every Zod schema of the domain among them. Cold loads 21–34 % faster.
        strictExecutionOrder: true,
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } } },
  preview: { proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } } },
}));
