import { Group, MultiSelect, type OptionsFilter, Select, Stack, Text } from '@mantine/core';
import { DOOR_CODE_GROUPS, type DoorCodeField } from '@pruefbuch/domain/rules/door-codes';
import type { Component } from '@pruefbuch/domain/schemas/component';
import type { DoorConfig } from '@pruefbuch/domain/schemas/order';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DoorCodeOption, doorCodeOptions, matchesSearch, takeOption, withConfirmed } from '../door-codes';
import type { OrderForm } from './order-fields';

/** The catalogue as the pickers read it: the list and the entry of a code. */
export interface DoorCatalogue {
  list: readonly Component[];
  byCode: ReadonlyMap<string, Component>;
  loading: boolean;
}

export function useCatalogueLookup(list: readonly Component[] | undefined, loading: boolean): DoorCatalogue {
  return useMemo(() => {
    const entries = list ?? [];
    return { list: entries, byCode: new Map(entries.map((c) => [c.code, c])), loading };
  }, [list, loading]);
}

interface PickerProps {
  form: OrderForm;
  catalogue: DoorCatalogue;
  /** The user holds the catalogue right and may take a code outside it (decision 052). */
  mayConfirm: boolean;
}

const k = (key: string) => `orders.editor.tuer.${key}`;

/** What the book will show for a code: its catalogue text, else that it is outside the catalogue. */
function CodeText({ code, tuer, catalogue }: { code: string; tuer: DoorConfig; catalogue: DoorCatalogue }) {
  const { t } = useTranslation();
  const entry = catalogue.byCode.get(code);
  if (entry) return <span>{entry.text}</span>;
  if (catalogue.loading) return null;
  const confirmed = tuer.bestaetigt?.includes(code);
  return (
    <span style={{ color: 'var(--mantine-color-orange-8)' }}>{t(k(confirmed ? 'confirmedOutside' : 'outside'))}</span>
  );
}

/** An option of a pick list: the code, and beside it the German text the book gets. */
function OptionLine({ option, catalogue }: { option: DoorCodeOption; catalogue: DoorCatalogue }) {
  const { t } = useTranslation();
  if (option.take) return <Text size="sm">{t(k('takeOutside'), { code: option.value })}</Text>;
  const text = catalogue.byCode.get(option.value)?.text;
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {option.value}
      </Text>
      <Text size="sm" c={text ? 'dimmed' : 'orange.8'}>
        {text ?? t(k('outside'))}
      </Text>
    </Group>
  );
}

function usePickList(field: DoorCodeField, { form, catalogue, mayConfirm }: PickerProps, current: readonly string[]) {
  const [search, setSearch] = useState('');
  const tuer = form.values.tuer;
  const options = doorCodeOptions(catalogue.list, DOOR_CODE_GROUPS[field], tuer.tuertyp, current);
  const take = mayConfirm ? takeOption(options, search) : null;
  const textOf = (code: string) => catalogue.byCode.get(code)?.text;
  const filter: OptionsFilter = ({ options: shown, search: s }) =>
    (shown as DoorCodeOption[]).filter((o) => matchesSearch(o, s, textOf));
  /** Sets the door with the field's new codes; a code taken outside the catalogue is confirmed. */
  const setDoor = (next: DoorConfig, picked: readonly string[]) =>
    form.setFieldValue('tuer', withConfirmed(next, take && picked.includes(take.value) ? take.value : null));
  return { search, setSearch, data: take ? [...options, take] : options, filter, setDoor, tuer };
}

/** One code from the field's catalogue groups (drive, wing count, power type), its text beside it. */
export function DoorCodeSelect(props: PickerProps & { field: Exclude<DoorCodeField, 'komponenten'> }) {
  const { t } = useTranslation();
  const { field, form, catalogue } = props;
  const value = form.values.tuer[field];
  const pick = usePickList(field, props, [value]);
  const { setSearch } = pick;
  // The search shows the chosen code, also after the form was reset or loaded.
  useEffect(() => setSearch(value), [value, setSearch]);
  return (
    <Select
      label={t(k(field))}
      placeholder={t(k('pick'))}
      data={pick.data}
      value={value || null}
      onChange={(next) => pick.setDoor({ ...pick.tuer, [field]: next ?? '' }, next ? [next] : [])}
      searchable
      searchValue={pick.search}
      onSearchChange={pick.setSearch}
      filter={pick.filter}
      renderOption={({ option }) => <OptionLine option={option as DoorCodeOption} catalogue={catalogue} />}
      nothingFoundMessage={t(k('nothingFound'))}
      clearable
      maxDropdownHeight={320}
      // Wide enough for the texts beside the codes, never wider than the screen.
      comboboxProps={{ width: 460, position: 'bottom-start', styles: { dropdown: { maxWidth: 'calc(100vw - 2rem)' } } }}
      error={form.errors[`tuer.${field}`]}
      description={
        value ? (
          <span data-testid={`order-tuer-${field}-text`}>
            <CodeText code={value} tuer={pick.tuer} catalogue={catalogue} />
          </span>
        ) : undefined
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      data-testid={`order-tuer-${field}`}
    />
  );
}

/** Further components (control elements, sensors, options, UPS), each listed with its text below the field. */
export function DoorComponentsSelect(props: PickerProps) {
  const { t } = useTranslation();
  const { form, catalogue } = props;
  const value = form.values.tuer.komponenten;
  const pick = usePickList('komponenten', props, value);
  const kindLabel = (o: DoorCodeOption) => t(`books.components.kinds.${o.kind ?? 'option'}`);
  const errors = Object.entries(form.errors)
    .filter(([path]) => path === 'tuer.komponenten' || path.startsWith('tuer.komponenten.'))
    .map(([path, message]) => {
      const code = value[Number(path.split('.')[2])];
      return code ? `${code}: ${String(message)}` : String(message);
    });
  return (
    <Stack gap={6}>
      <MultiSelect
        label={t(k('komponenten'))}
        description={t(k('komponentenHint'))}
        placeholder={value.length ? undefined : t(k('pick'))}
        data={pick.data}
        value={value}
        onChange={(next) => pick.setDoor({ ...pick.tuer, komponenten: next }, next)}
        searchable
        searchValue={pick.search}
        onSearchChange={pick.setSearch}
        filter={pick.filter}
        renderOption={({ option }) => {
          const o = option as DoorCodeOption;
          return (
            <Stack gap={0}>
              <OptionLine option={o} catalogue={catalogue} />
              {o.take ? null : (
                <Text size="xs" c="dimmed">
                  {kindLabel(o)}
                </Text>
              )}
            </Stack>
          );
        }}
        nothingFoundMessage={t(k('nothingFound'))}
        hidePickedOptions
        clearable
        maxDropdownHeight={320}
        error={errors.length ? errors.join(' ') : undefined}
        data-testid="order-tuer-komponenten"
      />
      {value.length ? (
        <Stack gap={2} data-testid="order-tuer-komponenten-texts">
          {value.map((code) => (
            <Text key={code} size="sm">
              <Text span fw={600}>
                {code}
              </Text>{' '}
              <CodeText code={code} tuer={pick.tuer} catalogue={catalogue} />
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
