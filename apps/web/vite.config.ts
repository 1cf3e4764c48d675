import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig(({ command }) => ({
  base: '/app/',
  plugins: [react(), buildInfo()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: { __BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'dev') },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: { port: 5173, proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } } },
  preview: { proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } } },
}));
