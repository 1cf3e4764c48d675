import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type CurrentRecord,
  canonicalRecord,
  checkChain,
  GENESIS_HASH,
  SEAL_FIELDS,
  SEAL_FORM,
  SEALED_FIELDS,
  type StoredSeal,
  sealHash,
} from './record-seal';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A finalized maintenance record as the database gives it back. */
const record = (over: Record<string, unknown> = {}) => ({
  id: '0b9f1c3e-0000-4000-8000-000000000001',
  tenantId: '0b9f1c3e-0000-4000-8000-0000000000aa',
  bookId: '0b9f1c3e-0000-4000-8000-0000000000bb',
  kind: 'wartung',
  when: '2025-03-12',
  where: 'Filiale Leipzig, Haupteingang',
  who: 'Tobias Techniker',
  isAbnahmeGutachten: false,
  akkutausch: true,
  text: 'Wartung nach Herstellervorgabe.',
  misc: { zyklen: 120_000, spannung: 24.5 },
  checklistName: 'general',
  checklist: [
    { item: 'sensor', label: 'Sensoren', result: 'ok', note: '' },
    { item: 'antrieb', label: 'Antrieb', result: 'defect', note: 'Riemen verschlissen' },
  ],
  defects: [
    { _id: 'd1', text: 'Riemen verschlissen', severity: 'repair', item: 'antrieb', photos: [], resolved: false },
  ],
  continuedOperation: true,
  inspectorSignature: {
    name: 'Tobias Techniker',
    image: 'data:image/png;base64,AAAA',
    signedAt: '2025-03-12T13:29:00.000Z',
  },
  operatorAcknowledgement: null,
  reportBlobId: null,
  correctsId: null,
  finalizedAt: new Date('2025-03-12T13:30:00.123Z'),
  finalizedBy: '0b9f1c3e-0000-4000-8000-0000000000cc',
  createdBy: '0b9f1c3e-0000-4000-8000-0000000000cc',
  createdAt: new Date('2025-03-12T08:00:00Z'),
  updatedAt: new Date('2025-03-12T13:30:00.123Z'),
  version: 4,
  ...over,
});

/** Reverses the key order of every object, as another writer (or jsonb) might hand them back. */
const reordered = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reordered);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reordered(v)]),
    );
  }
  return value;
};

describe('the canonical form of a record', () => {
  it('places every column of a record, sealed or not, with a reason', () => {
    expect(SEALED_FIELDS).toContain('checklist');
    expect(SEALED_FIELDS).not.toContain('updatedAt');
    for (const rule of Object.values(SEAL_FIELDS)) expect(rule.why.length).toBeGreaterThan(5);
  });

  it('sorts keys, at every depth, whatever order they came in', () => {
    const r = record();
    expect(canonicalRecord(reordered(r) as Record<string, unknown>)).toBe(canonicalRecord(r));
    const text = canonicalRecord(r);
    expect(text.startsWith('{"akkutausch":true,"bookId":')).toBe(true);
    expect(text).toContain('{"item":"sensor","label":"Sensoren","note":"","result":"ok"}');
    expect(text).toContain(`"form":${SEAL_FORM}`);
  });

  it('writes numbers as ECMAScript prints them: 24.50 and 24.5 are one number, 1e21 stays short', () => {
    const a = canonicalRecord(record({ misc: { spannung: 24.5, zyklen: 1e21, null: 0 } }));
    const b = canonicalRecord(record({ misc: { spannung: 24.5, zyklen: 1_000_000_000_000_000_000_000, null: -0 } }));
    expect(a).toBe(b);
    expect(a).toContain('"misc":{"null":0,"spannung":24.5,"zyklen":1e+21}');
  });

  it('writes a time as its ISO text in UTC with milliseconds, a day as YYYY-MM-DD', () => {
    const text = canonicalRecord(record());
    expect(text).toContain('"finalizedAt":"2025-03-12T13:30:00.123Z"');
    expect(text).toContain('"when":"2025-03-12"');
    // The same instant written in another zone is the same record.
    expect(canonicalRecord(record({ finalizedAt: new Date('2025-03-12T14:30:00.123+01:00') }))).toBe(text);
  });

  it('keeps nested checklists and defects in their order: the order of items is part of the record', () => {
    const r = record();
    const swapped = record({ checklist: [...(r.checklist as unknown[])].reverse() });
    expect(canonicalRecord(swapped)).not.toBe(canonicalRecord(r));
  });

  it.each([
    ['a checklist result', { checklist: [{ item: 'sensor', label: 'Sensoren', result: 'defect', note: '' }] }],
    ['a defect severity', { defects: [{ _id: 'd1', text: 'Riemen verschlissen', severity: 'safe', photos: [] }] }],
    ['a defect photo', { defects: [{ _id: 'd1', text: 'x', severity: 'repair', photos: ['p2'] }] }],
    ['the day', { when: '2025-03-11' }],
    ['the text by one space', { text: 'Wartung nach Herstellervorgabe. ' }],
    ['continued operation', { continuedOperation: false }],
    ['the signature time', { inspectorSignature: { name: 'Tobias Techniker', image: 'data:image/png;base64,AAAA' } }],
    ['the book', { bookId: '0b9f1c3e-0000-4000-8000-0000000000bc' }],
    ['what it corrects', { correctsId: '0b9f1c3e-0000-4000-8000-000000000002' }],
    ['who finalized it', { finalizedBy: '0b9f1c3e-0000-4000-8000-0000000000cd' }],
    ['a number of misc', { misc: { zyklen: 120_001, spannung: 24.5 } }],
    ['a number that became text', { misc: { zyklen: '120000', spannung: 24.5 } }],
    ['an empty text where there was null', { reportBlobId: '' }],
  ])('changes with %s', (_what, change) => {
    expect(canonicalRecord(record(change))).not.toBe(canonicalRecord(record()));
  });

  it('takes a missing field as null', () => {
    expect(canonicalRecord(record({ operatorAcknowledgement: undefined }))).toBe(canonicalRecord(record()));
  });

  it('leaves out the server’s stamps, so a later unrelated write does not change it', () => {
    const later = record({ updatedAt: new Date('2026-01-01T00:00:00Z'), version: 9, createdAt: new Date(0) });
    expect(canonicalRecord(later)).toBe(canonicalRecord(record()));
    // A column the canonical form does not know is left out too (the server test names every column).
    expect(canonicalRecord({ ...record(), joinedName: 'Tobias' })).toBe(canonicalRecord(record()));
  });

  it('refuses what JSON cannot hold instead of sealing it wrongly', () => {
    expect(() => canonicalRecord(record({ misc: { x: Number.NaN } }))).toThrow();
    expect(() => canonicalRecord(record({ text: '\ud800' }))).toThrow();
  });
});

/** A chain of n records of one book, sealed in order. */
function chainOf(n: number) {
  const records: CurrentRecord[] = [];
  const seals: StoredSeal[] = [];
  let prev = GENESIS_HASH;
  for (let i = 1; i <= n; i++) {
    const r = record({ id: `rec-${i}`, when: `2025-0${i}-10`, correctsId: i === 3 ? 'rec-2' : null });
    const contentHash = sha(canonicalRecord(r));
    const link = { form: SEAL_FORM, seq: i, prevHash: prev, recordId: r.id as string, contentHash, pdfs: [`pdf-${i}`] };
    const hash = sealHash(link, sha);
    seals.push({ ...link, hash });
    records.push({ id: r.id as string, bookId: r.bookId as string, finalized: true, contentHash, pdfs: [`pdf-${i}`] });
    prev = hash;
  }
  const last = seals.at(-1);
  return { bookId: record().bookId as string, seals, records, head: last ? { seq: last.seq, hash: last.hash } : null };
}

const check = (input: ReturnType<typeof chainOf>) => checkChain(input, sha);
const named = (input: ReturnType<typeof chainOf>) =>
  check(input).map((p) => [p.recordId, p.kind, p.reason] as [string | null, string, string]);

describe('the chain of a book', () => {
  it('is whole for a book without records, and for one whose head was never set', () => {
    expect(check({ ...chainOf(0), head: null })).toEqual([]);
    expect(check({ ...chainOf(0), head: { seq: 0, hash: GENESIS_HASH } })).toEqual([]);
  });

  it('starts at the genesis hash: the first record links to 64 zeros', () => {
    const c = chainOf(1);
    expect(c.seals[0]?.prevHash).toBe(GENESIS_HASH);
    expect(check(c)).toEqual([]);
    const moved = { ...c, seals: [{ ...(c.seals[0] as StoredSeal), prevHash: 'f'.repeat(64) }] };
    expect(named(moved)).toEqual([
      ['rec-1', 'chainBroken', 'link'],
      ['rec-1', 'chainBroken', 'sealChanged'],
    ]);
  });

  it('takes a correction as a new link, the corrected record keeping its seal', () => {
    const c = chainOf(3);
    expect(c.seals.map((s) => s.recordId)).toEqual(['rec-1', 'rec-2', 'rec-3']);
    expect(check(c)).toEqual([]);
  });

  it('names a record whose data changed (and no other)', () => {
    const c = chainOf(3);
    c.records[1] = { ...(c.records[1] as CurrentRecord), contentHash: sha('anders') };
    expect(named(c)).toEqual([['rec-2', 'dataChanged', 'contentChanged']]);
  });

  it('names a record that cannot be written canonically any more as changed', () => {
    const c = chainOf(2);
    c.records[0] = { ...(c.records[0] as CurrentRecord), contentHash: null };
    expect(named(c)).toEqual([['rec-1', 'dataChanged', 'contentChanged']]);
  });

  it('names a sealed record that became a draft again', () => {
    const c = chainOf(2);
    c.records[0] = { ...(c.records[0] as CurrentRecord), finalized: false };
    expect(named(c)).toEqual([['rec-1', 'dataChanged', 'unfinalized']]);
  });

  it('names a deleted record by its seal', () => {
    const c = chainOf(3);
    c.records.splice(1, 1);
    expect(named(c)).toEqual([['rec-2', 'chainBroken', 'recordMissing']]);
  });

  it('names the record after a seal that was deleted with its record', () => {
    const c = chainOf(3);
    c.seals.splice(1, 1);
    c.records.splice(1, 1);
    expect(named(c)).toEqual([['rec-3', 'chainBroken', 'sequence']]);
  });

  it('names both records of two seals that changed places', () => {
    const c = chainOf(3);
    const [a, b] = [c.seals[0] as StoredSeal, c.seals[1] as StoredSeal];
    c.seals[0] = { ...b, seq: 1 };
    c.seals[1] = { ...a, seq: 2 };
    expect(named(c)).toEqual([
      ['rec-2', 'chainBroken', 'link'],
      ['rec-2', 'chainBroken', 'sealChanged'],
      ['rec-1', 'chainBroken', 'link'],
      ['rec-1', 'chainBroken', 'sealChanged'],
      ['rec-3', 'chainBroken', 'link'],
    ]);
  });

  it('names a seal whose content hash was rewritten to fit a changed record', () => {
    const c = chainOf(2);
    const changed = sha('geändert');
    c.records[0] = { ...(c.records[0] as CurrentRecord), contentHash: changed };
    c.seals[0] = { ...(c.seals[0] as StoredSeal), contentHash: changed };
    expect(named(c)).toEqual([['rec-1', 'chainBroken', 'sealChanged']]);
  });

  it('names the next record when a seal was rewritten whole (its successor no longer links to it)', () => {
    const c = chainOf(2);
    const changed = sha('geändert');
    c.records[0] = { ...(c.records[0] as CurrentRecord), contentHash: changed };
    const link = { ...(c.seals[0] as StoredSeal), contentHash: changed };
    c.seals[0] = { ...link, hash: sealHash(link, sha) };
    expect(named(c)).toEqual([['rec-2', 'chainBroken', 'link']]);
  });

  it('names a finalized record of the book that no seal names', () => {
    const c = chainOf(2);
    c.records.push({ id: 'rec-x', bookId: c.bookId, finalized: true, contentHash: sha('x'), pdfs: [] });
    c.records.push({ id: 'draft', bookId: c.bookId, finalized: false, contentHash: sha('y'), pdfs: [] });
    expect(named(c)).toEqual([['rec-x', 'chainBroken', 'notSealed']]);
  });

  it('names the last record when the head does not match (the last seals and records went together)', () => {
    const c = chainOf(3);
    const cut = { ...c, seals: c.seals.slice(0, 2), records: c.records.slice(0, 2) };
    expect(named(cut)).toEqual([['rec-2', 'chainBroken', 'head']]);
    expect(named({ ...chainOf(0), head: { seq: 2, hash: 'x' } })).toEqual([[null, 'chainBroken', 'head']]);
  });

  it('names a record whose PDFs are not those sealed with it', () => {
    const c = chainOf(2);
    c.records[1] = { ...(c.records[1] as CurrentRecord), pdfs: ['pdf-other'] };
    expect(named(c)).toEqual([['rec-2', 'pdfChanged', 'pdfReplaced']]);
    // The order of the list does not matter.
    const d = chainOf(1);
    d.records[0] = { ...(d.records[0] as CurrentRecord), pdfs: ['b', 'a'] };
    const link = { ...(d.seals[0] as StoredSeal), pdfs: ['a', 'b'] };
    d.seals[0] = { ...link, hash: sealHash(link, sha) };
    d.head = { seq: 1, hash: d.seals[0].hash };
    expect(check(d)).toEqual([]);
  });

  it('hashes a seal over every part of its link', () => {
    const link = { form: 1, seq: 1, prevHash: GENESIS_HASH, recordId: 'r', contentHash: 'c', pdfs: ['p'] };
    const base = sealHash(link, sha);
    for (const change of [
      { seq: 2 },
      { prevHash: 'x' },
      { recordId: 's' },
      { contentHash: 'd' },
      { pdfs: [] },
      { form: 2 },
    ]) {
      expect(sealHash({ ...link, ...change }, sha)).not.toBe(base);
    }
  });
});
