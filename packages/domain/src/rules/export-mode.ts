/**
 * The inspection file (Prüfakte) of a book, a branch or a customer (decision 058): streamed at once while
 * the person waits, or built in the background and offered as a download link (shown and mailed).
 *
 * What takes the time is rendering the book PDFs (every finalized record of every book, with photos and
 * signatures); what takes the bytes are the archived record PDFs and the documents. A file streams
 * directly when it is small by all three measures; anything larger goes to the background, where a
 * dropped connection costs nothing and the person may close the page. The first matching row decides.
 *
 * | books   | finalized records | file bytes (PDFs, documents) | mode       | why                                                    |
 * |---------|-------------------|------------------------------|------------|--------------------------------------------------------|
 * | 0       | any               | any                          | direct     | only the manifest: nothing to wait for                 |
 * | any     | > 300             | any                          | background | the book PDFs alone take longer than a person waits    |
 * | any     | any               | > 200 MB                     | background | a download that long is better resumed from a link     |
 * | > 10    | any               | any                          | background | every book is a PDF of its own: many renders           |
 * | 1 – 10  | ≤ 300             | ≤ 200 MB                     | direct     | seconds: the browser saves it at once                  |
 */

export type ExportMode = 'direct' | 'background';

export interface ExportSize {
  books: number;
  /** Finalized records the file's book PDFs show. */
  records: number;
  /** Bytes of the stored files it copies: archived record PDFs and documents. */
  fileBytes: number;
}

export const EXPORT_LIMITS = {
  /** At most this many finalized records stream directly. */
  directRecords: 300,
  /** At most this many bytes of stored files stream directly. */
  directFileBytes: 200 * 1024 * 1024,
  /** At most this many books stream directly. */
  directBooks: 10,
} as const;

export interface ExportModeRule {
  /** What the row says, as the table above. */
  when: string;
  applies: (size: ExportSize) => boolean;
  mode: ExportMode;
}

export const EXPORT_MODE_RULES: readonly ExportModeRule[] = [
  { when: 'no books', applies: (s) => s.books === 0, mode: 'direct' },
  {
    when: 'more records than a person waits for',
    applies: (s) => s.records > EXPORT_LIMITS.directRecords,
    mode: 'background',
  },
  {
    when: 'more file bytes than a quick download',
    applies: (s) => s.fileBytes > EXPORT_LIMITS.directFileBytes,
    mode: 'background',
  },
  { when: 'more books than quick renders', applies: (s) => s.books > EXPORT_LIMITS.directBooks, mode: 'background' },
  { when: 'small by every measure', applies: () => true, mode: 'direct' },
];

/** How the file of this size is delivered: the first rule of EXPORT_MODE_RULES that applies. */
export function exportModeOf(size: ExportSize): ExportMode {
  const rule = EXPORT_MODE_RULES.find((r) => r.applies(size));
  return rule?.mode ?? 'background';
}

/** How long the download link of a file built in the background works (decision 058). */
export const EXPORT_LINK_DAYS = 7;

/** Files a user may have waiting or being built at once; a further request is refused until one is done. */
export const EXPORT_OPEN_JOBS_PER_USER = 3;

/** How often a background export is tried before it counts as failed (a process that died mid-way). */
export const EXPORT_MAX_ATTEMPTS = 3;
