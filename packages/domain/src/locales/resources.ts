/** All translations, per language and namespace; the web app and the server's mails and PDFs read them. */
import { admin as deAdmin } from './de/admin';
import { auth as deAuth } from './de/auth';
import { books as deBooks } from './de/books';
import { capacity as deCapacity } from './de/capacity';
import { checklists as deChecklists } from './de/checklists';
import { common as deCommon } from './de/common';
import { costlist as deCostlist } from './de/costlist';
import { customerlocations as deCustomerlocations } from './de/customerlocations';
import { defectreports as deDefectreports } from './de/defectreports';
import { errors as deErrors } from './de/errors';
import { exports as deExports } from './de/exports';
import { home as deHome } from './de/home';
import { inspections as deInspections } from './de/inspections';
import { jobs as deJobs } from './de/jobs';
import { legal as deLegal } from './de/legal';
import { lists as deLists } from './de/lists';
import { lookups as deLookups } from './de/lookups';
import { offerevaluation as deOfferevaluation } from './de/offerevaluation';
import { offers as deOffers } from './de/offers';
import { offline as deOffline } from './de/offline';
import { opevaluation as deOpevaluation } from './de/opevaluation';
import { orders as deOrders } from './de/orders';
import { pdf as dePdf } from './de/pdf';
import { protocol as deProtocol } from './de/protocol';
import { qr as deQr } from './de/qr';
import { retention as deRetention } from './de/retention';
import { screens as deScreens } from './de/screens';
import { seals as deSeals } from './de/seals';
import { tenants as deTenants } from './de/tenants';
import { ui as deUi } from './de/ui';
import { users as deUsers } from './de/users';
import { validation as deValidation } from './de/validation';
import { admin as enAdmin } from './en/admin';
import { auth as enAuth } from './en/auth';
import { books as enBooks } from './en/books';
import { capacity as enCapacity } from './en/capacity';
import { checklists as enChecklists } from './en/checklists';
import { common as enCommon } from './en/common';
import { costlist as enCostlist } from './en/costlist';
import { customerlocations as enCustomerlocations } from './en/customerlocations';
import { defectreports as enDefectreports } from './en/defectreports';
import { errors as enErrors } from './en/errors';
import { exports as enExports } from './en/exports';
import { home as enHome } from './en/home';
import { inspections as enInspections } from './en/inspections';
import { jobs as enJobs } from './en/jobs';
import { legal as enLegal } from './en/legal';
import { lists as enLists } from './en/lists';
import { lookups as enLookups } from './en/lookups';
import { offerevaluation as enOfferevaluation } from './en/offerevaluation';
import { offers as enOffers } from './en/offers';
import { offline as enOffline } from './en/offline';
import { opevaluation as enOpevaluation } from './en/opevaluation';
import { orders as enOrders } from './en/orders';
import { pdf as enPdf } from './en/pdf';
import { protocol as enProtocol } from './en/protocol';
import { qr as enQr } from './en/qr';
import { retention as enRetention } from './en/retention';
import { screens as enScreens } from './en/screens';
import { seals as enSeals } from './en/seals';
import { tenants as enTenants } from './en/tenants';
import { ui as enUi } from './en/ui';
import { users as enUsers } from './en/users';
import { validation as enValidation } from './en/validation';

export const resources = {
  de: {
    translation: {
      errors: deErrors,
      screens: deScreens,
      validation: deValidation,
      common: deCommon,
      auth: deAuth,
      users: deUsers,
      tenants: deTenants,
      lookups: deLookups,
      admin: deAdmin,
      jobs: deJobs,
      home: deHome,
      legal: deLegal,
      books: deBooks,
      checklists: deChecklists,
      inspections: deInspections,
      qr: deQr,
      retention: deRetention,
      seals: deSeals,
      lists: deLists,
      pdf: dePdf,
      protocol: deProtocol,
      customerlocations: deCustomerlocations,
      defectreports: deDefectreports,
      offers: deOffers,
      offline: deOffline,
      offerevaluation: deOfferevaluation,
      opevaluation: deOpevaluation,
      orders: deOrders,
      costlist: deCostlist,
      capacity: deCapacity,
      exports: deExports,
      ui: deUi,
    },
  },
  en: {
    translation: {
      errors: enErrors,
      screens: enScreens,
      validation: enValidation,
      common: enCommon,
      auth: enAuth,
      users: enUsers,
      tenants: enTenants,
      lookups: enLookups,
      admin: enAdmin,
      jobs: enJobs,
      home: enHome,
      legal: enLegal,
      books: enBooks,
      checklists: enChecklists,
      inspections: enInspections,
      qr: enQr,
      retention: enRetention,
      seals: enSeals,
      lists: enLists,
      pdf: enPdf,
      protocol: enProtocol,
      customerlocations: enCustomerlocations,
      defectreports: enDefectreports,
      offers: enOffers,
      offline: enOffline,
      offerevaluation: enOfferevaluation,
      opevaluation: enOpevaluation,
      orders: enOrders,
      costlist: enCostlist,
      capacity: enCapacity,
      exports: enExports,
      ui: enUi,
    },
  },
} as const;
export type Language = keyof typeof resources;

/** Looks a dotted key up in one language; used by the server for error texts and mails. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = resources[lang].translation;
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return lang === 'en' ? key : translate('en', key, params);
  return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
}
