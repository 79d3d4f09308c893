// The logged-in user, kept in localStorage (token, username, role; edition under `edition` like the official console).
import { useSyncExternalStore } from 'react';
import { getTargetBroker, readTargetRaw, TARGET_KEY } from './brokers/target';

export interface Session {
  token: string;
  username: string;
  /** `license.edition` of the login reply: 'ee'/'enterprise' or 'ce'/'opensource'. */
  edition: string;
  /** 'administrator' | 'viewer' | 'publisher' (EE); CE sends none → 'administrator'. */
  role: string;
}

const USER_KEY = 'mqdeck.user';
const EDITION_KEY = 'edition';
const listeners = new Set<() => void>();
let cached: { raw: string | null; edition: string | null; target: string | null; value: Session | null } | undefined;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getSession(): Session | null {
  const raw = read(USER_KEY);
  const edition = read(EDITION_KEY);
  const target = readTargetRaw();
  if (cached && cached.raw === raw && cached.edition === edition && cached.target === target) return cached.value;
  let value: Session | null = null;
  if (raw) {
    try {
      const u = JSON.parse(raw) as Partial<Session>;
      if (typeof u.token === 'string' && u.token && typeof u.username === 'string') {
        // with another broker chosen, the menu follows that broker's edition
        value = { token: u.token, username: u.username, role: u.role || 'administrator', edition: getTargetBroker()?.edition ?? edition ?? 'ee' };
      }
    } catch {}
  }
  cached = { raw, edition, target, value };
  return value;
}

export function setSession(s: Session): void {
  localStorage.setItem(USER_KEY, JSON.stringify({ token: s.token, username: s.username, role: s.role }));
  localStorage.setItem(EDITION_KEY, s.edition);
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(EDITION_KEY);
  localStorage.removeItem(TARGET_KEY);
  notify();
}

function notify(): void {
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  // Another tab logging in or out changes the same storage.
  const onStorage = (e: StorageEvent) => {
    if (e.key === USER_KEY || e.key === EDITION_KEY || e.key === TARGET_KEY || e.key === null) l();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Open-source EMQX reports 'ce' (the swagger says 'opensource'); anything else is treated as Enterprise. */
export function isOpenSource(edition: string | undefined): boolean {
  return edition === 'ce' || edition === 'opensource';
}
