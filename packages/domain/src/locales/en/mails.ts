import type { mails as de } from '../de/mails';

export const mails: typeof de = {
  greeting: 'Hello {{name}},',
  signature: 'Your Prüfbuch team',
  confirmation: {
    subject: 'Prüfbuch: activate your account',
    body: 'an account has been created for you in Prüfbuch. Please activate it with this link:\n\n{{link}}',
  },
  reset: {
    subject: 'Prüfbuch: reset your password',
    body: 'You asked for a new password. The link is valid for {{hours}} hour(s):\n\n{{link}}\n\nIf this was not you, ignore this email.',
  },
  disable2fa: {
    subject: 'Prüfbuch: disable two-factor sign-in',
    body: 'this link disables two-factor sign-in for your account. It is valid for {{hours}} hour(s):\n\n{{link}}\n\nIf you did not ask for this, please change your password.',
  },
  locked: {
    subject: 'Prüfbuch: sign-in temporarily locked',
    body: 'after many failed sign-in attempts, signing in to your account is temporarily locked, for {{minutes}} minute(s) at first; further failures make the lock longer. Your password has not changed.\n\nIf this was not you, someone may be trying to guess your password. Then set a new one with this link; that lifts the lock at once:\n\n{{link}}\n\nYour administrator can lift the lock as well.',
  },
  defectReport: {
    subject: 'Prüfbuch: defect reported for {{title}}',
    body: 'a defect has been reported through the QR code of the installation.\n\nInstallation: {{title}}\nObject: {{object}}\nSite: {{site}}\nManufacturer no.: {{manufacturerNo}}\n\nReport:\n{{text}}\n\nReported by: {{name}}\nContact: {{contact}}\n\nOpen the book: {{link}}',
  },
  qualificationReminder: {
    subject: 'Prüfbuch: your qualification "{{qualification}}" expires on {{date}}',
    body: 'your qualification "{{qualification}}" (no. {{number}}, {{issuer}}) is valid until {{date}}, that is {{days}} more day(s).\n\nAfter that you may no longer sign and finalize inspections, maintenance and expert reports of books that need this qualification. Please see to its renewal and give the new proof to your administration.\n\nYour qualifications: {{link}}',
  },
  digest: {
    subject: 'Prüfbuch: {{count}} installation(s) due soon or overdue',
    intro: 'since the last summary{{since}} these installations have got worse:',
    since: ' of {{date}}',
    inspection: 'Inspection',
    selfInspection: 'Self-inspection',
    due: 'due on {{date}}',
    ampel: { orange: 'due soon', red: 'overdue', black: 'out of service or long overdue' },
    location: 'Branch',
    open: 'Open',
    footer:
      'You get this summary weekly, only when something got worse. You can unsubscribe in your settings: {{link}}',
    footerTenant: 'This summary goes weekly to the notification address of the tenant {{tenant}}.',
  },
};
