/** Reply helpers: the download name header, stored files, streamed PDFs and list pages written as JSON text. */
import { type Readable, Transform } from 'node:stream';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PdfWriter } from './pdf';

/**
 * RFC 6266 with an ASCII fallback: 'Prüfbericht.pdf' is sent as filename="Prufbericht.pdf" plus
 * filename*=UTF-8''Pr%C3%BCfbericht.pdf, so no browser has to guess an 8-bit charset.
 */
export const dispositionOf = (name: string, type: 'inline' | 'attachment' = 'attachment') =>
  contentDisposition(name, {
    type,
    fallback: name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_'),
  });

/**
 * A stored file as a reply that cannot turn into a page of this origin: its stored (sniffed) type, no
 * sniffing, a sandbox without any sources, and the user's name only inside an RFC 6266 Content-Disposition.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; size: number; stream: Readable },
  type: 'inline' | 'attachment' = 'attachment',
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', dispositionOf(file.fileName, type))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.stream);
}

const CHUNK = 64 * 1024;

/**
 * pdfkit emits every object header, keyword and stream as a chunk of its own (thousands of tiny
 * chunks for a book); they are joined into chunks of 64 KiB before they reach the socket.
 */
function coalesce() {
  let parts: Buffer[] = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= CHUNK) {
        const out = Buffer.concat(parts, size);
        parts = [];
        size = 0;
        done(null, out);
      } else {
        done();
      }
    },
    flush(done) {
      done(null, size ? Buffer.concat(parts, size) : undefined);
    },
  });
}

/**
 * Sends a PDF while it is being written: headers first, then the bytes as pdfkit produces
 * them. Everything that can fail with a status (a missing book, bad input) is read before this
 * is called; an error while rendering can only cut the download short, and is logged.
 */
export function sendPdf(
  req: FastifyRequest,
  reply: FastifyReply,
  pdf: PdfWriter,
  fileName: string,
  render: (pdf: PdfWriter) => Promise<void> | void,
) {
  Promise.resolve()
    .then(() => render(pdf))
    .then(() => pdf.end())
    .catch((err: unknown) => {
      req.log.error({ err }, 'PDF rendering failed');
      pdf.doc.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', dispositionOf(fileName, 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .send(pdf.doc.pipe(coalesce()));
}

/**
 * A reply whose JSON text the module wrote (a list page of stored list items: orders.list_item, offers.list_item,
 * decisions 044 and 074), sent as it is. It is not checked against the route's reply schema on every call:
 * checking a page of 20 orders cost ten times writing it (bench/orders.ts); the modules' tests check such
 * pages against the schema instead. `T` is the route's reply type, which the types cannot see in the text.
 */
export function jsonText<T>(reply: FastifyReply, text: Promise<string>): Promise<T> {
  reply.type('application/json; charset=utf-8');
  return text as unknown as Promise<T>;
}

/**
 * JSON text of an object with `extra`'s fields added: `objectText` as JSON.stringify writes an object (it ends in
 * its closing brace), `extra` written after its last field. A stored list item gets what a page adds this way
 * (the order's offer number, an offer's people and counts) without being parsed and written again.
 */
export function jsonObjectWith(objectText: string, extra: Record<string, unknown>): string {
  const added = JSON.stringify(extra);
  if (added === '{}') return objectText;
  if (objectText === '{}') return added;
  return `${objectText.slice(0, -1)},${added.slice(1)}`;
}
