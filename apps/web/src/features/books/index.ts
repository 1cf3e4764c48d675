/** What other features use of the books feature (everything else in it is its own). */
export { useFolderTree } from './api/get-folder-tree';
