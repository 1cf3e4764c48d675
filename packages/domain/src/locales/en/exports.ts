import type { exports as de } from '../de/exports';

/** The inspection file as a ZIP: the actions, the progress dialog, the mail and the manifest (decision 058). */
export const exports: typeof de = {
  actions: {
    book: 'Export inspection file',
    branch: 'Export the branch’s inspection file',
    customer: 'Export the customer’s inspection file',
  },
  dialog: {
    title: 'Inspection file',
    preparing: 'The inspection file is being put together …',
    direct: 'The inspection file is being downloaded ({{books}} book(s), {{records}} records).',
    background:
      'The inspection file is large ({{books}} book(s), {{records}} records) and is built in the background. You may leave the page: the link is also sent to you by mail.',
    progress: '{{done}} of {{total}} books',
    queued: 'Waiting to start …',
    done: 'The inspection file is ready ({{size}}).',
    download: 'Download',
    expires: 'The link works until {{date}} and was also sent to you by mail.',
    failed: 'The inspection file could not be built. Please try again.',
    expired: 'The link has expired. Please export the inspection file again.',
    close: 'Close',
  },
  status: {
    queued: 'waiting',
    running: 'being built',
    done: 'ready',
    failed: 'failed',
    expired: 'expired',
  },
  mail: {
    subject: 'Prüfbuch: inspection file “{{label}}” is ready',
    body: 'the inspection file “{{label}}” you asked for ({{books}} book(s), {{size}}) is ready for download. The link works until {{date}}:\n\n{{link}}\n\nThe file manifest.txt in the ZIP names every file with its SHA-256 checksum.',
  },
  file: {
    name: 'Inspection-file',
    book: 'Inspection-book',
    records: 'Records',
    documents: 'Documents',
    customer: 'Customer {{customer}}',
  },
  manifest: {
    title: 'Inspection file – contents',
    exportedAt: 'Exported at',
    exportedBy: 'Exported by',
    tenant: 'Tenant',
    scope: 'Scope',
    books: 'Books',
    chainHead: 'Chain head',
    noChain: 'none',
    recordCount: '{{count}} records',
    files: 'Files (SHA-256 and path; manifest.json gives their sizes)',
    check: 'Check: sha256sum -c manifest.txt (lines without a checksum are skipped).',
  },
};
