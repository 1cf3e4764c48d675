import type { FolderNode } from '@pruefbuch/domain/schemas/folder';
import { ProtocolTable } from '@/components/ui/protocol-table';
import { useCountries } from '@/lib/countries';
import { useServiceIntervals } from '@/lib/service-intervals';
import { useActiveBookTypes } from '../api/get-active-booktypes';
import { useBookProtocol } from '../api/get-book-protocol';
import { useFolderTree } from '../api/get-folder-tree';
import { flattenFolders } from './folder-path';

/**
 * The protocol of a book on its page, a page at a time, with the names of its folders and book types for the
 * referenced ids.
 */
export function BookProtocol({ tenantId, bookId }: { tenantId: string; bookId: string }) {
  const protocol = useBookProtocol(tenantId, bookId);
  const countries = useCountries();
  const intervals = useServiceIntervals();
  const types = useActiveBookTypes();
  const tree = useFolderTree(tenantId);
  const folders = flattenFolders(tree.data?.folders ?? []).map(({ node }: { node: FolderNode }): [string, string] => [
    node._id,
    node.folderName,
  ]);
  return (
    <ProtocolTable
      entity="book"
      entries={protocol.data?.pages.flatMap((page) => page.docs)}
      total={protocol.data?.pages[0]?.total}
      onLoadMore={protocol.hasNextPage ? () => void protocol.fetchNextPage() : undefined}
      loadingMore={protocol.isFetchingNextPage}
      loading={protocol.isPending}
      error={protocol.isError ? protocol.error : null}
      onRetry={() => void protocol.refetch()}
      lookups={{
        countries: countries.data ?? [],
        intervalLabel: intervals.labelOf,
        refs: {
          booktype: new Map((types.data ?? []).map((type) => [type._id, type.type])),
          folder: new Map(folders),
        },
      }}
    />
  );
}
