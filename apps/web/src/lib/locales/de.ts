/** The German texts of the screens (see de-start.ts); loaded alongside the first screen's code. */
import { admin } from '@pruefbuch/domain/locales/de/admin';
import { auth } from '@pruefbuch/domain/locales/de/auth';
import { books } from '@pruefbuch/domain/locales/de/books';
import { capacity } from '@pruefbuch/domain/locales/de/capacity';
import { checklists } from '@pruefbuch/domain/locales/de/checklists';
import { costlist } from '@pruefbuch/domain/locales/de/costlist';
import { customerlocations } from '@pruefbuch/domain/locales/de/customerlocations';
import { defectreports } from '@pruefbuch/domain/locales/de/defectreports';
import { exports } from '@pruefbuch/domain/locales/de/exports';
import { home } from '@pruefbuch/domain/locales/de/home';
import { inspections } from '@pruefbuch/domain/locales/de/inspections';
import { jobs } from '@pruefbuch/domain/locales/de/jobs';
import { legal } from '@pruefbuch/domain/locales/de/legal';
import { lists } from '@pruefbuch/domain/locales/de/lists';
import { lookups } from '@pruefbuch/domain/locales/de/lookups';
import { offerevaluation } from '@pruefbuch/domain/locales/de/offerevaluation';
import { offers } from '@pruefbuch/domain/locales/de/offers';
import { offline } from '@pruefbuch/domain/locales/de/offline';
import { opevaluation } from '@pruefbuch/domain/locales/de/opevaluation';
import { orders } from '@pruefbuch/domain/locales/de/orders';
import { pdf } from '@pruefbuch/domain/locales/de/pdf';
import { protocol } from '@pruefbuch/domain/locales/de/protocol';
import { qr } from '@pruefbuch/domain/locales/de/qr';
import { retention } from '@pruefbuch/domain/locales/de/retention';
import { seals } from '@pruefbuch/domain/locales/de/seals';
import { tenants } from '@pruefbuch/domain/locales/de/tenants';
import { ui } from '@pruefbuch/domain/locales/de/ui';
import { users } from '@pruefbuch/domain/locales/de/users';

export const translation = {
  auth,
  users,
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
  tenants,
  ui,
};
