/**
 * One naming rule for the files of a module (DESIGN "Shape of every new area"): everything in
 * modules/<area>/ is `<area>.<part>.ts`, where the part is `routes`, `repo` or the use case
 * (`books.read.ts`, `inspections.finalize.ts`); tests are `<area>.test.ts` or `<area>-<topic>.test.ts`.
 * So a file's area shows in every editor tab and stack trace. What tests share (worlds, samples,
 * factories) lives under test/, never in src/.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modulesDir = path.join(import.meta.dirname, 'modules');
const KEBAB = '[a-z0-9]+(?:-[a-z0-9]+)*';

/** Whether a file name of a module follows the rule. */
function followsRule(area: string, name: string) {
  if (name.endsWith('.test.ts')) return new RegExp(`^${area}(?:-${KEBAB})?\\.test\\.ts$`).test(name);
  return new RegExp(`^${area}\\.${KEBAB}\\.ts$`).test(name);
}

describe('module file names', () => {
  it('follow <area>.<use-case>.ts and <area>[-<topic>].test.ts, without sub-folders', () => {
    const misnamed = readdirSync(modulesDir).flatMap((area) =>
      readdirSync(path.join(modulesDir, area), { withFileTypes: true })
        .filter((e) => e.isDirectory() || !followsRule(area, e.name))
        .map((e) => `${area}/${e.name}`),
    );
    expect(misnamed).toEqual([]);
  });

  it('tells names that break the rule (the test would pass vacuously otherwise)', () => {
    const good = ['books.read.ts', 'books.ampel-job.ts', 'books.test.ts', 'books-list.test.ts'];
    const bad = ['schedule.ts', 'books-write.ts', 'books.ts', 'books.write.test.ts', 'inspections-x.test.ts'];
    expect(good.filter((n) => !followsRule('books', n))).toEqual([]);
    expect(bad.filter((n) => followsRule('books', n))).toEqual([]);
  });

  it('keeps what tests share out of src/: no *.fixtures.ts there (they live in test/fixtures/)', () => {
    const srcDir = import.meta.dirname;
    const fixtures = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((n) =>
      n.endsWith('.fixtures.ts'),
    );
    expect(fixtures).toEqual([]);
    expect(readdirSync(path.join(srcDir, '..', 'test', 'fixtures'))).toContain('books.ts');
  });
});
