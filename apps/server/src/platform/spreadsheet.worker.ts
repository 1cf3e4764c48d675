/**
 * The worker thread that reads one uploaded spreadsheet (spreadsheet.ts starts it with memory
 * limits and a time limit): it gets the bytes and the file name, and answers the rows or the
 * refusal with its cap.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseSheet, SheetError } from './spreadsheet-read';

const { bytes, name } = workerData as { bytes: Uint8Array; name: string };
try {
  parentPort?.postMessage({ rows: parseSheet(bytes, name) });
} catch (err) {
  parentPort?.postMessage({
    refused:
      err instanceof SheetError ? { reason: err.reason, params: err.params } : { reason: 'unreadable', params: {} },
  });
}
