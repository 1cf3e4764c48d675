import 'fake-indexeddb/auto';
import type { OfflineBook, OfflineDay } from '@pruefbuch/domain/schemas/offline';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetOfflineData } from '@/lib/offline-data';
import { clearOffline, dayBooks, dayMeta, offlineBook, saveDay } from './offline-store';

const book = (id: string, reason: OfflineBook['reason'] = 'today'): OfflineBook => ({
  _id: id,
  title: `Schiebetür ${id}`,
  customer: 'Stadtwerke Kassel',
  location: 'Kassel',
  typ: 'Schiebetür',
  bookTypeId: null,
  nextInspectionDate: '2026-12-01',
  inspectionAmpel: 'orange',
  enableFrom: null,
  enableTo: null,
  reason,
  checklist: [{ item: 'sensors', label: '' }],
  selfChecklist: [],
  records: [],
  documents: [],
  qrCodes: ['abc123'],
  drafts: [],
});

const day = (tenantId: string, books: OfflineBook[], preparedAt = '2026-11-29T06:12:00.000Z'): OfflineDay => ({
  tenantId,
  preparedAt,
  chosen: null,
  books,
  maxBooks: 50,
  overCap: 0,
  daysAhead: 7,
});

describe('the offline store', () => {
  beforeEach(clearOffline);

  it('has nothing before a day is prepared', async () => {
    expect(await dayMeta('t1')).toBeNull();
    expect(await dayBooks('t1')).toEqual([]);
  });

  it('keeps a day: its meta, its books in order (drafts first), each book by id', async () => {
    const meta = await saveDay(day('t1', [book('a'), book('b', 'draft'), book('c', 'soon')]));
    expect(meta).toEqual({
      tenantId: 't1',
      preparedAt: '2026-11-29T06:12:00.000Z',
      count: 3,
      overCap: 0,
      maxBooks: 50,
      chosen: null,
    });
    expect(await dayMeta('t1')).toEqual(meta);
    expect((await dayBooks('t1')).map((b) => b._id)).toEqual(['b', 'a', 'c']);
    expect(await offlineBook('a')).toEqual(book('a'));
    expect(await offlineBook('zzz')).toBeNull();
  });

  it("keeps the server's order within a reason: the next days' books by their window, not by id", async () => {
    await saveDay(day('t1', [book('z', 'soon'), book('a', 'soon'), book('m')]));
    expect((await dayBooks('t1')).map((b) => b._id)).toEqual(['m', 'z', 'a']);
    expect(await offlineBook('z')).toEqual(book('z', 'soon'));
  });

  it("replaces the tenant's books on a new day, and leaves other tenants' days alone", async () => {
    await saveDay(day('t1', [book('a'), book('b')]));
    await saveDay(day('t2', [book('x')]));
    await saveDay(day('t1', [book('c')], '2026-11-30T06:00:00.000Z'));
    expect((await dayBooks('t1')).map((b) => b._id)).toEqual(['c']);
    expect(await offlineBook('a')).toBeNull();
    expect((await dayMeta('t1'))?.preparedAt).toBe('2026-11-30T06:00:00.000Z');
    expect((await dayBooks('t2')).map((b) => b._id)).toEqual(['x']);
  });

  it('forgets everything on clear', async () => {
    await saveDay(day('t1', [book('a')]));
    await clearOffline();
    expect(await dayMeta('t1')).toBeNull();
    expect(await offlineBook('a')).toBeNull();
  });

  it('is gone after sign-out deletes the database, and opens anew afterwards', async () => {
    await saveDay(day('t1', [book('a')]));
    expect(await dayMeta('t1')).not.toBeNull();
    await forgetOfflineData();
    expect(await dayMeta('t1')).toBeNull();
    expect(await offlineBook('a')).toBeNull();
    await saveDay(day('t1', [book('b')]));
    expect((await dayBooks('t1')).map((b) => b._id)).toEqual(['b']);
  });
});
