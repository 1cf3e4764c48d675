import { describe, expect, it } from 'vitest';
import { newRecordPath, recordPath, uploadReportPath } from './record-paths';

const ids = { tenant: 't1', book: 'b1', slug: 'r1' };

describe('record addresses', () => {
  it.each([
    ['inspection', '/admin/inspection/r1?book=b1&tenant=t1'],
    ['self', '/admin/selfinspection/r1?book=b1&tenant=t1'],
    ['wartung', '/book/t1/b1/inspection_wartung/r1'],
    ['gutachten', '/book/t1/b1/inspection_pruefgutachten/r1'],
  ] as const)('%s → %s', (kind, path) => {
    expect(recordPath(kind, ids)).toBe(path);
  });

  it('a new record and a correction', () => {
    expect(newRecordPath('inspection', 't1', 'b1')).toBe('/admin/inspection/new?book=b1&tenant=t1');
    expect(newRecordPath('wartung', 't1', 'b1', 'old')).toBe('/book/t1/b1/inspection_wartung/new?corrects=old');
    expect(newRecordPath('self', 't1', 'b1', 'old')).toBe('/admin/selfinspection/new?book=b1&tenant=t1&corrects=old');
  });

  it('the report upload', () => {
    expect(uploadReportPath('t1', 'b1')).toBe('/book/t1/b1/inspection_pruefgutachten_upload_existing/new');
  });
});
