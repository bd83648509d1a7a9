import { createInstance, type i18n as I18n, type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  LOCALES,
  type Language,
} from '@contract/languages';
import type en from '@/locales/en';

/*
 * The storefront's languages (docs/architecture.md, Languages). The texts are i18next catalogues in
 * src/locales/<language>/<namespace>.json, one chunk per language: a page downloads only the chosen
 * language's. The choice travels in a cookie, so the server renders the first HTML in it and sets
 * `<html lang>`, which is where the browser reads it back at start (`documentLanguage`).
 */

export type Catalogue = typeof en;

const loaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import('@/locales/en'),
  sw: () => import('@/locales/sw'),
};

/** The catalogue of `language` (its own chunk). */
export const loadCatalogue = async (language: Language): Promise<Catalogue> =>
  (await loaders[language]()).default;

/** An i18next instance speaking `language` from `catalogue`, ready at once (no asynchronous step). */
export function createI18n(language: Language, catalogue: Catalogue): I18n {
  const instance = createInstance({
    lng: language,
    resources: { [language]: catalogue },
    ns: Object.keys(catalogue),
    defaultNS: 'common',
    // Every key exists in both languages (src/locales/catalogues.test.ts): nothing to fall back to.
    fallbackLng: false,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  void instance.use(initReactI18next).init();
  return instance;
}

let current: I18n | undefined;

/** The browser's instance (made by `startI18n`, or by the test set-up). */
export function browserI18n(): I18n {
  if (!current) throw new Error('i18n is not started: call startI18n() first');
  return current;
}

/** Makes the browser's instance in `language` once its catalogue has loaded. */
export async function startI18n(language: Language): Promise<I18n> {
  current = createI18n(language, await loadCatalogue(language));
  return current;
}

/** For tests: the browser's instance, made from a catalogue at hand. */
export const adoptCatalogue = (language: Language, catalogue: Catalogue) =>
  (current = createI18n(language, catalogue));

let english: Promise<I18n> | undefined;

/**
 * An instance in English whatever the shown language: the back office stays in English, shared
 * components included. The shown one when that is English; else made once from the English chunk.
 */
export function englishI18n(): I18n | Promise<I18n> {
  if (current?.language === DEFAULT_LANGUAGE) return current;
  return (english ??= loadCatalogue(DEFAULT_LANGUAGE).then((c) => createI18n(DEFAULT_LANGUAGE, c)));
}

/** The language being shown. */
export const currentLanguage = (): Language => {
  const language = current?.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
};

/** A text outside React (a toast raised by a mutation, a fallback error text), in the shown language. */
export const translate = (key: string, options?: TOptions): string =>
  current ? (current.t as LooseT)(key, options) : key;

/** `t` for a key made at run time (the catalogue test and the typed calls guard the rest). */
type LooseT = (key: string, options?: TOptions) => string;

/**
 * A page's title in the shown language: the routes name their titles in English (`staticData.title`),
 * and the `titles` namespace has the shopper pages' titles by those English names (the back office's
 * stay English).
 */
export const translateTitle = (t: I18n['t'], title: string): string =>
  (t as LooseT)(title, { ns: 'titles', keySeparator: false, nsSeparator: false, defaultValue: title });

/** The language chosen on this device (the cookie), or null when none was. */
export function chosenLanguage(): Language | null {
  const value = document.cookie.split('; ').find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
  const language = value?.slice(LANGUAGE_COOKIE.length + 1);
  return isLanguage(language) ? language : null;
}

/**
 * The language to start in: the one the server rendered the page in (`<html lang="sw-KE">`, from the
 * same cookie), else the cookie's (the mock build has no server to read it), else English.
 */
export function documentLanguage(): Language {
  const lang = document.documentElement.lang;
  const rendered = LANGUAGES.find((l) => LOCALES[l] === lang && l !== DEFAULT_LANGUAGE);
  return rendered ?? chosenLanguage() ?? DEFAULT_LANGUAGE;
}

/** Shows the shop in `language`: loads its catalogue, keeps the choice in the cookie for a year. */
export async function switchLanguage(language: Language): Promise<void> {
  const instance = browserI18n();
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  document.documentElement.lang = LOCALES[language];
  if (!instance.hasResourceBundle(language, 'common')) {
    const catalogue = await loadCatalogue(language);
    for (const [ns, texts] of Object.entries(catalogue)) instance.addResourceBundle(language, ns, texts);
  }
  await instance.changeLanguage(language);
}
