import { ActionIcon, Anchor, Badge, Box, Group, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { screenPath } from '@pruefbuch/domain/access';
import type { CustomerLocationDetail, LocationBook } from '@pruefbuch/domain/schemas/customerlocation';
import { IconBook2, IconInbox, IconUnlink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { errorText } from '@/lib/errors';
import { i18n } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUnlinkBook } from '../api/unlink-book';
import { AssignBook } from './assign-book';
import { LocationAmpelBadge } from './location-ampel';

/**
 * The installations of a location, worst ampel first: each with its ampels and next dates and a link to its
 * book. The office assigns further books and removes them again (the book itself stays).
 */
export function LocationBooks({ location, mayWrite }: { location: CustomerLocationDetail; mayWrite: boolean }) {
  const { t } = useTranslation();
  const unlink = useUnlinkBook();

  const remove = (book: LocationBook) =>
    confirmRemove(book.title, () =>
      unlink.mutate(
        { id: location._id, bookId: book._id },
        {
          onSuccess: () => notifySuccess({ text: t('customerlocations.edit.removed') }),
          onError: (error) => notifyError(errorText(t, error), t('customerlocations.edit.removeFailed')),
        },
      ),
    );

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="location-books-title"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id="location-books-title">
            {t('customerlocations.edit.books')}
          </Title>
          <Badge variant="light" color="gray" tt="none" data-testid="location-book-count">
            {location.bookList.length}
          </Badge>
        </Group>
        {mayWrite ? <AssignBook location={location} /> : null}
        {location.bookList.length === 0 ? (
          <Stack align="center" gap="xs" py="md" data-testid="location-books-empty">
            <ThemeIcon variant="light" color="gray" size={40} radius="xl">
              <IconInbox size={20} />
            </ThemeIcon>
            <Text size="sm" c="dimmed" ta="center">
              {t('customerlocations.edit.noBooks')}
            </Text>
          </Stack>
        ) : (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {location.bookList.map((book) => (
              <BookRow
                key={book._id}
                book={book}
                onRemove={mayWrite ? () => remove(book) : undefined}
                removing={unlink.isPending && unlink.variables?.bookId === book._id}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function BookRow({ book, onRemove, removing }: { book: LocationBook; onRemove?: () => void; removing: boolean }) {
  const { t } = useTranslation();
  const sub = [book.object, book.site].filter(Boolean).join(' · ');
  return (
    <Box
      component="li"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="location-book"
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
          <ThemeIcon variant="light" size="md" color="blue" mt={2}>
            <IconBook2 size={16} />
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Anchor
                component={Link}
                to={screenPath('book_list', { tenant: book.tenant, slug: book._id })}
                fw={600}
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
                data-testid="location-book-link"
              >
                {book.title || t('customerlocations.edit.openBook')}
              </Anchor>
              {book.active ? null : (
                <Badge color="gray" variant="outline" tt="none" size="sm">
                  {t('customerlocations.edit.inactiveBook')}
                </Badge>
              )}
            </Group>
            {sub ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {sub}
              </Text>
            ) : null}
            <Group gap={6} wrap="wrap" mt={6}>
              <LocationAmpelBadge
                ampel={book.inspectionAmpel}
                date={book.nextInspectionDate}
                kind="inspection"
                withKind
              />
              <LocationAmpelBadge
                ampel={book.inspectionSelfAmpel}
                date={book.nextInspectionDateSelf}
                kind="selfInspection"
                withKind
              />
            </Group>
          </Box>
        </Group>
        {onRemove ? (
          <Tooltip label={t('customerlocations.edit.removeBook')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onRemove}
              loading={removing}
              aria-label={t('customerlocations.edit.removeBookLabel', { title: book.title })}
              data-testid="location-book-remove"
            >
              <IconUnlink size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Box>
  );
}

/** 'Entfernen' asks first; the button says what happens (the book is kept). */
function confirmRemove(title: string, onConfirm: () => void) {
  confirmDelete({
    title: i18n.t('customerlocations.edit.removeTitle'),
    message: i18n.t('customerlocations.edit.removeConfirm', { title }),
    confirmLabel: i18n.t('customerlocations.edit.removeBook'),
    testId: 'confirm-remove',
    onConfirm,
  });
}
