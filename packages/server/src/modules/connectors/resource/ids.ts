// Ids, names and EMQX's texts around them (emqx_resource parse_resource_id / validate_name, the API's not-found
// sentences, filter_out_request_body), shared by the service, the probe and the routes.
import { ApiError } from '../../../errors';
import type { Kind } from './store';

type Json = Record<string, unknown>;

export const NAME_RE = /^[0-9a-zA-Z][-0-9a-zA-Z_]*$/;
/** EMQX's JSON error texts put keys in descending order (jiffy over a small Erlang map) */
export const jsonText = (o: Json) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(o)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? 1 : -1)),
    ),
  );
export const validationError = (reason: string) => jsonText({ kind: 'validation_error', reason });

/** EMQX emqx_resource:validate_name; undefined when the name is good */
export function badName(name: string): string | undefined {
  if (name === '') return 'Name cannot be empty string';
  if (Buffer.byteLength(name) >= 255) return 'Name length must be less than 255';
  if (!NAME_RE.test(name))
    return `Invalid name format. The name must begin with a letter or number (0-9, a-z, A-Z) and can only include underscores and hyphens as non-initial characters. Got: ${name}`;
  return undefined;
}

const LABEL: Record<Kind, { one: string; id: string }> = {
  connectors: { one: 'connector', id: 'connector' },
  actions: { one: 'bridge', id: 'bridge' },
  sources: { one: 'bridge', id: 'bridge' },
};

/** EMQX's TRY_PARSE_ID: `<type>:<name>`, else 404 "Invalid bridge ID, …" */
export function parseId(kind: Kind, id: string): { type: string; name: string } {
  const parts = id.split(':');
  const invalid = (reason: string) => new ApiError(404, 'NOT_FOUND', `Invalid ${LABEL[kind].id} ID, ${reason}`);
  if (parts.length !== 2) throw invalid(`should be of pattern {type}:{name}, but got: ${id}`);
  const [type, name] = parts;
  const why = badName(name);
  if (why) throw invalid(why);
  return { type, name };
}

export const notFound = (kind: Kind, type: string, name: string) =>
  kind === 'connectors'
    ? new ApiError(404, 'NOT_FOUND', `Connector lookup failed: connector named '${name}' of type ${type} does not exist.`)
    : new ApiError(404, 'NOT_FOUND', `Bridge lookup failed: bridge named '${name}' of type ${type} does not exist.`);

/** what the API adds to an answer, dropped from a body sent back (EMQX filter_out_request_body, and ours) */
const API_FIELDS = ['id', 'type', 'name', 'status', 'status_reason', 'node_status', 'node', 'actions', 'sources', 'rules', 'created_at', 'last_modified_at', 'error'];
export function requestConfig(kind: Kind, body: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(body)) {
    // a connector has no `actions`/`sources` fields of its own; an action or source keeps every field but these
    if (API_FIELDS.includes(k) && !(kind !== 'connectors' && (k === 'actions' || k === 'sources'))) continue;
    out[k] = v;
  }
  return out;
}
