import { Readable } from 'node:stream';
import type { translate } from '@pruefbuch/domain/locales/resources';
import { checklistFor, checklistLabelKey, typeChecklistFor } from '@pruefbuch/domain/rules/checklists';
import type {
  ChecklistEntry,
  Defect,
  InspectionKind,
  OperatorAcknowledgement,
  Signature,
} from '@pruefbuch/domain/schemas/inspection';
import type { Executor } from '../../db/client';
import type { FileStore } from '../../platform/files';
import { pdfReadyImage } from '../../platform/images';
import { toBookTypeDto } from '../booktypes/booktypes.repo';
import { type BookTypeRow, blobsByIds, type InspectionRow } from './pdf.repo';

type Translate = (key: string, params?: Parameters<typeof translate>[2]) => string;

/** What a PDF shows of a record (a stored one or the unsaved body of a preview). */
export interface PdfRecord {
  id: string | null;
  kind: InspectionKind;
  when: string;
  where: string;
  who: string;
  isAbnahmeGutachten: boolean;
  akkutausch: boolean;
  text: string;
  checklistName: string;
  checklist: ChecklistEntry[];
  defects: Defect[];
  continuedOperation: boolean | null;
  inspectorSignature: Signature | null;
  operatorAcknowledgement: OperatorAcknowledgement | null;
  /** The uploaded report of an existing expert report. */
  report: { fileName: string } | null;
  corrects: RecordRef | null;
  correctedBy: RecordRef | null;
  finalizedAt: Date | null;
}

export type RecordRef = Pick<InspectionRow, 'kind' | 'when' | 'isAbnahmeGutachten'>;

export function toPdfRecord(
  row: InspectionRow,
  extra: { report?: { fileName: string } | null; corrects?: RecordRef | null; correctedBy?: RecordRef | null } = {},
): PdfRecord {
  return {
    id: row.id,
    kind: row.kind,
    when: row.when,
    where: row.where,
    who: row.who,
    isAbnahmeGutachten: row.isAbnahmeGutachten,
    akkutausch: row.akkutausch,
    text: row.text,
    checklistName: row.checklistName,
    checklist: row.checklist,
    defects: row.defects,
    continuedOperation: row.continuedOperation,
    inspectorSignature: row.inspectorSignature,
    operatorAcknowledgement: row.operatorAcknowledgement,
    report: extra.report ?? null,
    corrects: extra.corrects ?? null,
    correctedBy: extra.correctedBy ?? null,
    finalizedAt: row.finalizedAt,
  };
}

/** The i18n key of a record's kind; an expert report marked as acceptance reads 'Abnahmegutachten'. */
export const kindKey = (r: Pick<PdfRecord, 'kind' | 'isAbnahmeGutachten'>) =>
  r.kind === 'gutachten' && r.isAbnahmeGutachten ? 'abnahme' : r.kind;

/** The checklist of a book type with every item open (decision 021): the pre-inspection sheet and an empty preview. */
export function blankChecklist(
  kind: InspectionKind,
  type: BookTypeRow | null,
  t: Translate,
): { name: string; entries: ChecklistEntry[] } {
  const dto = type ? toBookTypeDto(type) : null;
  return {
    name: checklistFor(kind, dto),
    entries: typeChecklistFor(kind, dto).map((e) => ({
      item: e.item,
      label: e.label || t(checklistLabelKey(e.item)),
      result: null,
      note: '',
    })),
  };
}

/** The title of a checklist ('Automatische Tür (DIN 18650 / EN 16005)'), its key when unknown. */
export function checklistTitle(name: string, t: Translate) {
  const label = t(`checklists.names.${name}`);
  return label.startsWith('checklists.') ? name : label;
}

/** An entry's label: as stored with the record, else today's text of its item. */
export const itemLabel = (entry: Pick<ChecklistEntry, 'item' | 'label'>, t: Translate) =>
  entry.label || t(checklistLabelKey(entry.item));

export interface Photo {
  id: string;
  fileName: string;
  contentType: string;
  /** False when the file is gone. */
  found: boolean;
  /** The image as the PDF embeds it (see pdfReadyImage); null when it is gone or cannot be drawn. */
  bytes: Buffer | null;
}

type PhotoRow = Awaited<ReturnType<typeof blobsByIds>>[number];
export type PhotoLoader = (ids: string[]) => Promise<Map<string, Photo>>;

/**
 * Photos shrunk for PDFs by the hash of their file, least recently used first out: an image
 * stored before uploads were normalised is shrunk once, not for every record or export that
 * shows it. Bounded by bytes. The hashes of photos a PDF takes as they are stored (all those
 * uploaded since) are remembered apart, so their headers are not read again either.
 */
const shrunk = new Map<string, Buffer | null>();
let shrunkBytes = 0;
const SHRUNK_BUDGET = 16 * 1024 * 1024;
const asStored = new Set<string>();
const AS_STORED_MAX = 20_000;

async function pdfImageOf(sha256: string, stored: Buffer): Promise<Buffer | null> {
  if (asStored.has(sha256)) return stored;
  if (shrunk.has(sha256)) {
    const hit = shrunk.get(sha256) ?? null;
    shrunk.delete(sha256);
    shrunk.set(sha256, hit);
    return hit;
  }
  const image = await pdfReadyImage(stored);
  if (image === stored) {
    if (asStored.size >= AS_STORED_MAX) asStored.clear();
    asStored.add(sha256);
    return image;
  }
  shrunk.set(sha256, image);
  shrunkBytes += image?.length ?? 0;
  for (const [key, value] of shrunk) {
    if (shrunkBytes <= SHRUNK_BUDGET) break;
    shrunk.delete(key);
    shrunkBytes -= value?.length ?? 0;
  }
  return image;
}

async function readPhotos(files: FileStore, rows: PhotoRow[]): Promise<Map<string, Photo>> {
  const photos = new Map<string, Photo>();
  await Promise.all(
    rows.map(async (row) => {
      const stream = await files.get(row.sha256);
      const stored = stream ? await readAll(stream) : null;
      photos.set(row.id, {
        id: row.id,
        fileName: row.fileName,
        contentType: row.contentType,
        found: stored !== null,
        bytes: stored && (await pdfImageOf(row.sha256, stored)),
      });
    }),
  );
  return photos;
}

/** Reads the defect photos of the tenant from the file store (other tenants' ids find nothing). */
export function photoLoader(db: Executor, tenantId: string, files: FileStore): PhotoLoader {
  return async (ids) => readPhotos(files, await blobsByIds(db, tenantId, [...new Set(ids)]));
}

/**
 * The photos of many records: which blobs they are is read at once, before the PDF starts;
 * their bytes are read when a record needs them.
 */
export async function preloadedPhotos(
  db: Executor,
  tenantId: string,
  files: FileStore,
  records: Pick<PdfRecord, 'defects'>[],
): Promise<PhotoLoader> {
  const ids = [...new Set(records.flatMap((r) => r.defects.flatMap((d) => d.photos)))];
  const rows = new Map((await blobsByIds(db, tenantId, ids)).map((r) => [r.id, r]));
  return (wanted) =>
    readPhotos(
      files,
      wanted.map((id) => rows.get(id)).filter((r): r is PhotoRow => !!r),
    );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(stream)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
