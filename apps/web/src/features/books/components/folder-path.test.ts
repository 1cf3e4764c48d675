import type { FolderNode } from '@pruefbuch/domain/schemas/folder';
import { describe, expect, it } from 'vitest';
import { ancestorIds, flattenFolders, folderPath } from './folder-path';

const node = (id: string, children: FolderNode[] = []): FolderNode => ({
  _id: id,
  folderName: id.toUpperCase(),
  parentFolderId: null,
  books: 0,
  totalBooks: 0,
  children,
});
const tree = [node('a', [node('a1', [node('a1x')]), node('a2')]), node('b')];

describe('folder tree walks', () => {
  it('finds the path from the top to a nested folder', () => {
    expect(folderPath(tree, 'a1x').map((n) => n._id)).toEqual(['a', 'a1', 'a1x']);
    expect(folderPath(tree, 'b').map((n) => n._id)).toEqual(['b']);
    expect(folderPath(tree, 'nope')).toEqual([]);
    expect(ancestorIds(tree, 'a2')).toEqual(['a', 'a2']);
  });

  it('lists parents before children with their depth', () => {
    expect(flattenFolders(tree).map(({ node: n, depth }) => `${depth}:${n._id}`)).toEqual([
      '0:a',
      '1:a1',
      '2:a1x',
      '1:a2',
      '0:b',
    ]);
  });
});
