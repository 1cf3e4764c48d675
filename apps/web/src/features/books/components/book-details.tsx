import { Anchor, DataList, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BookDto } from '@pruefbuch/domain/schemas/book';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/ui/address-editor';
import { AmpelBadge } from '@/components/ui/book-badges';
import { BookTypeIcon } from '@/components/ui/booktype-icon';
import { formatDate } from '@/lib/format';
import { useServiceIntervals } from '@/lib/service-intervals';
import { useWide } from '@/lib/use-wide';
import { miscLabel, miscValue } from '../misc-fields';

const EMPTY = '–';

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" data-testid={testId}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Label and value pairs; on phones the label sits above its value. */
function Fields({ rows }: { rows: readonly [string, ReactNode][] }) {
  const wide = useWide('36em');
  return (
    <DataList orientation={wide ? 'horizontal' : 'vertical'} labelWidth={220} gap="xs">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
          <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
            {value === '' || value === null || value === undefined ? EMPTY : value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

/** The book's data on its page, read-only, in the sections of the form. */
export function BookDetails({ dto, folderPath }: { dto: BookDto; folderPath: string }) {
  const { t, i18n } = useTranslation();
  const intervals = useServiceIntervals();
  const exists = (key: string) => i18n.exists(key);
  const book = dto.book;
  const f = (field: string) => t(`books.fields.${field}`);
  const window = (from: string | null, to: string | null) =>
    from || to ? `${formatDate(from) || EMPTY} – ${formatDate(to) || EMPTY}` : '';
  const misc = Object.entries(book.misc);

  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
      <Card title={t('books.sections.object')} testId="book-section-object">
        <Fields
          rows={[
            [f('customer'), book.customer],
            [
              f('bookType'),
              dto.bookType ? (
                <Group key="bookType" gap="xs" wrap="nowrap">
                  <BookTypeIcon icon={dto.bookType.icon} color={dto.bookType.color} size={22} />
                  <Text size="sm">{dto.bookType.type}</Text>
                </Group>
              ) : (
                ''
              ),
            ],
            [f('typ'), book.typ],
            [f('location'), book.location],
            [f('object'), book.object],
            [f('objectnutzung'), book.objectnutzung],
            [
              f('shortText'),
              book.shortText ? (
                <Text key="shortText" size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {book.shortText}
                </Text>
              ) : (
                ''
              ),
            ],
            [f('objectaddress'), <AddressText key="a" address={book.objectaddress} />],
          ]}
        />
      </Card>

      <Card title={t('books.sections.parties')} testId="book-section-parties">
        <Fields
          rows={(['controller', 'raiser', 'manufacturer'] as const).map((party) => [
            f(party),
            book[party] || book[`${party}address`] ? (
              <Stack key={party} gap={2}>
                {book[party] ? (
                  <Text size="sm" fw={500}>
                    {book[party]}
                  </Text>
                ) : null}
                {book[`${party}address`] ? <AddressText address={book[`${party}address`]} /> : null}
              </Stack>
            ) : (
              ''
            ),
          ])}
        />
      </Card>

      <Card title={t('books.sections.identifiers')}>
        <Fields
          rows={[
            [f('site'), book.site],
            [f('glasbocknr'), book.glasbocknr],
            [f('manufacturerNo'), book.manufacturerNo],
            [f('orderNo'), book.orderNo],
          ]}
        />
      </Card>

      <Card title={t('books.sections.placement')}>
        <Fields
          rows={[
            [f('folder'), folderPath],
            [f('lagerort'), t(`books.lagerort.${book.lagerort}`, { defaultValue: book.lagerort })],
            [f('active'), book.active ? t('common.yes') : t('common.no')],
          ]}
        />
      </Card>

      <Card title={t('books.sections.dates')} testId="book-section-dates">
        <Fields
          rows={[
            [f('completedOn'), formatDate(book.completedOn)],
            [f('firstservice'), formatDate(book.firstservice)],
            [f('serviceinterval'), intervals.labelOf(book.serviceinterval)],
            [f('selfserviceinterval'), intervals.labelOf(book.selfserviceinterval)],
            [
              f('nextInspectionDate'),
              <AmpelBadge key="n" ampel={book.inspectionAmpel} date={book.nextInspectionDate} kind="inspection" />,
            ],
            [
              f('nextInspectionDateSelf'),
              <AmpelBadge key="s" ampel={book.inspectionSelfAmpel} date={book.nextInspectionDateSelf} kind="self" />,
            ],
            [t('books.page.enabled'), window(book.enableFrom, book.enableTo)],
            [t('books.page.visible'), window(book.visibleFrom, book.visibleTo)],
          ]}
        />
      </Card>

      <Card title={t('books.sections.contacts')}>
        <Fields
          rows={[
            [f('contactName'), book.contactName],
            [
              f('contactMail'),
              book.contactMail ? (
                <Anchor key="mail" size="sm" href={`mailto:${book.contactMail}`}>
                  {book.contactMail}
                </Anchor>
              ) : (
                ''
              ),
            ],
            [
              f('contactTel'),
              book.contactTel ? (
                <Anchor key="tel" size="sm" href={`tel:${book.contactTel}`}>
                  {book.contactTel}
                </Anchor>
              ) : (
                ''
              ),
            ],
          ]}
        />
      </Card>

      {misc.length > 0 ? (
        <Card title={t('books.sections.misc')} testId="book-section-misc">
          <Fields rows={misc.map(([key, value]) => [miscLabel(key, t, exists), miscValue(value, t, exists, key)])} />
        </Card>
      ) : null}
    </SimpleGrid>
  );
}
