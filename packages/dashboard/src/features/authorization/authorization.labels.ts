import type { TFunction } from 'i18next';

const TYPE_KEYS: Record<string, string> = {
  file: 'file', built_in_database: 'builtInDatabase', mysql: 'mysql', postgresql: 'postgresql', mongodb: 'mongodb', redis: 'redis', http: 'http',
};

export function sourceTypeLabel(t: TFunction, type: string): string {
  return type in TYPE_KEYS ? t(`authz:${TYPE_KEYS[type]}`) : type;
}
