import { paged } from '@pruefbuch/domain/schemas/common';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  containsPattern,
  numberProbe,
  offsetOf,
  orderBy,
  pageReply,
  pageReplyJson,
  searchPageOf,
  searchReach,
} from './paging';

describe('paging', () => {
  // A search counts to SEARCH_COUNT_CAP (100) in whole pages, or to the end of the page asked for (decision 076).
  it.each([
    // matches read, page, size → page's first and length, total, more
    [7, 1, 20, 0, 7, 7, false],
    [100, 1, 20, 0, 20, 100, false],
    [101, 1, 20, 0, 20, 100, true],
    [101, 5, 20, 80, 20, 100, true],
    [121, 6, 20, 100, 20, 120, true],
    [130, 7, 20, 120, 10, 130, false],
    [105, 1, 30, 0, 30, 105, false],
    [121, 1, 30, 0, 30, 120, true],
  ])(
    '%i matches read for page %i of %i: from %i, %i rows, total %i, more %s',
    (read, page, size, first, rows, total, more) => {
      const p = { page, size };
      // The caller reads at most searchReach + 1 matches.
      const matches = Array.from({ length: Math.min(read, searchReach(p) + 1) }, (_, i) => i);
      const cut = searchPageOf(matches, p);
      expect(cut.page[0] ?? first).toBe(first);
      expect(cut.page).toHaveLength(rows);
      expect(cut.total).toBe(total);
      expect(cut.more).toBe(more);
    },
  );

  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [101, 25, 5],
  ])('%i rows in pages of %i make %i page(s)', (total, size, pages) => {
    expect(pageReply([], total, { page: 1, size }).pages).toBe(pages);
  });

  it('skips the rows of the pages before', () => {
    expect(offsetOf({ page: 1, size: 20 })).toBe(0);
    expect(offsetOf({ page: 3, size: 20 })).toBe(40);
  });

  it('keeps the reply fields of SPEC §9', () => {
    expect(pageReply(['a'], 1, { page: 2, size: 5 })).toEqual({ docs: ['a'], total: 1, page: 2, size: 5, pages: 1 });
  });

  // The lists that answer JSON text (the orders') are sent as they are: the text must be pageReply's, in the schema.
  const item = z.object({ _id: z.string(), name: z.string() });
  const docs = [
    { _id: 'a', name: 'Kaufhof „Zeil“' },
    { _id: 'b', name: 'Ärztehaus Süd' },
  ];
  it.each([
    ['a page', docs, 2, { page: 1, size: 20 }, false],
    ['a capped count', docs, 2, { page: 1, size: 2 }, true],
    ['no docs', [], 0, { page: 1, size: 20 }, false],
  ])('pageReplyJson of %s is pageReply as JSON, in the reply schema', (_, items, total, p, more) => {
    const reply = JSON.parse(
      pageReplyJson(
        items.map((d) => JSON.stringify(d)),
        total,
        p,
        more,
      ),
    );
    expect(reply).toEqual(pageReply(items, total, p, more));
    expect(paged(item).parse(reply)).toEqual(reply);
  });

  it('takes %, _ and \\ in a search term literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('orderBy', () => {
  const dialect = new PgDialect();
  const text = (parts: ReturnType<typeof orderBy>) => dialect.sqlToQuery(sql.join(parts, sql`, `)).sql;
  const fields = {
    name: { keys: [sql`last`, sql`first`] },
    role: { keys: [sql`role`], thenBy: [sql`last`] },
    ampel: { keys: [sql`rank`], descendingFirst: true },
  };
  it.each([
    ['name', 'last asc, first asc, id asc'],
    ['-name', 'last desc, first desc, id asc'],
    ['role', 'role asc, last asc, id asc'],
    ['-role', 'role desc, last asc, id asc'],
    ['ampel', 'rank desc, id asc'],
    ['-ampel', 'rank asc, id asc'],
    ['unknown', 'last asc, first asc, id asc'],
    [undefined, 'last asc, first asc, id asc'],
  ])('%s → %s', (sort, expected) => {
    expect(text(orderBy(sort, fields, 'name', [sql`id`]))).toBe(expected);
  });
});

describe('numberProbe (decision 079)', () => {
  it.each([
    ['AB-25-0012', '0012'],
    ['ab-25-0012', '0012'],
    ['CS-2400123', '2400123'],
    ['cs 2400123', '2400123'],
    ['SV-250004', '250004'],
    ['AB/25/1004', '1004'],
    ['25-1004', '1004'],
    ['Ü-12345', '12345'],
    ['  AB-25-0012  ', '0012'],
    // The last group is short: its trigrams would find too much, or none.
    ['AB-25-001', null],
    ['AB-25', null],
    ['AB-2500-1', null],
    // The group alone: the term's own trigrams are the probe's.
    ['0012', null],
    ['2400123', null],
    // Words, or letters after the digits: not a number.
    ['REWE Markt Hanau', null],
    ['Klinikum 2', null],
    ['ABCDE-25-0012', null],
    ['AB-25-0012a', null],
    ['TP 3', null],
    ['AS-2F-FR', null],
    ['', null],
  ])('%j → %j', (term, probe) => {
    expect(numberProbe(term)).toBe(probe);
    // The probe is part of the term as the search lowers it: whatever holds the term holds the probe.
    if (probe) expect(term.toLowerCase()).toContain(probe);
  });
});
