import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app under /app/ with a fallback to index.html for client-side routes. The build
 * writes each script, stylesheet and page also brotli- and gzip-compressed (vite.config.ts): the browser
 * gets the one it accepts, so a phone loads a third of the bytes without the server compressing anything.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  app.get('/', { config: { access: 'public' } }, (_req, reply) => reply.redirect('/app/'));
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn('web build not found; only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/app/',
    index: false,
    wildcard: false,
    preCompressed: true,
    // The headers below, not send's own 'public, max-age=0', which it wrote over them.
    cacheControl: false,
    setHeaders: (res, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A cache must keep the compressed and the plain variant apart (which files have them is the build's choice).
      res.setHeader('vary', 'accept-encoding');
    },
  });
  // Files present at start-up have their own routes (wildcard: false). Anything else under /app/
  // is a file of a newer build (served if it exists inside the build folder) or a client route.
  const sendIndex = (_req: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');
  app.get('/app', { config: { access: 'public' } }, (_req, reply) => reply.redirect('/app/'));
  app.get('/app/', { config: { access: 'public' } }, sendIndex);
  app.get('/app/*', { config: { access: 'public' } }, (req, reply) => {
    const rel = path.normalize((req.params as { '*': string })['*']);
    const file = path.join(distDir, rel);
    if (file.startsWith(distDir + path.sep) && existsSync(file) && statSync(file).isFile()) {
      return reply
        .header('cache-control', rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(rel);
    }
    return sendIndex(req, reply);
  });
}
