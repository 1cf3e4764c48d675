import { createHash } from 'node:crypto';
import { type PassThrough, type Readable, Transform } from 'node:stream';
import { translate } from '@pruefbuch/domain/locales/resources';
import type { ExportScope, Manifest } from '@pruefbuch/domain/schemas/export';
import yazl from 'yazl';
import type { TenantContext } from '../../platform/context';
import { PDF_LANG } from '../../platform/pdf';
import { fileNamePart, pdfFileName } from '../../platform/pdf/file-names';
import { BOOK_DOCUMENT_TYPE } from '../documents/documents.repo';
import { bookExportPdf, loadBookExport, renderBookExport } from '../pdf/pdf.book-export';
import { manifestJson, manifestText } from './exports.manifest';
import { type ExportBook, exportFiles, recordCounts } from './exports.repo';

/** What the file is of and for whom: everything the manifest names besides its files. */
export interface ExportPlan {
  scope: ExportScope;
  target: string;
  label: string;
  tenant: { id: string; name: string };
  exportedBy: { id: string; name: string; email: string };
  books: ExportBook[];
  /** The head of each book's record chain (null while a book has none). */
  chainHeads: (bookIds: readonly string[]) => Promise<Map<string, Manifest['books'][number]['chainHead']>>;
}

type ManifestFile = Manifest['files'][number];

const t = (key: string, params?: Record<string, string | number>) => translate(PDF_LANG, key, params);

/** A stored file's name as a ZIP path part: no path, no reserved characters, its extension kept. */
export function safeFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = fileNamePart(dot > 0 ? base.slice(0, dot) : base);
  const ext =
    dot > 0
      ? base
          .slice(dot + 1)
          .replace(/[^\p{L}\p{N}]/gu, '')
          .slice(0, 10)
      : '';
  return `${stem || fallback}${ext ? `.${ext.toLowerCase()}` : ''}`;
}

/** 'Bericht.pdf' twice in one folder: the second is 'Bericht (2).pdf' (compared without case). */
function uniqueIn(seen: Set<string>, name: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  seen.add(candidate.toLowerCase());
  return candidate;
}

/** The folder of a book in the ZIP: its position and what people know it by, e.g. '003_Schiebetür-Eingang_4711'. */
export function bookFolder(index: number, width: number, book: ExportBook): string {
  const words = [book.title, book.manufacturerNo, book.site].map(fileNamePart).filter(Boolean);
  return [String(index + 1).padStart(width, '0'), ...words].join('_').slice(0, 120);
}

export interface InspectionFile {
  /** The ZIP as it is written; it ends once every file and the manifest are in. */
  stream: Readable;
  /** The manifest, once the last file is in; rejects when a file could not be written (the stream is destroyed). */
  done: Promise<Manifest>;
}

/**
 * Writes the inspection file as a streamed ZIP (yazl, file names flagged UTF-8): per book its PDF with every
 * finalized record the user may see, the records' archived PDFs and the documents, then manifest.json and
 * manifest.txt, which list every other file with its size and SHA-256 (hashed on the way through). Files go
 * in one after the other and a book's data is read only when its turn comes, so memory holds one book at a
 * time however large the file; a slow reader slows the writing down (back-pressure through the pipes).
 */
export function writeInspectionFile(
  ctx: TenantContext,
  plan: ExportPlan,
  onBookDone: (done: number) => Promise<void> = async () => {},
): InspectionFile {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as PassThrough;
  let closed = false;
  let finished = false;
  /** The file being written: a reader that goes away mid-file ends it, so nothing waits on a dead pipe. */
  let current: { source: Readable | null; reject: (err: Error) => void } | null = null;
  out.once('close', () => {
    closed = true;
    if (finished || !current) return;
    const gone = new Error('the reader went away');
    current.source?.destroy(gone);
    current.reject(gone);
  });
  zip.on('error', (err: Error) => {
    if (!out.destroyed) out.destroy(err);
    current?.reject(err);
  });

  const files: ManifestFile[] = [];
  /** Adds one file, read when yazl comes to it, and resolves once its last byte went through the hash. */
  const add = (
    path: string,
    meta: Omit<ManifestFile, 'path' | 'size' | 'sha256'>,
    open: () => Promise<Readable>,
    mtime: Date,
  ) =>
    new Promise<void>((resolve, reject) => {
      current = { source: null, reject };
      zip.addReadStreamLazy(path, { compress: false, mtime }, (give) => {
        open().then(
          (source) => {
            if (current) current.source = source;
            const hash = createHash('sha256');
            let size = 0;
            const counted = new Transform({
              transform(chunk: Buffer, _enc, next) {
                hash.update(chunk);
                size += chunk.length;
                next(null, chunk);
              },
              flush(next) {
                files.push({ path, size, sha256: hash.digest('hex'), ...meta });
                next();
                resolve();
              },
            });
            source.once('error', (err) => {
              counted.destroy(err);
              reject(err);
            });
            give(null, source.pipe(counted));
          },
          (err: unknown) => {
            reject(err);
            give(err as Error, null as never);
          },
        );
      });
    });

  const write = async (): Promise<Manifest> => {
    const width = Math.max(3, String(plan.books.length).length);
    const counts = await recordCounts(
      ctx.db,
      ctx.user,
      ctx.tenantId,
      plan.books.map((b) => b.id),
    );
    const folders = new Map<string, string>();
    for (const [i, book] of plan.books.entries()) {
      if (closed) throw new Error('the reader went away');
      const folder = bookFolder(i, width, book);
      folders.set(book.id, folder);
      const seen = new Set<string>();
      const now = new Date();
      await add(
        `${folder}/${uniqueIn(seen, pdfFileName('book', book))}`,
        { kind: 'book-pdf', book: book.id },
        async () => {
          const data = await loadBookExport(ctx, book.id);
          const pdf = await bookExportPdf(data);
          Promise.resolve()
            .then(() => renderBookExport(pdf, data))
            .then(() => pdf.end())
            .catch((err: unknown) => pdf.doc.destroy(err instanceof Error ? err : new Error(String(err))));
          return pdf.doc as unknown as Readable;
        },
        now,
      );
      for (const f of await exportFiles(ctx.db, ctx.user, ctx.tenantId, [book.id])) {
        const isDocument = f.type === BOOK_DOCUMENT_TYPE;
        const sub = t(isDocument ? 'exports.file.documents' : 'exports.file.records');
        const name = uniqueIn(seen, `${sub}/${safeFileName(f.fileName, isDocument ? 'Dokument' : 'Bericht')}`);
        await add(
          `${folder}/${name}`,
          { kind: isDocument ? 'document' : 'record-pdf', book: book.id },
          async () => {
            const stream = await ctx.deps.files.get(f.sha256);
            if (!stream) throw new Error(`file of blob ${f.id} is missing from the store`);
            return stream;
          },
          f.createdAt,
        );
      }
      await onBookDone(i + 1);
    }
    const heads = await plan.chainHeads(plan.books.map((b) => b.id));
    const manifest: Manifest = {
      format: 'pruefbuch-inspection-file/1',
      exportedAt: new Date().toISOString(),
      exportedBy: plan.exportedBy,
      tenant: plan.tenant,
      scope: { kind: plan.scope, id: plan.target, label: plan.label },
      books: plan.books.map((b) => ({
        id: b.id,
        title: b.title,
        folder: folders.get(b.id) ?? '',
        records: counts.get(b.id) ?? 0,
        chainHead: heads.get(b.id) ?? null,
      })),
      files,
    };
    const stamp = new Date(manifest.exportedAt);
    zip.addBuffer(Buffer.from(manifestJson(manifest)), 'manifest.json', { mtime: stamp });
    zip.addBuffer(Buffer.from(manifestText(manifest)), 'manifest.txt', { mtime: stamp });
    zip.end();
    current = null;
    await new Promise<void>((resolve, reject) => {
      if (out.readableEnded) return resolve();
      if (closed) return reject(new Error('the reader went away'));
      out.once('end', resolve);
      out.once('error', reject);
      out.once('close', () => (out.readableEnded ? resolve() : reject(new Error('the reader went away'))));
    });
    finished = true;
    return manifest;
  };

  const done = write().catch((err: unknown) => {
    const error = err instanceof Error ? err : new Error(String(err));
    if (!out.destroyed) out.destroy(error);
    throw error;
  });
  return { stream: out, done };
}
