import type { paths } from '@mqdeck/api';

export type ClientListParams = NonNullable<paths['/clients']['get']['parameters']['query']>;

export type SearchField = 'clientid' | 'username' | 'ip_address';
export type MatchMode = 'exact' | 'fuzzy';

/** The list screen's state; every value is a string so it survives the URL round trip. */
export interface ClientsTableQuery {
  page: number;
  limit: number;
  field: SearchField;
  mode: MatchMode;
  q: string;
  conn_state: '' | 'connected' | 'idle' | 'disconnected';
  proto_ver: string;
  clean_start: '' | 'true' | 'false';
  node: string;
}

export const defaultClientsQuery: ClientsTableQuery = {
  page: 1,
  limit: 20,
  field: 'clientid',
  mode: 'fuzzy',
  q: '',
  conn_state: '',
  proto_ver: '',
  clean_start: '',
  node: '',
};

/** Splits "a, b  c" into ['a', 'b', 'c']: the exact search accepts several ids at once (EMQX issue 8142). */
export function splitValues(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Maps the screen state to `GET /clients` query parameters: exact ids become repeated keys
 * (`clientid=a&clientid=b`), fuzzy text goes to `like_*` (the API has no fuzzy IP search).
 */
export function toClientListParams(q: ClientsTableQuery): ClientListParams {
  const params: ClientListParams = { page: q.page, limit: q.limit };
  const text = q.q.trim();
  if (text) {
    if (q.field === 'ip_address') params.ip_address = text;
    else if (q.mode === 'fuzzy') params[q.field === 'clientid' ? 'like_clientid' : 'like_username'] = text;
    else params[q.field] = splitValues(text);
  }
  if (q.conn_state) params.conn_state = q.conn_state;
  if (q.proto_ver) params.proto_ver = q.proto_ver;
  if (q.clean_start) params.clean_start = q.clean_start === 'true';
  if (q.node) params.node = q.node;
  return params;
}

/** MQTT protocol versions as the API reports them (`proto_ver`), with their usual names. */
export const protocolVersions = [
  { value: '3', label: 'MQTT v3.1' },
  { value: '4', label: 'MQTT v3.1.1' },
  { value: '5', label: 'MQTT v5.0' },
] as const;

export function protocolLabel(name: string | undefined, ver: number | undefined): string {
  const known = protocolVersions.find((v) => v.value === String(ver));
  if (known && (name ?? 'MQTT') === 'MQTT') return known.label;
  return [name, ver].filter((x) => x !== undefined && x !== null).join(' ');
}
