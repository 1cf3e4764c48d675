/**
 * The German texts of the first load: the app shell, titles, error and validation messages. The screens' texts
 * (de.ts) load with the first screen, English (en.ts) when chosen. A test keeps de-start + de + en equal to
 * @pruefbuch/domain/locales/resources and checks that the shell only names keys from here.
 */
import { common } from '@pruefbuch/domain/locales/de/common';
import { errors } from '@pruefbuch/domain/locales/de/errors';
import { screens } from '@pruefbuch/domain/locales/de/screens';
import { validation } from '@pruefbuch/domain/locales/de/validation';

export const translation = {
  errors,
  screens,
  validation,
  common,
};
