// Start-up (spec 001 §9): apply the saved theme and language, then log the console version.
import { applySavedTheme, setSyncOsTheme } from '../theme/themeStore';
import { applySavedLanguage } from '../i18n/language';

/** `refs/tags/v0.1.0` → 'v0.1.0'; anything else → undefined. */
export function parseVersion(text: string): string | undefined {
  return /refs\/tags\/(.+)/.exec(text)?.[1]?.trim();
}

export async function logVersion(): Promise<void> {
  try {
    // 'version' relative to the page, i.e. next to index.html (works under a sub-path).
    const res = await fetch(new URL('version', document.baseURI));
    if (!res.ok) return;
    const v = parseVersion(await res.text());
    if (v) console.info(`MQDeck console ${v}`);
  } catch {
    // The version is informational only.
  }
}

/**
 * A first visit (no theme chosen yet) follows the system: a browser in dark mode gets the dark theme instead of light.
 * Any choice made later (header or login page) is kept as it is.
 */
export function followSystemThemeOnFirstVisit(): void {
  try {
    if (localStorage.getItem('theme') === null && localStorage.getItem('syncOsTheme') === null) setSyncOsTheme(true);
  } catch {
    // no storage: the light default stays
  }
}

export function startup(): void {
  followSystemThemeOnFirstVisit();
  applySavedTheme();
  applySavedLanguage();
  void logVersion();
}
