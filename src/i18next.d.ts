import 'i18next';
import type en from './locales/en';

// Keys are checked at compile time against the English catalogue (src/locales/en).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}
