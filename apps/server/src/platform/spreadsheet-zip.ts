/**
 * The zip container of an XLSX, read for the reader (spreadsheet-read.ts, decision 040): the directory,
 * then one entry inflated in small steps with the unpacked and ratio caps counted as it goes.
 */
import { Inflate } from 'fflate';
import { mb, type SheetCaps, SheetError } from './spreadsheet-caps';

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The zip's directory (end record and central directory); ZIP64 and encrypted entries are refused. */
export function zipDirectory(b: Uint8Array, caps: SheetCaps): Map<string, ZipEntry> {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new SheetError('unreadable');
  const count = view.getUint16(end + 10, true);
  const dirSize = view.getUint32(end + 12, true);
  const dirOffset = view.getUint32(end + 16, true);
  if (count > caps.zipEntries) throw new SheetError('zipEntries', { limit: caps.zipEntries });
  if (count === 0xffff || dirOffset === 0xffffffff || dirOffset + dirSize > end) throw new SheetError('unreadable');
  const entries = new Map<string, ZipEntry>();
  let p = dirOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > end || view.getUint32(p, true) !== 0x02014b50) throw new SheetError('unreadable');
    const nameLength = view.getUint16(p + 28, true);
    const next = p + 46 + nameLength + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
    if (next > end) throw new SheetError('unreadable');
    const name = new TextDecoder().decode(b.subarray(p + 46, p + 46 + nameLength));
    entries.set(name, {
      name,
      flags: view.getUint16(p + 8, true),
      method: view.getUint16(p + 10, true),
      compressedSize: view.getUint32(p + 20, true),
      size: view.getUint32(p + 24, true),
      localOffset: view.getUint32(p + 42, true),
    });
    p = next;
  }
  return entries;
}

/** Slices of compressed input per inflate step: one step yields at most ~1,032 times this. */
const STEP = 1024;

/**
 * Inflates a zip entry in small steps, handing each piece of text to `onText`; counts the bytes
 * against the unpacked cap of the whole file and the ratio against the compressed size as it goes.
 */
export function inflateEntry(
  b: Uint8Array,
  e: ZipEntry,
  budget: { left: number },
  caps: SheetCaps,
  onText: (s: string) => void,
) {
  if (e.flags & 1) throw new SheetError('unreadable');
  if (e.size > budget.left) throw new SheetError('unpackedBytes', { limit: mb(caps.unpackedBytes) });
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const at = e.localOffset;
  if (at + 30 > b.length || view.getUint32(at, true) !== 0x04034b50) throw new SheetError('unreadable');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + e.compressedSize > b.length) throw new SheetError('unreadable');
  const data = b.subarray(start, start + e.compressedSize);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let out = 0;
  const take = (piece: Uint8Array) => {
    out += piece.length;
    budget.left -= piece.length;
    if (budget.left < 0) throw new SheetError('unpackedBytes', { limit: mb(caps.unpackedBytes) });
    if (out > caps.ratioFromBytes && out > caps.ratio * Math.max(1, e.compressedSize))
      throw new SheetError('ratio', { limit: caps.ratio });
    let text: string;
    try {
      text = decoder.decode(piece, { stream: true });
    } catch {
      throw new SheetError('unreadable');
    }
    if (text) onText(text);
  };
  if (e.method === 0) {
    for (let i = 0; i < data.length; i += STEP) take(data.subarray(i, i + STEP));
  } else if (e.method === 8) {
    let ended = false;
    const inflate = new Inflate((piece, final) => {
      take(piece);
      if (final) ended = true;
    });
    try {
      for (let i = 0; i < data.length; i += STEP) inflate.push(data.subarray(i, i + STEP), i + STEP >= data.length);
    } catch (err) {
      if (err instanceof SheetError) throw err;
      throw new SheetError('unreadable');
    }
    if (!ended && data.length > 0) throw new SheetError('unreadable');
  } else {
    throw new SheetError('unreadable');
  }
  try {
    decoder.decode();
  } catch {
    throw new SheetError('unreadable');
  }
}
