import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { i18n, LANGUAGE_KEY, type Language } from './i18n';

export type { Language } from './i18n';

function applyToPage(lang: Language): void {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export function setLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {}
  applyToPage(lang);
  void i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return i18n.language === 'zh' ? 'zh' : 'en';
}

/** Applies the start-up language (saved, else the browser's) to dayjs and <html lang>. */
export function applySavedLanguage(): void {
  applyToPage(currentLanguage());
}

/** Re-renders on language change. */
export function useLanguage(): Language {
  const { i18n: inst } = useTranslation();
  return inst.language === 'zh' ? 'zh' : 'en';
}
