import type { NavEntry } from '@pruefbuch/domain/access';
import {
  type Icon,
  IconBuildingStore,
  IconCalendarStats,
  IconChartBar,
  IconChartPie,
  IconClipboardCheck,
  IconCurrencyEuro,
  IconFileDescription,
  IconListDetails,
  IconMessageReport,
  IconQrcode,
  IconTruckDelivery,
} from '@tabler/icons-react';

/** One icon per navigation entry, shared by the nav bar and the start-page tiles. */
export const NAV_ICONS: Record<NavEntry, Icon> = {
  nearbyLists: IconListDetails,
  myInspections: IconClipboardCheck,
  orderProcessing: IconTruckDelivery,
  evaluation: IconChartBar,
  branches: IconBuildingStore,
  qrCode: IconQrcode,
  costList: IconCurrencyEuro,
  capacityPlanning: IconCalendarStats,
  offers: IconFileDescription,
  offerEvaluation: IconChartPie,
  defectReports: IconMessageReport,
};
