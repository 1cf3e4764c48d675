/** All English texts (see de-start.ts); loaded before the first render when English is the stored choice, else on switching. */
import { admin } from '@pruefbuch/domain/locales/en/admin';
import { auth } from '@pruefbuch/domain/locales/en/auth';
import { books } from '@pruefbuch/domain/locales/en/books';
import { capacity } from '@pruefbuch/domain/locales/en/capacity';
import { checklists } from '@pruefbuch/domain/locales/en/checklists';
import { common } from '@pruefbuch/domain/locales/en/common';
import { costlist } from '@pruefbuch/domain/locales/en/costlist';
import { customerlocations } from '@pruefbuch/domain/locales/en/customerlocations';
import { defectreports } from '@pruefbuch/domain/locales/en/defectreports';
import { errors } from '@pruefbuch/domain/locales/en/errors';
import { exports } from '@pruefbuch/domain/locales/en/exports';
import { home } from '@pruefbuch/domain/locales/en/home';
import { inspections } from '@pruefbuch/domain/locales/en/inspections';
import { jobs } from '@pruefbuch/domain/locales/en/jobs';
import { legal } from '@pruefbuch/domain/locales/en/legal';
import { lists } from '@pruefbuch/domain/locales/en/lists';
import { lookups } from '@pruefbuch/domain/locales/en/lookups';
import { offerevaluation } from '@pruefbuch/domain/locales/en/offerevaluation';
import { offers } from '@pruefbuch/domain/locales/en/offers';
import { offline } from '@pruefbuch/domain/locales/en/offline';
import { opevaluation } from '@pruefbuch/domain/locales/en/opevaluation';
import { orders } from '@pruefbuch/domain/locales/en/orders';
import { pdf } from '@pruefbuch/domain/locales/en/pdf';
import { protocol } from '@pruefbuch/domain/locales/en/protocol';
import { qr } from '@pruefbuch/domain/locales/en/qr';
import { retention } from '@pruefbuch/domain/locales/en/retention';
import { screens } from '@pruefbuch/domain/locales/en/screens';
import { seals } from '@pruefbuch/domain/locales/en/seals';
import { tenants } from '@pruefbuch/domain/locales/en/tenants';
import { ui } from '@pruefbuch/domain/locales/en/ui';
import { users } from '@pruefbuch/domain/locales/en/users';
import { validation } from '@pruefbuch/domain/locales/en/validation';

export const translation = {
  errors,
  screens,
  validation,
  common,
  auth,
  users,
  tenants,
  lookups,
  admin,
  jobs,
  home,
  legal,
  books,
  checklists,
  inspections,
  qr,
  retention,
  seals,
  lists,
  pdf,
  protocol,
  customerlocations,
  defectreports,
  offers,
  offline,
  offerevaluation,
  opevaluation,
  orders,
  costlist,
  capacity,
  exports,
  ui,
};
