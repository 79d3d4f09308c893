// The one i18next instance. Initialised synchronously at import so that every `*.messages.ts`
// module can register its bundle the moment it is loaded (features are lazy, so are their texts).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export type Language = 'en' | 'zh';
export const LANGUAGE_KEY = 'language';

/** Saved choice first, else the browser language (zh* → zh), like the official console. */
export function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {}
  const nav = typeof navigator !== 'undefined' ? navigator.language : 'en';
  return /^zh/i.test(nav) ? 'zh' : 'en';
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'zh'],
  defaultNS: 'common',
  ns: ['common'],
  resources: {},
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});
