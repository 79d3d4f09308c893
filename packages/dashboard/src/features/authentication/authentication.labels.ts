import type { TFunction } from 'i18next';

const MECHANISM_KEYS: Record<string, string> = { password_based: 'passwordBased', jwt: 'jwt', scram: 'scram' };
const BACKEND_KEYS: Record<string, string> = {
  built_in_database: 'builtInDatabase',
  mysql: 'mysql',
  postgresql: 'postgresql',
  mongodb: 'mongodb',
  redis: 'redis',
  http: 'http',
  ldap: 'ldap',
};

export function mechanismLabel(t: TFunction, m: string): string {
  return m in MECHANISM_KEYS ? t(`authn:${MECHANISM_KEYS[m]}`) : m;
}

/** JWT has no backend: its label is the mechanism. */
export function backendLabel(t: TFunction, b: string | undefined): string {
  if (!b) return '-';
  return b in BACKEND_KEYS ? t(`authn:${BACKEND_KEYS[b]}`) : b;
}
