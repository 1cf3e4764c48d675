import { Button, Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CustomerLocationDetail, LinkableBook } from '@pruefbuch/domain/schemas/customerlocation';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmWhenReady } from '@/components/ui/dialogs';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { localLocationName } from '@/lib/location-name';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLinkBook } from '../api/link-book';
import { MIN_BOOK_SEARCH, useSearchBooks } from '../api/search-books';

/** Refusals the user may overrule by confirming (decision 038); a book of another customer is never linked. */
const CONFIRMABLE = new Set(['BOOK_WITHOUT_CUSTOMER', 'BOOK_FIRST_OF_CUSTOMER']);

/**
 * 'Anlage zuordnen': the books the branch could take, found as the user types (title, object, serial, ZIP,
 * city …), one chosen, then linked. Books of another customer are not offered (decision 038); one of no customer
 * (or the customer's first) says that linking asks first, and is linked once confirmed. A book here already is
 * marked, one of another branch names it (the server refuses it, naming that branch).
 */
export function AssignBook({ location }: { location: CustomerLocationDetail }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [term] = useDebouncedValue(search.trim(), 250);
  const books = useSearchBooks(location._id, term);
  const link = useLinkBook();
  const found = new Map<string, LinkableBook>((books.data?.docs ?? []).map((b) => [b._id, b]));

  const options = [...found.values()].map((b) => ({
    value: b._id,
    // The customer shows whose installation it is: only the branch customer's books link (decision 038).
    label: [b.title, b.site, b.customer].filter(Boolean).join(' · '),
  }));
  /** What the picker says beside a book: here already, at another branch, or that linking asks first. */
  const noteOf = (id: string) => {
    const b = found.get(id);
    if (!b) return null;
    if (b.location?._id === location._id) return t('customerlocations.edit.addBookAlreadyHere');
    if (b.location)
      return t('customerlocations.edit.addBookOtherBranch', { location: localLocationName(t, b.location) });
    if (b.link === 'confirm-no-customer') return t('customerlocations.edit.addBookNoCustomer');
    if (b.link === 'confirm-first-book') return t('customerlocations.edit.addBookFirstOfCustomer');
    return null;
  };
  // The chosen book stays in the options while a new search runs, so the select keeps showing its name.
  const chosenLabel = chosen ? options.find((o) => o.value === chosen) : undefined;

  const nothingFound =
    term.length < MIN_BOOK_SEARCH
      ? t('customerlocations.edit.addBookHint')
      : books.isFetching
        ? t('customerlocations.edit.addBookSearching')
        : t('customerlocations.edit.addBookNothing');

  const send = (bookId: string, confirm: boolean) =>
    link.mutate(
      { id: location._id, bookId, confirm },
      {
        onSuccess: () => {
          notifySuccess({ text: t('customerlocations.edit.linked') });
          setChosen(null);
          setSearch('');
        },
        onError: (error) => {
          // A book of no customer (or the first of the branch's customer) is linked only once the user confirms.
          if (!confirm && isApiError(error) && CONFIRMABLE.has(error.code)) {
            const text = errorText(t, error);
            openConfirmWhenReady({
              title: t('customerlocations.edit.confirmLinkTitle'),
              children: (
                <Text size="sm" data-testid="assign-book-confirm-text">
                  {text} {t('customerlocations.edit.confirmLinkQuestion')}
                </Text>
              ),
              nativeText: `${text} ${t('customerlocations.edit.confirmLinkQuestion')}`,
              labels: { confirm: t('customerlocations.edit.addBook'), cancel: t('common.actions.cancel') },
              confirmProps: { 'data-testid': 'assign-book-confirm' } as never,
              onConfirm: () => send(bookId, true),
            });
            return;
          }
          notifyError(errorText(t, error), t('customerlocations.edit.linkFailed'));
        },
      },
    );

  const submit = () => {
    if (chosen) send(chosen, false);
  };

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid="assign-book">
      <Select
        label={t('customerlocations.edit.addBookLabel')}
        description={t('customerlocations.edit.addBookOnlyLinkable')}
        placeholder={t('customerlocations.edit.addBookPlaceholder')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        value={chosen}
        onChange={setChosen}
        data={chosenLabel && !options.some((o) => o.value === chosen) ? [chosenLabel, ...options] : options}
        // The server has searched already: show what it found, in its order.
        filter={({ options: found }) => found}
        nothingFoundMessage={nothingFound}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {option.label}
            </Text>
            {noteOf(option.value) ? (
              <Text size="xs" c="dimmed" ta="right" data-testid="assign-book-note">
                {noteOf(option.value)}
              </Text>
            ) : null}
          </Group>
        )}
        clearable
        style={{ flex: '1 1 280px' }}
        data-testid="assign-book-search"
      />
      <Button
        leftSection={<IconLink size={16} />}
        onClick={submit}
        disabled={!chosen}
        loading={link.isPending}
        data-testid="assign-book-submit"
      >
        {t('customerlocations.edit.addBook')}
      </Button>
    </Group>
  );
}
