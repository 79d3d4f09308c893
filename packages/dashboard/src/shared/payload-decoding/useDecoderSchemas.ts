// The registered schemas that decode payloads (avro, protobuf), for the decoder picker. Same query key as the
// schema registry screens, so a schema created or edited there is offered here at once. A node without a schema
// registry (or a role that may not read it) still gets the built-in decoders; the failure is not toasted.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { errorText } from '../apiErrors';
import { compileSchema, type RegisteredSchema, type SchemaSource } from './decoders';

export interface DecodingSchema {
  name: string;
  type: 'avro' | 'protobuf';
  /** Protobuf message types (empty for Avro) */
  messageTypes: string[];
  /** why the source does not compile in the browser */
  problem?: string;
}

/** `enabled`: asked only when a schema decoder is in use or the picker's list is opened (not for every payload view). */
export function useDecoderSchemas(enabled: boolean): SchemaSource & { decoding: DecodingSchema[]; loading: boolean } {
  const q = useQuery({
    queryKey: ['schema_registry', 'list'],
    queryFn: ({ signal }) => api.GET('/schema_registry', { signal }).then(unwrap),
    enabled,
    meta: { silent: true },
    retry: false,
    staleTime: 30_000,
  });
  const schemas: RegisteredSchema[] | undefined = q.data?.map((s) => ({ name: s.name, type: s.type, source: s.source }));
  const decoding: DecodingSchema[] = [];
  for (const s of schemas ?? []) {
    if (s.type !== 'avro' && s.type !== 'protobuf') continue;
    const c = compileSchema(s.type, s.source);
    decoding.push({
      name: s.name,
      type: s.type,
      messageTypes: c.type === 'protobuf' ? c.messageTypes : [],
      problem: c.type === 'error' ? c.problem : undefined,
    });
  }
  return { schemas, error: q.isError ? errorText(q.error) : undefined, decoding, loading: q.isFetching };
}
