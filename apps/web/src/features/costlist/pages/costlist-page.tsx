import { Alert, Box, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { mayCall } from '@pruefbuch/domain/access';
import { REQUIRED_TIME_ROWS } from '@pruefbuch/domain/rules/capacity-time';
import {
  type CostList,
  type CostListFields,
  costListUpdateSchema,
  type TimeTemplate,
  type WorkArea,
} from '@pruefbuch/domain/schemas/capacity';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '@/components/ui/confirm-delete';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { EditorPage } from '@/components/ui/entity-editor/editor-page';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { FormSection, SECTION_SCROLL_MARGIN, SectionNav } from '@/components/ui/form-section';
import { ListRow } from '@/components/ui/list-row';
import { MoneyField } from '@/components/ui/money-field';
import { NumberField } from '@/components/ui/number-field';
import { ProtocolTable } from '@/components/ui/protocol-table';
import { usePageTitle } from '@/lib/page-title';
import { getSessionState, toPrincipal, useSession } from '@/lib/session';
import { costListQueryOptions, useCostList } from '../api/get-cost-list';
import { useCostListProtocol } from '../api/get-cost-list-protocol';
import { useUpdateCostList } from '../api/update-cost-list';

type Values = CostListFields & { __v: number };

const toValues = (c: CostList): Values => ({
  maw: { ...c.maw },
  capacities: { ...c.capacities, antriebstyp: { ...c.capacities.antriebstyp } },
  vorlagen: c.vorlagen.map((v) => ({ ...v })),
  __v: c.__v,
});

/** Which work area each time value counts for: the rule table of required time says it. */
const AREA_OF_ITEM = new Map<string, WorkArea>(REQUIRED_TIME_ROWS.map((r) => [r.item, r.area]));

/** The time values of the cost list in the order the form shows them: form path, text key, rule item. */
const TIME_FIELDS = [
  ['capacities.antriebstyp.dreher', 'antriebstypDreher', 'antriebstyp'],
  ['capacities.antriebstyp.schieber', 'antriebstypSchieber', 'antriebstyp'],
  ['capacities.sonderfunktion', 'sonderfunktion', 'sonderfunktion'],
  ['capacities.verriegelung', 'verriegelung', 'verriegelung'],
  ['capacities.beschlagProfilbearbeitung', 'beschlagProfilbearbeitung', 'beschlagProfilbearbeitung'],
  ['capacities.beschlagVerglasen', 'beschlagVerglasen', 'beschlagVerglasen'],
  ['capacities.beschlagVerpackung', 'beschlagVerpackung', 'beschlagVerpackung'],
  ['capacities.standardglaeser', 'standardglaeser', 'standardglaeser'],
  ['capacities.sonderglaeser', 'sonderglaeser', 'sonderglaeser'],
  ['capacities.bodenfuehrungZeitaufwand', 'bodenfuehrungZeitaufwand', 'bodenfuehrungZeitaufwand'],
  ['capacities.schutzfluegel', 'schutzfluegel', 'schutzfluegel'],
  ['capacities.freitraeger', 'freitraeger', 'freitraeger'],
  ['capacities.seitenteil', 'seitenteil', 'seitenteil'],
  ['capacities.kommissionierung', 'kommissionierung', 'kommissionierung'],
] as const;

const TEMPLATE_TIMES = [
  'zeitaufwandAntrieb',
  'zeitaufwandProfilbearbeitung',
  'zeitaufwandVerglasen',
  'zeitaufwandVersand',
] as const;

const emptyTemplate = (): TimeTemplate => ({
  name: '',
  zeitaufwandAntrieb: 0,
  zeitaufwandProfilbearbeitung: 0,
  zeitaufwandVerglasen: 0,
  zeitaufwandVersand: 0,
  proFluegel: false,
  bemerkung: '',
});

/** costlist (/costlist): the tenant's one cost list: maw rates, time values, templates and its protocol. */
export function CostListPage() {
  const { t } = useTranslation();
  const costList = useCostList();
  usePageTitle(t('costlist.title'));
  return (
    <EditorPage title={t('costlist.title')} description={t('costlist.description')} maw={1100}>
      <EntityLoad query={costList}>{(c) => <CostListEditor key={c._id} costList={c} />}</EntityLoad>
    </EditorPage>
  );
}

function CostListEditor({ costList }: { costList: CostList }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { session } = useSession();
  const user = toPrincipal(session);
  const mayWrite = !!user && mayCall('costlist:manage', user);
  const update = useUpdateCostList();
  const editor = useEntityEditor<Values, CostList>({
    schema: costListUpdateSchema,
    initialValues: toValues(costList),
    toValues,
    readOnly: !mayWrite,
    save: (values) => update.mutateAsync({ id: costList._id, data: costListUpdateSchema.parse(values) }),
    fetchLatest: () =>
      queryClient.fetchQuery({ ...costListQueryOptions(getSessionState().currentTenant), staleTime: 0 }),
  });
  const { form } = editor;
  const c = (key: string, options?: Record<string, unknown>) => t(`costlist.${key}`, options);
  const sections = [
    { id: 'costlist-maw', title: c('sections.maw') },
    { id: 'costlist-times', title: c('sections.times') },
    { id: 'costlist-templates', title: c('sections.templates') },
    { id: 'costlist-protocol', title: t('protocol.title') },
  ];

  const removeTemplate = (i: number) => {
    const name = form.values.vorlagen[i]?.name || c('templates.row', { n: i + 1 });
    confirmDelete({
      title: c('templates.removeTitle'),
      message: c('templates.removeConfirm', { name }),
      confirmLabel: t('common.actions.remove'),
      testId: 'costlist-template-remove-confirm',
      onConfirm: () => form.removeListItem('vorlagen', i),
    });
  };

  return (
    <Stack gap="md">
      <SectionNav sections={sections} label={c('sectionNav')} />
      {!mayWrite ? (
        <Alert color="gray" icon={<IconLock size={18} />}>
          {c('readOnly')}
        </Alert>
      ) : null}
      <EditorForm editor={editor} framed={false} testId="costlist">
        <Stack gap="md">
          <FormSection id="costlist-maw" title={c('sections.maw')} testId="costlist-section-maw">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              {(['intMaw', 'extMaw', 'travelFlatRate', 'versandCost'] as const).map((key) => (
                <MoneyField
                  key={key}
                  {...form.getInputProps(`maw.${key}`)}
                  value={form.values.maw[key]}
                  // A cleared rate stays empty, and the check says it is missing (it was saved as 0,00 €).
                  onChange={(v) => form.setFieldValue(`maw.${key}`, v as number)}
                  label={c(`maw.${key}`)}
                  data-testid={`costlist-maw-${key}`}
                />
              ))}
            </SimpleGrid>
          </FormSection>
          <FormSection id="costlist-times" title={c('sections.times')} testId="costlist-section-times">
            <Text size="sm" c="dimmed">
              {c('times.intro')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              {TIME_FIELDS.map(([path, label, item]) => {
                const area = AREA_OF_ITEM.get(item);
                return (
                  <NumberField
                    key={path}
                    {...form.getInputProps(path)}
                    label={c(`times.${label}`)}
                    description={area ? c('times.countsFor', { area: t(`capacity.areas.${area}`) }) : undefined}
                    min={0}
                    max={1440}
                    allowDecimal={false}
                    allowNegative={false}
                    rightSection={c('times.unit')}
                    rightSectionWidth={40}
                    rightSectionPointerEvents="none"
                    data-testid={`costlist-time-${label}`}
                  />
                );
              })}
            </SimpleGrid>
          </FormSection>
          <FormSection id="costlist-templates" title={c('sections.templates')} testId="costlist-section-templates">
            <Text size="sm" c="dimmed">
              {c('templates.intro')}
            </Text>
            {form.values.vorlagen.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="costlist-templates-empty">
                {c('templates.empty')}
              </Text>
            ) : null}
            {form.values.vorlagen.map((row, i) => (
              <ListRow
                key={row._id ?? `new-${i}`}
                header={
                  <TextInput
                    {...form.getInputProps(`vorlagen.${i}.name`)}
                    label={c('templates.name')}
                    data-testid="costlist-template-name"
                  />
                }
                onRemove={mayWrite ? () => removeTemplate(i) : undefined}
                removeLabel={c('templates.remove')}
                removeTestId="costlist-template-remove"
                testId="costlist-template-row"
              >
                <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
                  {TEMPLATE_TIMES.map((key) => (
                    <NumberField
                      key={key}
                      {...form.getInputProps(`vorlagen.${i}.${key}`)}
                      label={c(`templates.${key}`)}
                      min={0}
                      max={1440}
                      allowDecimal={false}
                      allowNegative={false}
                      rightSection={c('times.unit')}
                      rightSectionWidth={40}
                      rightSectionPointerEvents="none"
                    />
                  ))}
                </SimpleGrid>
                <Group gap="md" align="flex-end" wrap="wrap">
                  <Checkbox
                    {...form.getInputProps(`vorlagen.${i}.proFluegel`, { type: 'checkbox' })}
                    label={c('templates.proFluegel')}
                    mb={8}
                  />
                  <TextInput
                    {...form.getInputProps(`vorlagen.${i}.bemerkung`)}
                    label={c('templates.bemerkung')}
                    style={{ flex: 1, minWidth: 200 }}
                  />
                </Group>
              </ListRow>
            ))}
            {mayWrite ? (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => form.insertListItem('vorlagen', emptyTemplate())}
                  data-testid="costlist-template-add"
                >
                  {c('templates.add')}
                </Button>
              </Group>
            ) : null}
          </FormSection>
        </Stack>
      </EditorForm>
      <Box id="costlist-protocol" style={{ scrollMarginTop: SECTION_SCROLL_MARGIN }}>
        <CostListProtocol id={costList._id} />
      </Box>
    </Stack>
  );
}

function CostListProtocol({ id }: { id: string }) {
  const protocol = useCostListProtocol(id);
  return <ProtocolTable entity="costlist" query={protocol} />;
}
