/**
 * Select options for role, customer role, department and customer. The server's lists decide which values
 * exist; the names are shown through the lookups namespace (the server's labels are German only). While the
 * lists load, or if they fail, the domain's own tables stand in.
 */
import { Customer, CustomerRole, Department, Role } from '@pruefbuch/domain/roles';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type LookupKind, useLookup } from './api/get-lookup';

const DOMAIN_TABLES: Record<LookupKind, Record<string, number>> = {
  roles: Role,
  customerRoles: CustomerRole,
  departments: Department,
  customers: Customer,
};

export interface SelectOption {
  value: string;
  label: string;
}

export function lookupLabel(t: TFunction, kind: LookupKind, name: string, fallback?: string): string {
  return t(`lookups.${kind}.${name}`, { defaultValue: fallback ?? name });
}

/** The display name of a number, e.g. role 1 → 'Administrator'. */
export function labelOf(t: TFunction, kind: LookupKind, value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const name = Object.entries(DOMAIN_TABLES[kind]).find(([, v]) => v === value)?.[0];
  return name ? lookupLabel(t, kind, name) : String(value);
}

export function useLookupOptions(kind: LookupKind): SelectOption[] {
  const { t, i18n } = useTranslation();
  const { data } = useLookup(kind);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(() => {
    const items =
      data && data.length > 0
        ? data.map((item) => ({ id: item.id, name: item.name, label: item.label }))
        : Object.entries(DOMAIN_TABLES[kind]).map(([name, id]) => ({ id, name, label: name }));
    return items.map((item) => ({ value: String(item.id), label: lookupLabel(t, kind, item.name, item.label) }));
  }, [data, kind, t, i18n.language]);
}
