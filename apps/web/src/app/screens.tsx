/** Which component renders which screen of the domain's screen table. Screens not listed are not built yet. */
import type { ScreenName } from '@pruefbuch/domain/access';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { i18n, loadScreenTexts } from '@/lib/i18n';

/** A screen's component, whose code can be asked for before it renders (app/preload.ts). */
type Page = LazyExoticComponent<ComponentType> & {
  /** Asks for the code; settles when it is there or has failed (never rejects). */
  preload: () => Promise<void>;
  loaded: () => ComponentType | undefined;
};

/** SPEC §9: loading a screen's parts gives up after 120 seconds; the screen's error boundary offers a reload. */
export const SCREEN_LOAD_TIMEOUT_MS = 120_000;

export function withLoadTimeout<T>(loading: Promise<T>, ms = SCREEN_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(i18n.t('errors.NETWORK'))), ms);
  });
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Every screen is a chunk of its own; it renders once its code and the screens' texts are there. Both are
 * asked for once, by whichever comes first: the preload or the first render. A failed load may be tried again.
 * `loaded` is the component once they are there: rendered as it is, it shows at once, where the lazy one
 * would first show the loader for a moment.
 */
const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Page => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const start = () => {
    if (!loading) {
      loading = withLoadTimeout(Promise.all([load(), loadScreenTexts()])).then(([module]) => {
        loaded = module[name] as ComponentType;
        return { default: loaded };
      });
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
  // A preload settles either way: a failed one is tried again when the screen renders, and shows its error there.
  const preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(lazy(start), { preload, loaded: () => loaded });
};

export const SCREEN_PAGES: Partial<Record<ScreenName, Page>> = {
  login: page(() => import('@/features/auth/pages/login-page'), 'LoginPage'),
  validate2fa: page(() => import('@/features/auth/pages/validate-2fa-page'), 'Validate2faPage'),
  disable2fa: page(() => import('@/features/auth/pages/disable-2fa-page'), 'Disable2faPage'),
  confirmation: page(() => import('@/features/auth/pages/confirmation-page'), 'ConfirmationPage'),
  passwordreset: page(() => import('@/features/auth/pages/password-reset-page'), 'PasswordResetPage'),
  passwordresetfinish: page(
    () => import('@/features/auth/pages/password-reset-finish-page'),
    'PasswordResetFinishPage',
  ),
  home: page(() => import('@/features/home/pages/home-page'), 'HomePage'),
  privacy: page(() => import('@/features/legal/pages/privacy-page'), 'PrivacyPage'),
  imprint: page(() => import('@/features/legal/pages/imprint-page'), 'ImprintPage'),
  register: page(() => import('@/features/users/pages/register-page'), 'RegisterPage'),
  settings: page(() => import('@/features/users/pages/settings-page'), 'SettingsPage'),
  changepassword: page(() => import('@/features/users/pages/change-password-page'), 'ChangePasswordPage'),
  useradministration_list: page(() => import('@/features/users/pages/user-list-page'), 'UserListPage'),
  useradministration: page(() => import('@/features/users/pages/user-edit-page'), 'UserEditPage'),
  admin_dashboard: page(() => import('@/features/admin/pages/dashboard-page'), 'DashboardPage'),
  retired_books: page(() => import('@/features/retention/pages/retired-page'), 'RetiredPage'),
  booktype_list: page(() => import('@/features/booktypes/pages/booktype-list-page'), 'BookTypeListPage'),
  booktype: page(() => import('@/features/booktypes/pages/booktype-edit-page'), 'BookTypeEditPage'),
  component_list: page(() => import('@/features/components/pages/component-list-page'), 'ComponentListPage'),
  tenant_list: page(() => import('@/features/tenants/pages/tenant-list-page'), 'TenantListPage'),
  tenantStart: page(() => import('@/features/books/pages/tenant-start-page'), 'TenantStartPage'),
  book_new: page(() => import('@/features/books/pages/book-new-page'), 'BookNewPage'),
  book_edit: page(() => import('@/features/books/pages/book-edit-page'), 'BookEditPage'),
  book_list: page(() => import('@/features/books/pages/book-page'), 'BookPage'),
  tenant: page(() => import('@/features/tenants/pages/tenant-edit-page'), 'TenantEditPage'),
  qrcode: page(() => import('@/features/qr/pages/qrcode-page'), 'QrcodePage'),
  qrcode_scan: page(() => import('@/features/qr/pages/qrcode-scan-page'), 'QrcodeScanPage'),
  qr_public: page(() => import('@/features/qr/pages/qr-public-page'), 'QrPublicPage'),
  list_allmyinspections: page(() => import('@/features/lists/pages/my-inspections-page'), 'MyInspectionsPage'),
  list_allinspectionsinprogress: page(
    () => import('@/features/lists/pages/inspections-in-progress-page'),
    'InspectionsInProgressPage',
  ),
  customerlocation_list: page(
    () => import('@/features/customerlocations/pages/location-list-page'),
    'LocationListPage',
  ),
  customer_location: page(() => import('@/features/customerlocations/pages/location-edit-page'), 'LocationEditPage'),
  statistik_gutachten: page(() => import('@/features/lists/pages/gutachten-stats-page'), 'GutachtenStatsPage'),
  inspection: page(() => import('@/features/inspections/pages/inspection-page'), 'InspectionPage'),
  selfinspection: page(() => import('@/features/inspections/pages/inspection-page'), 'SelfInspectionPage'),
  inspection_wartung: page(() => import('@/features/inspections/pages/inspection-page'), 'WartungPage'),
  inspection_pruefgutachten: page(() => import('@/features/inspections/pages/inspection-page'), 'GutachtenPage'),
  offline_book: page(() => import('@/features/offline/pages/offline-book-page'), 'OfflineBookPage'),
  offline_record: page(() => import('@/features/offline/pages/offline-record-page'), 'OfflineRecordPage'),
  defectreport_list: page(
    () => import('@/features/defectreports/pages/defect-report-list-page'),
    'DefectReportListPage',
  ),
  offerevaluation: page(() => import('@/features/offerevaluation/pages/offer-evaluation-page'), 'OfferEvaluationPage'),
  inspection_pruefgutachten_upload_existing: page(
    () => import('@/features/inspections/pages/upload-report-page'),
    'UploadReportPage',
  ),
  opevaluation: page(() => import('@/features/opevaluation/pages/op-evaluation-page'), 'OpEvaluationPage'),
  offer_list: page(() => import('@/features/offers/pages/offer-list-page'), 'OfferListPage'),
  offer: page(() => import('@/features/offers/pages/offer-edit-page'), 'OfferEditPage'),
  list_orderprocessing: page(() => import('@/features/orders/pages/order-list-page'), 'OrderListPage'),
  orderprocessing: page(() => import('@/features/orders/pages/order-edit-page'), 'OrderEditPage'),
  costlist: page(() => import('@/features/costlist/pages/costlist-page'), 'CostListPage'),
  capacities: page(() => import('@/features/capacity/pages/capacity-page'), 'CapacityPage'),
};
