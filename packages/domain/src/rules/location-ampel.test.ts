/** The ampel of a customer location (decision 019), row by row. */
import { describe, expect, it } from 'vitest';
import { CustomerRole, ROLE_NUMBERS, Role } from '../roles';
import type { Ampel } from './book-status';
import { type BranchScope, branchScopeOf, withinVisibility } from './branch-scope';
import {
  ampelRank,
  type LinkedBook,
  type LocationAggregate,
  type LocationAmpel,
  type LocationBook,
  locationAggregate,
  locationAmpel,
  worstAmpel,
} from './location-ampel';

const on = (ampel: Ampel | null): LocationBook => ({ active: true, ampel });
const off = (ampel: Ampel | null): LocationBook => ({ active: false, ampel });

describe('locationAmpel', () => {
  it.each<[string, boolean, LocationBook[], LocationAmpel]>([
    ['no books', false, [], null],
    ['only books without an ampel', false, [on(null), on(null)], null],
    ['one green book', false, [on('green')], 'green'],
    ['green and orange', false, [on('green'), on('orange')], 'orange'],
    ['orange and red', false, [on('orange'), on('red'), on('green')], 'red'],
    ['red and black', false, [on('red'), on('black')], 'black'],
    ['black among books without an ampel', false, [on(null), on('black')], 'black'],
    ['an inactive black book does not count', false, [on('green'), off('black')], 'green'],
    ['only inactive books', false, [off('red'), off('orange')], null],
    ['dormant with a black book', true, [on('black')], 'grey'],
    ['dormant without books', true, [], 'grey'],
  ])('%s', (_, ruhend, books, expected) => {
    expect(locationAmpel({ ruhend }, books)).toBe(expected);
  });

  it('is the same whatever the order of the books', () => {
    const books = [on('green'), on('red'), on('orange'), off('black')];
    expect(worstAmpel(books)).toBe('red');
    expect(worstAmpel([...books].reverse())).toBe('red');
  });
});

describe('ampelRank', () => {
  it.each<[string | null, number]>([
    ['green', 1],
    ['orange', 2],
    ['red', 3],
    ['black', 4],
    [null, 0],
    ['grey', 0],
    ['toString', 0],
  ])('%s → %i', (ampel, rank) => {
    expect(ampelRank(ampel)).toBe(rank);
  });
});

describe('locationAggregate', () => {
  const book = (inspectionAmpel: string | null, inspectionSelfAmpel: string | null, active = true): LinkedBook => ({
    active,
    inspectionAmpel,
    inspectionSelfAmpel,
  });
  const agg = (
    inspectionRank: number,
    selfRank: number,
    bookCount: number,
    overdueCount: number,
  ): LocationAggregate => ({
    inspectionRank,
    selfRank,
    bookCount,
    overdueCount,
  });
  it.each<[string, LinkedBook[], LocationAggregate]>([
    ['no books', [], agg(0, 0, 0, 0)],
    ['books without an ampel count, rank none', [book(null, null), book(null, null)], agg(0, 0, 2, 0)],
    ['the worst inspection ampel', [book('green', null), book('orange', null), book('green', null)], agg(2, 0, 3, 0)],
    ['the worst self-inspection ampel, apart', [book('green', 'orange'), book('orange', 'green')], agg(2, 2, 2, 0)],
    ['red in the inspection is overdue', [book('red', 'green'), book('green', 'green')], agg(3, 1, 2, 1)],
    ['black in the self-inspection is overdue', [book('green', 'black')], agg(1, 4, 1, 1)],
    ['red in both counts the book once', [book('red', 'black')], agg(3, 4, 1, 1)],
    ['orange is not overdue', [book('orange', 'orange')], agg(2, 2, 1, 0)],
    [
      'an inactive book: counted, neither ranked nor overdue',
      [book('black', 'red', false), book('green', null)],
      agg(1, 0, 2, 0),
    ],
    ['only inactive books', [book('red', 'red', false), book('black', null, false)], agg(0, 0, 2, 0)],
    ['an unknown ampel ranks none', [book('grey', 'grey')], agg(0, 0, 1, 0)],
  ])('%s', (_, books, expected) => {
    expect(locationAggregate(books)).toEqual(expected);
  });

  it('is the same whatever the order of the books', () => {
    const books = [book('green', 'red'), book('black', null, false), book('orange', 'green'), book('red', null)];
    expect(locationAggregate([...books].reverse())).toEqual(locationAggregate(books));
  });
});

describe('branchScopeOf', () => {
  it.each<[string, number, number | null, BranchScope['kind']]>([
    ['branch default', Role.ROLE_FILIALE, CustomerRole.ROLE_DEFAULT, 'assigned'],
    ['branch regional manager', Role.ROLE_FILIALE, CustomerRole.ROLE_REGIONAL_MANAGER, 'assigned'],
    ['branch control', Role.ROLE_FILIALE, CustomerRole.ROLE_CONTROL, 'customer'],
    ['branch without customer role', Role.ROLE_FILIALE, null, 'none'],
    ...ROLE_NUMBERS.filter((r) => r !== Role.ROLE_FILIALE).map(
      (role): [string, number, number | null, BranchScope['kind']] => [`staff role ${role}`, role, null, 'all'],
    ),
    ['staff with a stray customer role', Role.STANDARD_ROLE, CustomerRole.ROLE_CONTROL, 'all'],
  ])('%s', (_, role, customerRole, kind) => {
    // biome-ignore lint/suspicious/noExplicitAny: the table names numbers
    expect(branchScopeOf({ role: role as any, customerRole: customerRole as any }).kind).toBe(kind);
  });
});

describe('withinVisibility', () => {
  it.each<[string | null, string | null, string, boolean]>([
    [null, null, '2026-11-25', true],
    ['2026-11-25', null, '2026-11-25', true],
    ['2026-11-26', null, '2026-11-25', false],
    [null, '2026-11-25', '2026-11-25', true],
    [null, '2026-11-24', '2026-11-25', false],
    ['2026-01-01', '2026-12-31', '2026-11-25', true],
    ['2027-01-01', '2027-12-31', '2026-11-25', false],
  ])('from %s to %s on %s → %s', (visibleFrom, visibleTo, today, expected) => {
    expect(withinVisibility({ visibleFrom, visibleTo }, today)).toBe(expected);
  });
});
