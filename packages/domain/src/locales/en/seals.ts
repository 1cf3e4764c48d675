import type { seals as de } from '../de/seals';

/** The check of a book's sealed records and stored PDFs (decision 057). */
export const seals: typeof de = {
  action: 'Verify',
  title: 'Verify integrity',
  intro:
    "Every record is sealed when it is finalized: its content and PDFs are hashed and chained to the book's previous record. The check recomputes all of it.",
  checking: 'Checking …',
  ok: 'Unchanged since finalized',
  okDetail_one: '{{count}} finalized record checked: it is as it was finalized.',
  okDetail_other: '{{count}} finalized records checked: all are as they were finalized.',
  pdfs_one: '{{count}} stored PDF recomputed byte by byte.',
  pdfs_other: '{{count}} stored PDFs recomputed byte by byte.',
  empty: 'This book has no finalized records yet.',
  problems_one: '{{count}} discrepancy found',
  problems_other: '{{count}} discrepancies found',
  problemsDetail:
    'These records were changed outside the application. Please tell the administrator: a backup from before the change holds the original state.',
  head: 'Chain head no. {{seq}}: ',
  checkedAt: 'Checked on {{date}}',
  again: 'Check again',
  record: '{{kind}} of {{date}}',
  recordGone: 'Record {{id}} (no longer there)',
  bookPdf: "The book's PDF",
  seq: 'No. {{seq}}',
  kind: {
    dataChanged: 'Data changed',
    chainBroken: 'Chain broken',
    pdfChanged: 'PDF changed',
    pdfMissing: 'PDF missing',
  },
  reason: {
    contentChanged: 'Its content differs from what was sealed.',
    unfinalized: 'It was finalized and is a draft again.',
    recordMissing: 'The sealed record was deleted.',
    notSealed: 'It is finalized but not sealed.',
    sequence: 'Its seal is out of place: a record before it is missing or was moved.',
    link: 'Its seal does not point at the record before it.',
    sealChanged: 'The seal itself was changed.',
    head: 'The chain head does not match the last seal: records at the end are missing.',
    pdfReplaced: 'Its PDFs are not those sealed when it was finalized.',
    fileChanged: 'The stored PDF file was changed.',
    fileMissing: 'The stored PDF file is missing.',
  },
};
