import type { TFunction } from 'i18next';
import type { authenticationMessages } from './authentication.messages';

type AuthnKey = keyof typeof authenticationMessages;

const MECHANISM_KEYS: Record<string, AuthnKey> = { password_based: 'passwordBased', jwt: 'jwt', scram: 'scram' };
const BACKEND_KEYS: Record<string, AuthnKey> = {
  built_in_database: 'builtInDatabase',
  mysql: 'mysql',
  postgresql: 'postgresql',
  mongodb: 'mongodb',
  redis: 'redis',
  http: 'http',
  ldap: 'ldap',
};

export function mechanismLabel(t: TFunction<'authentication'>, m: string): string {
  return m in MECHANISM_KEYS ? t(MECHANISM_KEYS[m]) : m;
}

/** JWT has no backend: its label is the mechanism. */
export function backendLabel(t: TFunction<'authentication'>, b: string | undefined): string {
  if (!b) return '-';
  return b in BACKEND_KEYS ? t(BACKEND_KEYS[b]) : b;
}
