import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from './constants';

const versionOf = (file: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../..', file), 'utf8')).version as string;

describe('APP_VERSION', () => {
  it.each(['package.json', 'packages/domain/package.json', 'apps/server/package.json', 'apps/web/package.json'])(
    'is the version of %s (a release bumps them together)',
    (file) => {
      expect(versionOf(file)).toBe(APP_VERSION);
    },
  );
});
