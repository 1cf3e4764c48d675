/**
 * Replies over 1 KB of JSON or CSV go out compressed, brotli or gzip as the client's Accept-Encoding
 * asks (decision 045): a 20-row order page of 46 KB crosses a phone's link as a few KB. The web app's
 * files are compressed once by its build and served as they are (platform/web.ts); PDFs, images and
 * spreadsheets are compressed formats already and pass through.
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a reply fits a packet or two anyway: compressing it costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The cheapest settings: on the demo's 20-row order page (39.8 KB) brotli quality 1 takes 56 µs of CPU
 * for 5.9 KB, quality 4 240 µs for 5.1 KB; gzip level 1 102 µs for 6.1 KB, level 6 211 µs for 5.1 KB
 * (bench/compression.ts). A list request costs the server about 260 µs besides: the higher settings
 * would nearly double that for 15 % fewer bytes (decision 045).
 */
export const BROTLI_QUALITY = 1;
export const GZIP_LEVEL = 1;

/**
 * Replies up to this size are compressed in one call on the request's own turn (56 µs for 40 KB at
 * quality 1, about 180 µs at this size); bigger ones stream through zlib's thread pool. The plugin's
 * default on two cores, 8 KB, sent every list page through a stream.
 */
export const SYNC_THRESHOLD = 128 * 1024;

export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: /^(application\/json|text\/csv)\b/,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
    syncThreshold: SYNC_THRESHOLD,
  });
}
