import type { defectreports as de } from '../de/defectreports';

/** Defects reported on the public page of a QR code (decision 021). */
export const defectreports: typeof de = {
  title: 'Reported defects',
  intro:
    'What users and operators reported through the QR code at the installations. Closed reports say who closed them and when.',
  noTenant: 'Please choose a tenant at the top.',
  searchPlaceholder: 'Report, reporter or installation',
  total: {
    open: '{{count}} open',
    done: '{{count}} closed',
    all: '{{count}} reports',
  },
  filter: { label: 'Which reports', open: 'Open', done: 'Closed', all: 'All' },
  empty: {
    open: 'No open defect reports.',
    done: 'No closed defect reports yet.',
    all: 'No defect reports yet.',
  },
  fields: {
    createdAt: 'Reported',
    book: 'Installation',
    text: 'Report',
    reporter: 'Reported by',
    status: 'Status',
    note: 'What was done?',
  },
  status: { open: 'Open', done: 'Closed' },
  noteLine: 'Done: {{note}}',
  anonymous: 'no name given',
  close: 'Close',
  confirmClose: 'Save as closed',
  closeTitle: 'Close defect report: {{title}}',
  noteHint: 'Kept with the report, with your name and the time.',
  closed: 'The defect report is closed.',
  book: {
    title: 'Open defect reports ({{count}})',
    all: 'All defect reports',
    reportedAt: 'Reported on {{date}} through the QR code',
  },
};
