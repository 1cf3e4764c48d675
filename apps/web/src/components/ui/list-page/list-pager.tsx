import { Box, Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { pageRange } from './list-state';
import type { ListStateApi } from './use-list-state';

/**
 * Under a list: which rows are shown ('21–40 von 57'), the pages, and the page size. Nothing while the list
 * fits the smallest page.
 */
export function ListPager<F extends string>({
  list,
  total,
  more = false,
  pages,
  onPage = list.setPage,
}: {
  list: ListStateApi<F>;
  total: number;
  /** The count stopped at `total`: 'von mehr als 100'. */
  more?: boolean;
  pages: number;
  /** Turns to a page; the list scrolls back to its first row. */
  onPage?: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= (list.sizes[0] ?? list.size) && list.page === 1) return null;
  const { from, to } = pageRange(Math.min(list.page, pages), list.size, total);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid="list-pager">
      <Text size="sm" c="dimmed" data-testid="list-range">
        {t('ui.list.range', {
          from: formatNumber(from),
          to: formatNumber(to),
          total: more ? t('ui.list.moreThan', { n: formatNumber(total) }) : formatNumber(total),
        })}
      </Text>
      {pages > 1 ? (
        <Box component="nav" aria-label={t('ui.list.pager')}>
          <Pagination
            total={pages}
            value={Math.min(list.page, pages)}
            onChange={onPage}
            size="sm"
            siblings={1}
            boundaries={1}
            getItemProps={(page) => ({ 'aria-label': t('ui.list.page', { page }) })}
            getControlProps={(control) => ({ 'aria-label': t(`ui.list.pageControl.${control}`) })}
          />
        </Box>
      ) : null}
      <NativeSelect
        size="xs"
        w={76}
        value={String(list.size)}
        onChange={(event) => list.setSize(Number(event.currentTarget.value))}
        data={list.sizes.map(String)}
        aria-label={t('ui.list.pageSize')}
        title={t('ui.list.pageSize')}
        data-testid="list-size"
      />
    </Group>
  );
}
