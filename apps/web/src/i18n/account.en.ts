import type { AccountResource } from './account.zh-CN';

/** English strings of the data export and changing the phone (keys mirror account.zh-CN). */
export const accountEn: AccountResource = {
  dataExport: {
    title: 'Download my data',
    entry: 'Download my data',
    lead: 'Under the Personal Information Protection Law you can get all the data the app keeps about you at any time.',
    includes: 'The archive contains:',
    items: ['Your and your family members’ profiles and health records', 'Indicators, report readings, medication and check-up reminders', 'Consultations, orders, feedback and messages', 'The pictures and PDF files you uploaded'],
    formats: 'index.html opens in any browser; fhir-bundle.json uses the HL7 FHIR R4 standard and can be imported by hospitals and health apps that support it.',
    safety: 'The files contain sensitive health information: keep them safe and do not send them to anyone you do not trust.',
    button: 'Export and download',
    working: 'Packing…',
    done: 'Download started',
    failed: 'Export failed, please try again later',
  },
  changePhone: {
    title: 'Change phone number',
    current: 'Current phone number',
    desc: 'After the change, log in with the new number. Your family members, health records and consultations stay as they are; logins on other devices end.',
    start: 'Change phone number',
    step: 'Step {{n}} of 3',
    verifyTitle: 'Verify your current number',
    verifySub: 'The code goes to {{phone}}',
    newTitle: 'Enter the new number',
    newSub: 'The new number must not have an account',
    codeTitle: 'Verify the new number',
    codeSub: 'The code was sent to {{phone}}',
    next: 'Next',
    submit: 'Change number',
    done: 'Phone number changed',
    sent: 'Code sent',
  },
};
