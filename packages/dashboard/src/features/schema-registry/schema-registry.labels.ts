// Translated names of the schema types.
import type { TFunction } from 'i18next';
import type { SchemaType } from './schema-registry.api';

const KEYS = { avro: 'typeAvro', protobuf: 'typeProtobuf', json: 'typeJson' } as const;

export const schemaTypeLabel = (t: TFunction<'schemaRegistry'>, type: SchemaType): string => t(KEYS[type]);
