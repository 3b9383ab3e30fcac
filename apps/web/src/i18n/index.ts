import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { KEYS, localStore } from '../platform/storage';
import { zhCN, type Resource } from './zh-CN';

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
  resources: { 'zh-CN': { translation: zhCN } },
  lng: initialLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/**
 * Chinese ships with the first screen; English (the other ~half of the strings) is its own chunk,
 * fetched only when it is the language in use. `loadLanguage` resolves once the language's strings
 * are in place.
 */
const extra: Record<Exclude<Language, 'zh-CN'>, () => Promise<Resource>> = { en: () => import('./en').then((m) => m.en) };
// Tracked here, not by i18n.hasResourceBundle: a feature's own strings (chat.en, …) add an English
// bundle of their own, which must not stop the base strings from loading.
const loaded = new Set<Language>(['zh-CN']);
export async function loadLanguage(lng: Language): Promise<void> {
  if (lng === 'zh-CN' || loaded.has(lng)) return;
  i18n.addResourceBundle(lng, 'translation', await extra[lng](), true, true);
  loaded.add(lng);
}

/** Resolves when the remembered language's strings are loaded (main.tsx renders after it). */
export const i18nReady: Promise<void> = (async () => {
  const lng = currentLanguage();
  if (lng === 'zh-CN') return;
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
})();

const syncHtmlLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

export function setLanguage(lng: Language): void {
  localStore().setItem(KEYS.lang, lng);
  void loadLanguage(lng).then(() => i18n.changeLanguage(lng));
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh-CN';
}
