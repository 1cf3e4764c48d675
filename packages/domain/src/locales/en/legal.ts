import type { legal as de } from '../de/legal';

export const legal: typeof de = {
  updated: 'As of: {{date}}',
  privacy: {
    title: 'Privacy policy',
    intro:
      'We take the protection of your personal data seriously. This policy describes which data Prüfbuch processes, for what purpose and for how long.',
    sections: [
      {
        heading: 'Controller',
        body: 'The controller is the service company operating this Prüfbuch installation. You find its contact details in the imprint.',
      },
      {
        heading: 'Data we process',
        body: 'User accounts (name, email, phone number, role, short code), data of the installations and sites looked after, inspections, maintenance, expert reports and uploaded documents, and technical logs of sign-ins.',
      },
      {
        heading: 'Purpose and legal basis',
        body: 'The data serve to keep the inspection books required by law and contract (Art. 6(1)(b) and (c) GDPR) and to keep the application secure (Art. 6(1)(f) GDPR).',
      },
      {
        heading: 'Storage in the browser',
        body: 'To keep you signed in, the application stores access keys, your session data, the selected tenant and the language in your browser’s local storage. No cookies are set for advertising or analytics. Signing out deletes the access keys.',
      },
      {
        heading: 'Retention',
        body: 'Inspection book data are kept as long as the retention duties for the installations require. User accounts are deleted when they are no longer needed.',
      },
      {
        heading: 'Your rights',
        body: 'You have the right of access, rectification, erasure, restriction of processing, data portability and objection, and the right to lodge a complaint with a data protection supervisory authority.',
      },
    ],
  },
  imprint: {
    title: 'Imprint',
    intro: 'Information according to § 5 of the German Digital Services Act (DDG).',
    sections: [
      {
        heading: 'Provider',
        body: 'Prüfbuch is operated by the respective service company for automatic doors and smoke and heat extraction systems. Name, address and legal representatives of the operator are entered here during set-up.',
      },
      {
        heading: 'Contact',
        body: 'For questions about your inspection books, please contact your contact person at the service company.',
      },
      {
        heading: 'Liability for content',
        body: 'The contents of the inspection books are prepared carefully by the inspectors. We accept no liability for the correctness of data that customers enter themselves.',
      },
      {
        heading: 'Liability for links',
        body: 'The operators of linked external pages are solely responsible for their contents.',
      },
    ],
  },
};
