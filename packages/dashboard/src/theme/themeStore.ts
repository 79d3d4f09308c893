// Theme choice: light or dark, optionally following the OS. Persisted like the official console
// (localStorage `theme` = light|dark, `syncOsTheme` = true|false).
import { useSyncExternalStore } from 'react';

export type ThemeMode = 'light' | 'dark';
export interface ThemeState {
  theme: ThemeMode;
  syncOsTheme: boolean;
  /** What is shown: the OS preference when syncing, else `theme`. */
  effective: ThemeMode;
}

const listeners = new Set<() => void>();
let state: ThemeState = load();

function osPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

function load(): ThemeState {
  let theme: ThemeMode = 'light';
  let syncOsTheme = false;
  try {
    theme = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
    syncOsTheme = localStorage.getItem('syncOsTheme') === 'true';
  } catch {}
  return { theme, syncOsTheme, effective: syncOsTheme ? (osPrefersDark() ? 'dark' : 'light') : theme };
}

function emit(): void {
  state = load();
  document.documentElement.dataset.theme = state.effective;
  document.documentElement.style.colorScheme = state.effective;
  for (const l of listeners) l();
}

export function setTheme(theme: ThemeMode): void {
  localStorage.setItem('theme', theme);
  localStorage.setItem('syncOsTheme', 'false');
  emit();
}

export function setSyncOsTheme(sync: boolean): void {
  localStorage.setItem('syncOsTheme', String(sync));
  emit();
}

/** Applies the saved theme to <html> and follows OS changes while syncing. Called once at start-up. */
export function applySavedTheme(): void {
  emit();
  if (typeof window.matchMedia === 'function') {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => {
      if (state.syncOsTheme) emit();
    });
  }
}

export function getThemeState(): ThemeState {
  return state;
}

export function useThemeState(): ThemeState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getThemeState,
    getThemeState,
  );
}
