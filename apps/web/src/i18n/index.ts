import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { KEYS, localStore } from '../platform/storage';
import { en } from './en';
import { zhCN } from './zh-CN';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

/** Chinese is the default (the spec's UI language); a user's choice is remembered on the device. */
function initialLanguage(): Language {
  const saved = localStore().getItem(KEYS.lang);
  return isLanguage(saved) ? saved : 'zh-CN';
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: initialLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const syncHtmlLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

export function setLanguage(lng: Language): void {
  localStore().setItem(KEYS.lang, lng);
  void i18n.changeLanguage(lng);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh-CN';
}
