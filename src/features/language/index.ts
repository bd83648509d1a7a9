export { LanguageSwitch } from './components/language-switch';
export { LanguageSync } from './components/language-sync';
export { useLanguage } from './hooks/use-language';
export { InEnglish } from './components/in-english';
