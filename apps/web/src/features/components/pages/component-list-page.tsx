import { ActionIcon, Badge, Button, Select, Text } from '@mantine/core';
import { COMPONENT_KINDS, type Component, type ComponentKind } from '@pruefbuch/domain/schemas/component';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/ui/list-page/list-page';
import type { ListColumn } from '@/components/ui/list-page/list-types';
import { useListState } from '@/components/ui/list-page/use-list-state';
import { useDeleteComponent } from '../api/delete-component';
import { useComponents } from '../api/get-components';
import { ComponentDialog } from '../components/component-dialog';

type ComponentSortField = 'code' | 'kind' | 'text';

const isKind = (v: string | null): v is ComponentKind => !!v && (COMPONENT_KINDS as readonly string[]).includes(v);

/** component_list (admins): the door component catalogue that 'Prüfbuch anlegen' takes its texts from (decision 025). */
export function ComponentListPage() {
  const { t } = useTranslation();
  const list = useListState<ComponentSortField>({ sortFields: ['code', 'kind', 'text'] });
  const kindParam = list.params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const components = useComponents({ ...list.apiParams, kind });
  const remove = useDeleteComponent();
  // The entry in the dialog: null a new one, undefined no dialog.
  const [editing, setEditing] = useState<Component | null | undefined>(undefined);

  const columns: ListColumn<Component, ComponentSortField>[] = [
    {
      key: 'code',
      header: t('books.components.fields.code'),
      sort: 'code',
      cell: (c) => (
        <Text fw={500} size="sm" ff="monospace">
          {c.code}
        </Text>
      ),
    },
    { key: 'text', header: t('books.components.fields.text'), sort: 'text', cell: (c) => c.text },
    {
      key: 'kind',
      header: t('books.components.fields.kind'),
      sort: 'kind',
      cell: (c) => t(`books.components.kinds.${c.kind}`),
    },
    {
      key: 'doorType',
      header: t('books.components.fields.doorType'),
      cell: (c) => t(`books.components.doorTypes.${c.doorType}`),
    },
    {
      key: 'active',
      header: t('books.components.fields.active'),
      cell: (c) => (
        <Badge variant="light" color={c.active ? 'teal' : 'gray'} tt="none">
          {c.active ? t('common.yes') : t('common.no')}
        </Badge>
      ),
    },
  ];

  return (
    <>
      {editing !== undefined ? <ComponentDialog component={editing} onClose={() => setEditing(undefined)} /> : null}
      <ListPage
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="component-new">
            {t('common.actions.new')}
          </Button>
        }
        title={t('books.components.title')}
        description={t('books.components.intro')}
        searchPlaceholder={t('books.components.searchPlaceholder')}
        filters={
          <Select
            aria-label={t('books.components.fields.kind')}
            placeholder={t('books.components.allKinds')}
            clearable
            value={kind ?? null}
            onChange={(value) => list.setFilter('kind', value)}
            data={COMPONENT_KINDS.map((k) => ({ value: k, label: t(`books.components.kinds.${k}`) }))}
            data-testid="component-kind-filter"
            w={200}
          />
        }
        list={list}
        query={components}
        columns={columns}
        rowKey={(c) => c._id}
        rowActions={{
          extra: (c) => (
            <ActionIcon
              variant="subtle"
              aria-label={t('common.actions.edit')}
              onClick={() => setEditing(c)}
              data-testid="component-edit"
            >
              <IconPencil size={16} />
            </ActionIcon>
          ),
          remove: {
            title: t('books.components.deleteTitle'),
            message: (c) => t('books.components.deleteConfirm', { code: c.code }),
            run: (c) => remove.mutateAsync(c._id),
          },
        }}
        emptyText={t('books.components.empty')}
        testId="component"
        minWidth={720}
      />
    </>
  );
}
