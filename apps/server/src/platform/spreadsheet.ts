/**
 * Reading a spreadsheet a user uploads (XLSX, or CSV with ; or ,) into rows of cells: the first sheet of
 * a workbook, told by its bytes, else text. The importers map and check the cells themselves.
 *
 * The file is read off the event loop, in a worker thread with memory limits and a time limit, at
 * most READ_LIMITS.slots files at once per process; the caps of spreadsheet-read.ts apply while reading
 * (decision 040). A refusal is a 400 or 413 naming the cap; too many files waiting is a 503 with
 * Retry-After.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@pruefbuch/domain/error-codes';
import { AppError } from './errors';
import { SHEET_CAPS, type SheetCaps, type SheetErrorReason } from './spreadsheet-read';
import { fileTooLarge } from './uploads';

export { SHEET_CAPS } from './spreadsheet-read';

/** Rows read at most below the header; a longer file is refused while it is read. */
export const MAX_SHEET_ROWS = SHEET_CAPS.rows;

/** How files are read per process (decision 040); tests may lower them. */
export const READ_LIMITS = {
  /** Files read at the same time; more wait in line. */
  slots: 2,
  /** Files waiting for a slot at most; one more is told to come back (503). */
  queue: 8,
  /** How long a file may wait for a slot. */
  waitMs: 10_000,
  /** How long reading one file may take, the worker's start included. */
  timeMs: 20_000,
  /** Heap of one reading worker (the bytes and rows it holds are bounded by the caps). */
  memoryMb: 256,
};
const RETRY_AFTER_SECONDS = 5;

/**
 * The cells of the first sheet (XLSX, told by its bytes) or of a CSV (delimiter detected, ; or ,).
 * `caps` is for tests; the server reads with SHEET_CAPS.
 */
export async function readSheet(buffer: Buffer, name: string, caps: SheetCaps = SHEET_CAPS): Promise<unknown[][]> {
  if (buffer.length > caps.uploadBytes) throw fileTooLarge(Math.round(caps.uploadBytes / 1048576));
  const release = await slot();
  try {
    return await inWorker(buffer, name, caps);
  } finally {
    release();
  }
}

// ---------------------------------------------------------------------------------------------
// At most READ_LIMITS.slots readings at once, READ_LIMITS.queue waiting.

let running = 0;
const waiting: (() => void)[] = [];

function slot(): Promise<() => void> {
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) next();
  };
  if (running < READ_LIMITS.slots) {
    running++;
    return Promise.resolve(release);
  }
  if (waiting.length >= READ_LIMITS.queue) return Promise.reject(busy());
  return new Promise((resolve, reject) => {
    const go = () => {
      clearTimeout(timer);
      running++;
      resolve(release);
    };
    const timer = setTimeout(() => {
      const i = waiting.indexOf(go);
      if (i >= 0) waiting.splice(i, 1);
      reject(busy());
    }, READ_LIMITS.waitMs);
    waiting.push(go);
  });
}

const busy = () => refusal('IMPORT_BUSY', 503, { seconds: RETRY_AFTER_SECONDS }, RETRY_AFTER_SECONDS);

/** How many files are being read and waiting (for tests and metrics). */
export const readingLoad = () => ({ running, waiting: waiting.length });

// ---------------------------------------------------------------------------------------------
// The worker.

/** The worker bundled from its TypeScript source, once per process (development and tests). */
let bundledWorker: Promise<string> | null = null;

/**
 * The worker's entry: next to this module in the compiled server (build.mjs bundles it as
 * spreadsheet-worker.js). From the TypeScript source (development, tests) it is bundled the same way
 * once per process, without holding the event loop, and started from that code: loading it through tsx
 * in each worker took about 1 s (0.5 s of CPU) per file read, tsx and esbuild starting anew in every worker.
 */
async function workerSource(): Promise<{ source: string | URL; eval: boolean }> {
  if (!import.meta.url.endsWith('.ts'))
    return { source: new URL('./spreadsheet-worker.js', import.meta.url), eval: false };
  if (bundledWorker === null) {
    // esbuild is a development dependency, which running from the source needs anyway (tsx uses it).
    const { build } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
    bundledWorker = build({
      entryPoints: [fileURLToPath(new URL('./spreadsheet.worker.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      write: false,
      logLevel: 'silent',
    }).then(({ outputFiles }) => outputFiles[0]?.text ?? '');
    // A failed bundle is tried again by the next read instead of failing every read after it.
    bundledWorker.catch(() => {
      bundledWorker = null;
    });
  }
  return { source: await bundledWorker, eval: true };
}

type Answer =
  | { batch: unknown[][] }
  | { done: number }
  | { refused: { reason: SheetErrorReason; params: Record<string, string | number> } };

async function inWorker(buffer: Buffer, name: string, caps: SheetCaps): Promise<unknown[][]> {
  const { source, eval: isEval } = await workerSource();
  const bytes = new Uint8Array(buffer.byteLength);
  bytes.set(buffer);
  const worker = new Worker(source, {
    eval: isEval,
    workerData: { bytes, name, caps },
    transferList: [bytes.buffer],
    resourceLimits: { maxOldGenerationSizeMb: READ_LIMITS.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => finish(() => reject(tooComplex())), READ_LIMITS.timeMs);
    // The rows come in batches, each deserialised as its own task (the worker drains before 'exit').
    const rows: unknown[][] = [];
    worker.on('message', (answer: Answer) => {
      if ('batch' in answer) for (const row of answer.batch) rows.push(row);
      else if ('done' in answer) finish(() => (rows.length === answer.done ? resolve(rows) : reject(unreadable())));
      else finish(() => reject(refusedBy(answer.refused.reason, answer.refused.params)));
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash: the file is beyond what is read.
    worker.once('error', (err) =>
      finish(() =>
        reject((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : unreadable()),
      ),
    );
    worker.once('exit', () => finish(() => reject(tooComplex())));
  });
}

// ---------------------------------------------------------------------------------------------
// Refusals.

const refusal = (code: ErrorCode, status: number, params?: Record<string, string | number>, retryAfter?: number) =>
  new AppError(
    code,
    status,
    [{ field: 'file', key: `errors.${code}`, message: code, ...(params ? { params } : {}) }],
    retryAfter,
  );

const unreadable = () =>
  new AppError('UNSUPPORTED_FILE_TYPE', 400, [
    { field: 'file', key: 'errors.IMPORT_UNREADABLE', message: 'IMPORT_UNREADABLE' },
  ]);

const tooComplex = () => refusal('IMPORT_TOO_COMPLEX', 400, { seconds: READ_LIMITS.timeMs / 1000 });

/** The reply for a cap the reader refused the file by: 413 for sizes, 400 for the rest. */
function refusedBy(reason: SheetErrorReason, params: Record<string, string | number>): AppError {
  switch (reason) {
    case 'uploadBytes':
      return fileTooLarge(Number(params.limit));
    case 'unpackedBytes':
      return refusal('IMPORT_UNPACKED_TOO_LARGE', 413, params);
    case 'textChars':
      return refusal('IMPORT_TEXT_TOO_LARGE', 413, params);
    case 'zipEntries':
      return refusal('IMPORT_ZIP_ENTRIES', 400, params);
    case 'ratio':
      return refusal('IMPORT_COMPRESSION', 400, params);
    case 'rows':
      return refusal('IMPORT_TOO_MANY_ROWS', 400, params);
    case 'columns':
      return refusal('IMPORT_TOO_MANY_COLUMNS', 400, params);
    case 'cellChars':
      return refusal('IMPORT_CELL_TOO_LONG', 400, params);
    case 'encoding':
      return refusal('IMPORT_ENCODING', 400);
    default:
      return unreadable();
  }
}
