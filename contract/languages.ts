// The languages the shop speaks to shoppers: English (the default) and Kiswahili. The back office
// stays in English. A shopper's choice is kept in a cookie and, once signed in, on the profile, so
// mails and SMS follow it.

export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The locale numbers, money and dates are formatted for in each language. */
export const LOCALES: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

/** Whole shillings as a shopper reads them in `language` (mails and SMS): "KSH 1,250", the same in both. */
export const formatWholeKsh = (amount: number, language: Language) =>
  `KSH ${amount.toLocaleString(LOCALES[language])}`;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The cookie that keeps a visitor's choice; the server renders pages in it. */
export const LANGUAGE_COOKIE = 'sokoni.lang';

/**
 * Every key of a message catalogue as a dotted path, plural forms (`items_one`, `items_other`) under
 * their base key: what the catalogue tests compare between languages.
 */
export function catalogueKeys(node: Record<string, unknown>, prefix = ''): string[] {
  const keys = Object.entries(node).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? catalogueKeys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
  return [...new Set(keys)].sort();
}
