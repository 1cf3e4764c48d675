import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface EnvelopeItem {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * A stand-in for Sentry or GlitchTip: a local HTTP server that takes the SDK's envelopes at
 * /api/<project>/envelope/ and keeps them, raw and as items. Its DSN points the SDK at it.
 */
export async function startEnvelopeReceiver() {
  const bodies: string[] = [];
  const items: EnvelopeItem[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && /^\/api\/\d+\/envelope\/?/.test(req.url ?? '')) {
        const raw = Buffer.concat(chunks);
        const body = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        bodies.push(body);
        items.push(...parseEnvelope(body));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    origin: `http://127.0.0.1:${port}`,
    /** Everything received, as sent (for 'contains no token' checks). */
    raw: () => bodies.join('\n'),
    items: (type?: string) => items.filter((i) => !type || i.type === type),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An envelope: a header line, then per item a header line and a payload line (JSON where it is JSON). */
function parseEnvelope(body: string): EnvelopeItem[] {
  const lines = body.split('\n');
  const found: EnvelopeItem[] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    let header: { type?: string };
    try {
      header = JSON.parse(lines[i] ?? '');
    } catch {
      break;
    }
    let payload: Record<string, unknown> = {};
    try {
      payload = JSON.parse(lines[i + 1] ?? '');
    } catch {
      // replay recordings are binary or not JSON: kept only in raw()
    }
    found.push({ type: header.type ?? 'unknown', payload });
  }
  return found;
}
