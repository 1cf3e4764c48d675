import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

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

export default defineConfig(({ command }) => ({
  base: '/app/',
  plugins: [
    react(),
    buildInfo(),
    mantineStylesPerComponent(),
    // Each script, stylesheet and page also as .br and .gz beside it: the server sends the one the browser
    // accepts (platform/web.ts, preCompressed), compressed once at build time instead of on every request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: { __BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'dev') },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 900 },
  server: { port: 5173, proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } } },
  preview: { proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } } },
}));
