import { createInstance } from 'i18next';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
} from '../../contract/languages';
import { SMS_CATALOGUES } from '../../contract/order-sms';
import enMail from '../locales/en/mail.json';
import swMail from '../locales/sw/mail.json';

// What the server writes to people in their language (mails and SMS): one
// i18next instance over the catalogues in server/locales/<language>/<namespace>.json (the SMS's are
// in contract/locales, which the mocks share; contract/order-sms.ts writes them). Every key exists
// in both languages (server/lib/i18n.test.ts); a missing one would fall back to English.

export const SERVER_CATALOGUES = {
  en: { mail: enMail, sms: SMS_CATALOGUES.en },
  sw: { mail: swMail, sms: SMS_CATALOGUES.sw },
} satisfies Record<Language, Record<string, Record<string, unknown>>>;

export type ServerNamespace = keyof (typeof SERVER_CATALOGUES)['en'];

const i18n = createInstance();
void i18n.init({
  resources: SERVER_CATALOGUES,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  // Texts here go into SMS and into templates that escape for themselves.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * A text of a server catalogue with its values filled in. Keys are plain strings here (the storefront's
 * catalogues are the ones TypeScript knows, src/i18next.d.ts); the catalogue test checks the server's.
 */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The texts of one namespace in `language`. */
export const translator = (language: Language, ns: ServerNamespace): Translate =>
  i18n.getFixedT(language, ns as never) as unknown as Translate;

/**
 * The language of the page a request comes from: the visitor's choice (the `sokoni.lang` cookie the
 * storefront sets), else English. Pages are rendered in it, and a sign-in code is mailed in it.
 */
export function requestLanguage(c: Context): Language {
  const chosen = getCookie(c, LANGUAGE_COOKIE);
  return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
}
