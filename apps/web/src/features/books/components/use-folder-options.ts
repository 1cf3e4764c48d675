import { useTranslation } from 'react-i18next';
import { useFolderTree } from '../api/get-folder-tree';
import { flattenFolders } from './folder-path';

/** The tenant's folders as select options with their path as label ('Frankfurt am Main / Messe'), no folder first. */
export function useFolderOptions(tenantId: string) {
  const { t } = useTranslation();
  const tree = useFolderTree(tenantId);
  const options = [{ value: 'root', label: t('tenants.start.root') }];
  const names: string[] = [];
  for (const { node, depth } of flattenFolders(tree.data?.folders ?? [])) {
    names[depth] = node.folderName;
    options.push({ value: node._id, label: names.slice(0, depth + 1).join(' / ') });
  }
  const labelOf = (folder: string | null) => options.find((o) => o.value === (folder ?? 'root'))?.label ?? '';
  return { ...tree, options, labelOf };
}
