/**
 * The tamper-evident record (decision 057, issue 32 item 3). When a record is finalized, the app seals
 * it: it hashes the record's canonical content and links that hash to the previous seal of the same
 * book, so every book has one chain of its finalized records in the order they were finalized. A
 * correction is a record of its own and takes the next link; the record it corrects keeps its seal.
 *
 * The canonical content is RFC 8785 (JSON Canonicalization Scheme: keys sorted by UTF-16 code units,
 * numbers as ECMAScript prints them, no whitespace) over the fields this file names as sealed. The
 * fields it leaves out change without anyone changing what the record says (the row's version and
 * `updatedAt` are the server's bookkeeping), so a later write of them never breaks a seal.
 *
 * The hash function is the caller's (the server's SHA-256, hex): this file stays free of Node.
 */
import canonicalize from 'canonicalize';

/** The version of the canonical form; a seal stores the version it was made with. */
export const SEAL_FORM = 1;

/** The previous hash of a book's first seal. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * Every column of a record, sealed or not, and why (a server test holds the table to the schema, so a
 * new column must be placed here before it can be written).
 */
export const SEAL_FIELDS = {
  id: { sealed: true, why: 'names the record; the chain names it by it' },
  tenantId: { sealed: true, why: 'whose record it is' },
  bookId: { sealed: true, why: 'the installation the record speaks of; moving it to another book is a change' },
  kind: { sealed: true, why: 'inspection, maintenance, expert report or self-inspection' },
  when: { sealed: true, why: 'the day of the inspection (YYYY-MM-DD)' },
  where: { sealed: true, why: 'part of what the record says' },
  who: { sealed: true, why: 'part of what the record says' },
  isAbnahmeGutachten: { sealed: true, why: 'part of what the record says' },
  akkutausch: { sealed: true, why: 'part of what the record says' },
  text: { sealed: true, why: 'part of what the record says' },
  misc: { sealed: true, why: 'the book type’s extra fields of the record' },
  checklistName: { sealed: true, why: 'which list the results answer' },
  checklist: { sealed: true, why: 'every item with its label, result and note' },
  defects: { sealed: true, why: 'every defect with its severity, item, photos and whether it was fixed' },
  continuedOperation: { sealed: true, why: 'whether the installation may stay in operation' },
  inspectorSignature: { sealed: true, why: 'who signed, the drawing and when' },
  operatorAcknowledgement: { sealed: true, why: 'who acknowledged for the operator, the drawing and when' },
  reportBlobId: { sealed: true, why: 'the uploaded report of an existing expert report' },
  correctsId: { sealed: true, why: 'the record this one corrects' },
  finalizedAt: { sealed: true, why: 'when it was signed off' },
  finalizedBy: { sealed: true, why: 'who signed it off' },
  createdBy: { sealed: true, why: 'who started it' },
  createdAt: {
    sealed: false,
    why: 'when the draft was started: the server’s stamp, says nothing about the inspection',
  },
  updatedAt: { sealed: false, why: 'the server’s stamp of the row’s last write' },
  version: { sealed: false, why: 'the row’s write counter (__v), the server’s bookkeeping' },
} as const;

export type SealField = keyof typeof SEAL_FIELDS;
export const SEALED_FIELDS = (Object.keys(SEAL_FIELDS) as SealField[]).filter((f) => SEAL_FIELDS[f].sealed);

type Digest = (text: string) => string;

/**
 * The canonical text of a record's sealed fields. A Date is written as its ISO time (UTC, milliseconds),
 * a missing field as null; jsonb's own key order and number spelling do not matter. Throws on what JSON
 * cannot hold (NaN, Infinity, a lone surrogate): such a value never came through the application.
 */
export function canonicalRecord(row: Readonly<Record<string, unknown>>): string {
  const content: Record<string, unknown> = { form: SEAL_FORM };
  for (const field of SEALED_FIELDS) {
    const value = row[field];
    content[field] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  const text = canonicalize(content);
  if (text === undefined) throw new Error('record has no canonical form');
  return text;
}

/** What a seal links: its place in the book's chain, the previous seal, the record and its PDFs. */
export interface SealLink {
  form: number;
  seq: number;
  prevHash: string;
  recordId: string;
  contentHash: string;
  /** SHA-256 of the record's archived PDFs when it was sealed, sorted. */
  pdfs: readonly string[];
}

/** The hash of a seal: over its link, so a changed place, predecessor, record or PDF list changes it. */
export function sealHash(link: SealLink, digest: Digest): string {
  const text = canonicalize({
    form: link.form,
    seq: link.seq,
    prev: link.prevHash,
    record: link.recordId,
    content: link.contentHash,
    pdfs: [...link.pdfs].sort(),
  });
  return digest(text as string);
}

/** A stored seal of a book, in the chain's order. */
export interface StoredSeal extends SealLink {
  hash: string;
}

/** A record as it is now: the hash of its canonical content (null when it has none) and its PDFs. */
export interface CurrentRecord {
  id: string;
  bookId: string;
  finalized: boolean;
  contentHash: string | null;
  pdfs: readonly string[];
}

export const SEAL_PROBLEM_KINDS = ['dataChanged', 'chainBroken', 'pdfChanged', 'pdfMissing'] as const;
export type SealProblemKind = (typeof SEAL_PROBLEM_KINDS)[number];

/**
 * Why a check names a record (record-seal.test.ts has a case for each):
 * - contentChanged: its sealed fields differ from what was sealed (dataChanged);
 * - unfinalized: it was sealed but is a draft again (dataChanged);
 * - recordMissing: a seal names it but the record is gone (chainBroken);
 * - notSealed: it is finalized but no seal names it (chainBroken);
 * - sequence: its seal is not at the place the chain counts to: one before it is gone or moved (chainBroken);
 * - link: its seal does not point at the seal before it (chainBroken);
 * - sealChanged: its seal's own fields no longer give its hash (chainBroken);
 * - head: the book's kept chain head is not its last seal: the last seals are gone or one was added
 *   behind the application (chainBroken, at the last seal's record);
 * - pdfReplaced: its PDFs are not those sealed with it (pdfChanged);
 * - fileChanged / fileMissing: a stored PDF's bytes no longer give its hash, or are gone (pdfChanged,
 *   pdfMissing; checked by the server against the file store).
 */
export const SEAL_PROBLEM_REASONS = [
  'contentChanged',
  'unfinalized',
  'recordMissing',
  'notSealed',
  'sequence',
  'link',
  'sealChanged',
  'head',
  'pdfReplaced',
  'fileChanged',
  'fileMissing',
] as const;
export type SealProblemReason = (typeof SEAL_PROBLEM_REASONS)[number];

export interface SealProblem {
  /** The record named; null only for a stored PDF that belongs to no record. */
  recordId: string | null;
  kind: SealProblemKind;
  reason: SealProblemReason;
  /** The seal's place in the chain, where there is one. */
  seq?: number;
}

const sameList = (a: readonly string[], b: readonly string[]) => {
  const x = [...a].sort();
  const y = [...b].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/**
 * Checks a book's chain: its seals in order of their place, the book's kept head, and its records as
 * they are now (those of the book, and any other that a seal names). Returns every problem, each record
 * at most once per reason, in the chain's order; records finalized without a seal follow.
 */
export function checkChain(
  input: {
    bookId: string;
    seals: readonly StoredSeal[];
    head: { seq: number; hash: string } | null;
    records: readonly CurrentRecord[];
  },
  digest: Digest,
): SealProblem[] {
  const problems: SealProblem[] = [];
  const byId = new Map(input.records.map((r) => [r.id, r]));
  const sealed = new Set<string>();
  let prev = GENESIS_HASH;
  input.seals.forEach((seal, i) => {
    const at = { recordId: seal.recordId, seq: seal.seq };
    sealed.add(seal.recordId);
    if (seal.seq !== i + 1) problems.push({ ...at, kind: 'chainBroken', reason: 'sequence' });
    else if (seal.prevHash !== prev) problems.push({ ...at, kind: 'chainBroken', reason: 'link' });
    if (sealHash(seal, digest) !== seal.hash) problems.push({ ...at, kind: 'chainBroken', reason: 'sealChanged' });
    prev = seal.hash;
    const record = byId.get(seal.recordId);
    if (!record) {
      problems.push({ ...at, kind: 'chainBroken', reason: 'recordMissing' });
      return;
    }
    if (!record.finalized) problems.push({ ...at, kind: 'dataChanged', reason: 'unfinalized' });
    else if (record.contentHash !== seal.contentHash)
      problems.push({ ...at, kind: 'dataChanged', reason: 'contentChanged' });
    if (!sameList(record.pdfs, seal.pdfs)) problems.push({ ...at, kind: 'pdfChanged', reason: 'pdfReplaced' });
  });
  const last = input.seals.at(-1);
  const headFits = last
    ? input.head?.seq === last.seq && input.head.hash === last.hash
    : !input.head || input.head.seq === 0;
  if (!headFits) {
    problems.push({ recordId: last?.recordId ?? null, kind: 'chainBroken', reason: 'head', seq: last?.seq });
  }
  for (const r of input.records) {
    if (r.bookId === input.bookId && r.finalized && !sealed.has(r.id)) {
      problems.push({ recordId: r.id, kind: 'chainBroken', reason: 'notSealed' });
    }
  }
  return problems;
}
