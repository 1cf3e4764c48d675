import { locationName } from '@pruefbuch/domain/rules/location-name';
import type { TFunction } from 'i18next';

/** The words of a branch's name in the user's language. */
export const locationWords = (t: TFunction) => ({
  znl: t('customerlocations.fields.znl'),
  nr: t('customerlocations.fields.nr'),
  sapNr: t('customerlocations.fields.sapNr'),
});

/** A branch's name ('ZNL Rhein-Main · Nr. 4101', 'Branch office Rhein-Main · No. 4101') in the user's language. */
export const localLocationName = (t: TFunction, l: { znl: string; nr: string; sapNr: string }) =>
  locationName(l, locationWords(t));
