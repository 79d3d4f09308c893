import type { TFunction } from 'i18next';
import type { authorizationMessages } from './authorization.messages';

const TYPE_KEYS: Record<string, keyof typeof authorizationMessages> = {
  file: 'file',
  built_in_database: 'builtInDatabase',
  mysql: 'mysql',
  postgresql: 'postgresql',
  mongodb: 'mongodb',
  redis: 'redis',
  http: 'http',
};

export function sourceTypeLabel(t: TFunction<'authorization'>, type: string): string {
  return type in TYPE_KEYS ? t(TYPE_KEYS[type]) : type;
}
