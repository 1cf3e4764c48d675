/**
 * The worker thread that reads one uploaded spreadsheet (spreadsheet.ts starts it with memory
 * limits and a time limit): it gets the bytes and the file name, and answers the rows in batches or
 * the refusal with its cap.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseSheet, type SheetCaps, SheetError } from './spreadsheet-read';

/** Rows per message: the server deserialises each message as its own task, so none holds the event loop long. */
const BATCH = 250;

const { bytes, name, caps } = workerData as { bytes: Uint8Array; name: string; caps: SheetCaps };
try {
  const rows = parseSheet(bytes, name, caps);
  for (let i = 0; i < rows.length; i += BATCH) parentPort?.postMessage({ batch: rows.slice(i, i + BATCH) });
  parentPort?.postMessage({ done: rows.length });
} catch (err) {
  parentPort?.postMessage({
    refused:
      err instanceof SheetError ? { reason: err.reason, params: err.params } : { reason: 'unreadable', params: {} },
  });
}
