import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { DetailKey } from '@pruefbuch/domain/error-codes';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_EXTENSIONS,
  type DocumentContentType,
} from '@pruefbuch/domain/schemas/document';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { AppError, badField, notFound } from './errors';
import type { FileStore, StagedFile } from './files';
import { recordUploadDigest, type UploadDigest } from './idempotency';
import { normaliseImage } from './images';
import { invalidCharacters, unstorableField } from './input-guard';

/** file-type decides within this many leading bytes. */
const SNIFF_BYTES = 4100;
const MAX_NAME_LENGTH = 200;

export interface ReceivedFile {
  staged: StagedFile;
  /** Taken from the bytes (after an image was normalised); the client's claim and the name's extension are ignored. */
  contentType: DocumentContentType;
  /** The user's name, cleaned for display: no path, no control characters, the extension of its type. */
  fileName: string;
}

export interface ReceivedUpload {
  /** The text fields of the form (the first value of each name). */
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

export const unsupportedFileType = () =>
  new AppError('UNSUPPORTED_FILE_TYPE', 400, [
    { field: 'file', key: 'errors.UNSUPPORTED_FILE_TYPE', message: 'UNSUPPORTED_FILE_TYPE' },
  ]);

export const fileTooLarge = (limitMb: number) =>
  new AppError('PAYLOAD_TOO_LARGE', 413, [
    { field: 'file', key: 'errors.FILE_TOO_LARGE', message: 'FILE_TOO_LARGE', params: { limit: limitMb } },
  ]);

/**
 * Reads a multipart form with one file: the file goes to the store's staging area while its
 * type is sniffed from the leading bytes. A refused or oversized file is discarded before this
 * returns; the caller commits or discards the staged file it gets.
 */
export async function receiveUpload(
  req: FastifyRequest,
  store: FileStore,
  opts: { limitMb: number; fileField?: string },
): Promise<ReceivedUpload> {
  const fileField = opts.fileField ?? 'file';
  if (!req.isMultipart()) throw badField(fileField, 'validation.required');
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  const sent: UploadDigest['files'] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      } else if (part.fieldname !== fileField) {
        part.file.resume();
        throw badField(part.fieldname, 'validation.invalid');
      } else {
        file = await receiveFile(part, store, opts.limitMb, (sha256) => sent.push({ field: part.fieldname, sha256 }));
      }
    }
    const nul = unstorableField(fields, '');
    if (nul !== null) throw invalidCharacters(nul);
  } catch (err) {
    await file?.staged.discard();
    // busboy's refusal of a body that ends before its closing boundary is a plain Error.
    throw err instanceof Error && /^Unexpected end of/.test(err.message) ? uploadIncomplete() : err;
  }
  // What an idempotent upload's key is compared by: the form as sent, before an image is normalised.
  recordUploadDigest(req, { fields, files: sent });
  return { fields, file };
}

/**
 * Reads a multipart form whose one file is small enough to hold in memory (an import list): the
 * file's bytes and name, and the text fields, with the same refusals as receiveUpload (unknown
 * parts, NUL characters, a cut-off body); a file over `maxBytes` is a 413.
 */
export async function receiveSmallUpload(
  req: FastifyRequest,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; file: { bytes: Buffer; name: string } | null }> {
  if (!req.isMultipart()) throw badField('file', 'validation.required');
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      } else if (part.fieldname !== 'file') {
        part.file.resume();
        throw badField(part.fieldname, 'validation.invalid');
      } else {
        const bytes = await part.toBuffer();
        file = { bytes, name: part.filename };
      }
    }
    const nul = unstorableField(fields, '');
    if (nul !== null) throw invalidCharacters(nul);
  } catch (err) {
    if (err instanceof Error && /^Unexpected end of/.test(err.message)) throw uploadIncomplete();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fileTooLarge(Math.round(maxBytes / 1048576));
    throw err;
  }
  return { fields, file };
}

const uploadIncomplete = () =>
  new AppError('UPLOAD_INCOMPLETE', 400, [
    { field: 'body', key: 'errors.UPLOAD_INCOMPLETE', message: 'UPLOAD_INCOMPLETE' },
  ]);

async function receiveFile(
  part: MultipartFile,
  store: FileStore,
  limitMb: number,
  onSent: (sha256: string) => void,
): Promise<ReceivedFile> {
  const headChunks: Buffer[] = [];
  let headLength = 0;
  async function* sniffing(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      if (headLength < SNIFF_BYTES) {
        const piece = chunk.subarray(0, SNIFF_BYTES - headLength);
        headChunks.push(piece);
        headLength += piece.length;
      }
      yield chunk;
    }
  }
  const staged = await store.stage(sniffing(part.file));
  onSent(staged.sha256);
  try {
    // busboy cuts a file off at the limit and marks it truncated; the bytes so far are not the file.
    if (part.file.truncated) throw fileTooLarge(limitMb);
    if (staged.size === 0) throw badField(part.fieldname, 'validation.required');
    const detected = await fileTypeFromBuffer(Buffer.concat(headChunks));
    const contentType = DOCUMENT_CONTENT_TYPES.find((t) => t === detected?.mime);
    if (!contentType) throw unsupportedFileType();
    // Browsers send a quote in a file name as %22 (HTML form encoding); the user meant the quote.
    const name = part.filename?.replace(/%22/g, '"');
    if (contentType.startsWith('image/')) return await normalised(store, staged, contentType, name);
    return { staged, contentType, fileName: displayName(name, contentType) };
  } catch (err) {
    await staged.discard();
    throw err;
  }
}

/**
 * An image is checked and normalised once, here (platform/images.ts): what is stored is the
 * upright, shrunk, metadata-free version, under the hash of its own bytes. 'foto.webp' stored
 * as JPEG is named 'foto.jpg'.
 */
async function normalised(
  store: FileStore,
  staged: StagedFile,
  contentType: DocumentContentType,
  name: string | undefined,
): Promise<ReceivedFile> {
  const chunks: Buffer[] = [];
  for await (const chunk of staged.read()) chunks.push(chunk as Buffer);
  const image = await normaliseImage(Buffer.concat(chunks), contentType);
  if (!image) return { staged, contentType, fileName: displayName(name, contentType) };
  const replacement = await store.stage(Readable.from([image.bytes]));
  await staged.discard();
  const extension = new RegExp(`\\.(${DOCUMENT_EXTENSIONS[contentType].join('|')})$`, 'i');
  const renamed = image.contentType === contentType ? name : name?.trim().replace(extension, '');
  return { staged: replacement, contentType: image.contentType, fileName: displayName(renamed, image.contentType) };
}

// C0/C1 controls and the bidirectional marks that make 'rechnung\u202Efdp.exe' read as '…exe.pdf'.
const isUnsafeChar = (c: string) => {
  const code = c.charCodeAt(0);
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
};

/**
 * The name the user sees and downloads under. It is never part of a path (files are stored by
 * hash); it loses directories and control characters and always ends in its type's extension,
 * so 'bild.html' holding a PNG is offered as 'bild.html.png'.
 */
export function displayName(raw: string | undefined, contentType: DocumentContentType): string {
  const base =
    (raw ?? '')
      .normalize('NFC')
      .split('')
      .filter((c) => !isUnsafeChar(c))
      .join('')
      .split(/[\\/]/)
      .pop()
      ?.trim()
      .replace(/^\.+/, '') || 'dokument';
  const extensions = DOCUMENT_EXTENSIONS[contentType];
  const ext = /\.([^.]+)$/.exec(base)?.[1]?.toLowerCase();
  const name = ext && extensions.includes(ext) ? base : `${base}.${extensions[0]}`;
  if (name.length <= MAX_NAME_LENGTH) return name;
  const suffix = name.slice(name.lastIndexOf('.'));
  return name.slice(0, MAX_NAME_LENGTH - suffix.length) + suffix;
}

/**
 * The text fields of an upload form, checked against their schema: a failed check is a 400 naming
 * each field; a `tenant` field other than the request's tenant is a 404, like any other foreign id.
 */
export function formFields<S extends z.ZodType>(
  tenantId: string,
  fields: Record<string, string>,
  schema: S,
): z.infer<S> {
  if (fields.tenant !== undefined && fields.tenant !== tenantId) throw notFound();
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION',
      400,
      parsed.error.issues.map((i) => {
        const key = i.message.startsWith('validation.') ? (i.message as DetailKey) : 'validation.invalid';
        return { field: i.path.join('.'), key, message: key };
      }),
    );
  }
  return parsed.data;
}
