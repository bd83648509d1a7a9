// The languages the shop speaks to shoppers: English (the default) and Kiswahili. The back office
// stays in English. A shopper's choice is kept in a cookie and, once signed in, on the profile, so
// mails and SMS follow it.

export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The locale numbers, money and dates are formatted for in each language. */
export const LOCALES: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
