/**
 * The caps of an uploaded spreadsheet and why a file was refused (decision 040): shared by the reader
 * (spreadsheet-read.ts) and its zip and XML parts.
 */
/** The caps of one uploaded spreadsheet (documented in decision 040). */
export const SHEET_CAPS = {
  /** The upload itself (compressed for an XLSX). */
  uploadBytes: 5 * 1024 * 1024,
  /** Entries in the zip directory of an XLSX. */
  zipEntries: 500,
  /** Bytes inflated, all parts read together (workbook, relationships, shared strings, first sheet). */
  unpackedBytes: 50 * 1024 * 1024,
  /** Inflated to compressed bytes of one part, checked once the part passed `ratioFromBytes`. */
  ratio: 200,
  ratioFromBytes: 1024 * 1024,
  /** Data rows below the header row. */
  rows: 5000,
  /** Columns holding a value. */
  columns: 100,
  /** Characters of one cell (the longest field, a branch's note, holds 2000). */
  cellChars: 2000,
  /** Characters of a header cell (first row). */
  headerChars: 200,
  /** Characters of all cells together (a shared string counts at every cell that uses it). */
  textChars: 5_000_000,
};
export type SheetCaps = typeof SHEET_CAPS;

export type SheetErrorReason =
  | 'unreadable'
  | 'encoding'
  | 'uploadBytes'
  | 'zipEntries'
  | 'unpackedBytes'
  | 'ratio'
  | 'rows'
  | 'columns'
  | 'cellChars'
  | 'textChars';

/** Why a file was refused, and the cap (and cell) that refused it. */
export class SheetError extends Error {
  constructor(
    public readonly reason: SheetErrorReason,
    public readonly params: Record<string, string | number> = {},
  ) {
    super(reason);
  }
}

export type Cell = string | number | boolean;

/** Megabytes, for the messages. */
export const mb = (bytes: number) => Math.round(bytes / 1048576);
