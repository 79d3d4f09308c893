// Deviations the console meets (packages/dashboard): answers of our node (like EMQX 5.8) that the 5.8.1
// document types differently. Merged into `ResponsePatch` by one `extends` in deviations.ts.
import type { components, paths } from '../schema.gen';

type Schemas = components['schemas'];

/**
 * GET/PUT /configs/log: the audit handler is EMQX Enterprise's (our node, like EMQX CE, has no `log.audit`), and `file`
 * is the map of named file handlers (`file.default`), which the generator wrote as one `$handler_name` key.
 */
export type LogConfig = Omit<Schemas['emqx.log'], 'audit' | 'file'> & {
  audit?: Schemas['emqx.log_audit_handler'];
  file: Record<string, Schemas['emqx.log_file_handler']>;
};

type ListenerConfig = paths['/listeners/{id}']['get']['responses'][200]['content']['application/json'];

/** API.md §3.14: a listener as GET/PUT /listeners/{id} and POST /listeners answer it: its raw config with `id`, `type` and (our node, listeners.format.ts) `name`. */
export type ListenerDetail = ListenerConfig & { name: string };

/** One node of a JSON schema document, as far as the console reads it (help texts). */
export interface SchemaNode {
  $ref?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  additionalProperties?: SchemaNode | boolean;
}

/** GET /schemas/{name}: the schema document itself (EMQX's console reads it for help texts); the 5.8.1 document says string. */
export interface SchemaDocument {
  components?: { schemas?: Record<string, SchemaNode> };
}

/** API.md §2.5: a paged answer always carries both `data` and `meta`; the document marks them optional. */
type PagedAnswer<T extends { data?: unknown; meta?: unknown }> = T & { data: NonNullable<T['data']>; meta: NonNullable<T['meta']> };
type Json200<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer B } } } } } ? B : never;

/** API.md §3.10: GET (and the PUT echo of) /authorization/settings always carries the whole `cache` object; the document marks it optional. */
export type AuthzSettingsView = Json200<'/authorization/settings'> & { cache: NonNullable<Json200<'/authorization/settings'>['cache']> };

export interface ConsoleResponsePatch {
  '/topics': { get: { 200: PagedAnswer<Json200<'/topics'>> } }; // API.md §2.5: data and meta always sent
  '/mqtt/retainer/messages': { get: { 200: PagedAnswer<Json200<'/mqtt/retainer/messages'>> } }; // API.md §2.5: data and meta always sent
  '/clients/{clientid}/mqueue_messages': { get: { 200: PagedAnswer<Schemas['emqx_mgmt_api_clients.mqueue_messages']> } }; // API.md §3.4: data and meta always sent
  '/clients/{clientid}/inflight_messages': { get: { 200: PagedAnswer<Schemas['emqx_mgmt_api_clients.inflight_messages']> } }; // API.md §3.4: data and meta always sent
  '/authentication/{id}/users': { get: { 200: PagedAnswer<Json200<'/authentication/{id}/users'>> } }; // API.md §2.5: data and meta always sent
  '/authorization/settings': {
    get: { 200: AuthzSettingsView }; // API.md §3.10: cache always sent
    put: { 200: AuthzSettingsView }; // API.md §3.10: echoes the stored settings, cache included
  };
  '/authorization/sources/built_in_database/rules/clients': {
    get: { 200: PagedAnswer<Json200<'/authorization/sources/built_in_database/rules/clients'>> }; // API.md §2.5: data and meta always sent
  };
  '/authorization/sources/built_in_database/rules/users': {
    get: { 200: PagedAnswer<Json200<'/authorization/sources/built_in_database/rules/users'>> }; // API.md §2.5: data and meta always sent
  };
  '/configs/log': {
    get: { 200: LogConfig }; // EMQX CE: no audit handler; file is a map of handlers
    put: { 200: LogConfig }; // EMQX CE: no audit handler; file is a map of handlers
  };
  '/listeners': { post: { 200: ListenerDetail } }; // API.md §3.14: the created listener, same shape as GET
  '/listeners/{id}': {
    get: { 200: ListenerDetail }; // API.md §3.14: with name
    put: { 200: ListenerDetail }; // API.md §3.14: the updated listener, same shape as GET
  };
  '/schemas/{name}': { get: { 200: SchemaDocument } }; // API.md §3.18 (dashboard UI schemas): a JSON object, not a string
}
