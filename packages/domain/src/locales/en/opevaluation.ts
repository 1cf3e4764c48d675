import type { opevaluation as de } from '../de/opevaluation';

/** The operations evaluation: per month, table, chart and export. */
export const opevaluation: typeof de = {
  title: 'Order processing evaluation',
  description: 'Orders received, installed, accepted and billed per month in the chosen range',
  hint: 'Each figure counts in the month of its own date: received and sums by creation date, installed, accepted and billed by the day of that status, minutes of the orders installed in the month (only with calculated and booked minutes), late in the month of the planned week.',
  filters: {
    label: 'Range and department',
    from: 'From',
    to: 'To',
    department: 'Department',
    allDepartments: 'All departments',
    reset: 'Last 12 months',
  },
  columns: {
    month: 'Month',
    received: 'Received',
    installed: 'Installed',
    accepted: 'Accepted',
    billed: 'Billed',
    betragSum: 'Order amount',
    vergabepreisSum: 'Award price',
    calculatedMin: 'Calculated minutes',
    bookedMin: 'Booked minutes',
    minutesCnt: 'Orders with minutes',
    minutesDiff: 'Difference (min)',
    late: 'Late',
    installedNotBilled: 'Installed, not billed',
  },
  chart: {
    label: 'Chart: orders per month',
    minutesLabel: 'Chart: calculated and booked minutes per month',
  },
  total: 'Total',
  noTenant: 'Please choose a tenant first.',
  empty: 'There are no orders in the chosen range.',
  emptyHint: 'Please choose another range or department.',
  invalidRange: 'The end date is before the start date.',
  rangeTooLong: 'Please choose at most {{years}} years.',
  loadFailed: 'The evaluation could not be loaded.',
  retry: 'Try again',
};
