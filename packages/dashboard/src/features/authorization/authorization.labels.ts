import type { TFunction } from 'i18next';
import type { authzMessages } from './authorization.messages';

const TYPE_KEYS: Record<string, keyof typeof authzMessages> = {
  file: 'file', built_in_database: 'builtInDatabase', mysql: 'mysql', postgresql: 'postgresql', mongodb: 'mongodb', redis: 'redis', http: 'http',
};

export function sourceTypeLabel(t: TFunction<'authz'>, type: string): string {
  return type in TYPE_KEYS ? t(TYPE_KEYS[type]) : type;
}
