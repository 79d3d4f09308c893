// The five gateways of EMQX 5.8 open source, their listener types and the defaults of EMQX's config schema
// (emqx_gateway_*_schema), used by the setup wizard; the conversions between the API shapes and the forms.
import type { ReplyOf, Schemas } from '@mqdeck/api';

export const GATEWAY_NAMES = ['stomp', 'mqttsn', 'coap', 'lwm2m', 'exproto'] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];
export const isGatewayName = (s: string): s is GatewayName => (GATEWAY_NAMES as readonly string[]).includes(s);

export const GATEWAY_LABELS: Record<GatewayName, string> = { stomp: 'STOMP', mqttsn: 'MQTT-SN', coap: 'CoAP', lwm2m: 'LwM2M', exproto: 'ExProto' };

/** One row of GET /gateways. */
export type GatewayOverview = Schemas['emqx_gateway_api.gateway_overview'];
export type GatewayStatus = NonNullable<GatewayOverview['status']>;

/** GET /gateways/{name}: the basic settings, the listeners and the authenticator (the protocol's own fields vary). */
export type GatewayConfig = ReplyOf<'/gateways/{name}', 'get', 200>;
/** What the forms edit: any of the five configs. */
export type GatewayValues = Record<string, unknown> & { enable?: boolean; listeners?: ListenerValues[] };

export type ListenerType = 'tcp' | 'ssl' | 'udp' | 'dtls';
export const LISTENER_TYPES: Record<GatewayName, ListenerType[]> = {
  stomp: ['tcp', 'ssl'],
  // the node's own DTLS 1.2 server serves the UDP gateways (server gateways/dtls/)
  mqttsn: ['udp', 'dtls'],
  coap: ['udp', 'dtls'],
  lwm2m: ['udp', 'dtls'],
  // ExProto's UDP listener has no DTLS on this node (the API refuses type dtls for it)
  exproto: ['tcp', 'ssl', 'udp'],
};

/** One listener of GET /gateways/{name}/listeners (id `<gateway>:<type>:<name>`), and what POST/PUT take. */
export type GatewayListener = ReplyOf<'/gateways/{name}/listeners', 'get', 200>[number];
export type ListenerValues = Record<string, any> & { type: ListenerType; name: string; bind: string };

/** Default ports of EMQX's gateways (the official console proposes the same). */
const DEFAULT_PORT: Record<GatewayName, Partial<Record<ListenerType, number>>> = {
  stomp: { tcp: 61613, ssl: 61614 },
  mqttsn: { udp: 1884, dtls: 1885 },
  coap: { udp: 5683, dtls: 5684 },
  lwm2m: { udp: 5783, dtls: 5784 },
  exproto: { tcp: 7993, ssl: 7994, udp: 7993, dtls: 7994 },
};

/** A new listener with EMQX's defaults (emqx_gateway_schema: acceptors 16, max_connections 1024, max_conn_rate 1000). */
export function defaultListener(gateway: GatewayName, type: ListenerType): ListenerValues {
  const base: ListenerValues = {
    type,
    name: 'default',
    bind: `0.0.0.0:${DEFAULT_PORT[gateway][type] ?? ''}`,
    max_connections: 1024,
    max_conn_rate: 1000,
    enable_authn: true,
    access_rules: [],
    mountpoint: '',
    enable: true,
  };
  if (type === 'tcp' || type === 'ssl') Object.assign(base, { acceptors: 16, proxy_protocol: false, proxy_protocol_timeout: '3s' });
  if (type === 'udp' || type === 'dtls') Object.assign(base, { udp_options: { active_n: 100, reuseaddr: true } });
  if (type === 'ssl') Object.assign(base, { ssl_options: { verify: 'verify_none', versions: ['tlsv1.3', 'tlsv1.2'], fail_if_no_peer_cert: false } });
  // EMQX's gateway.dtls_opts defaults (versions [dtlsv1.2], handshake_timeout 15s, depth 10)
  if (type === 'dtls') Object.assign(base, { dtls_options: { verify: 'verify_none', versions: ['dtlsv1.2'], fail_if_no_peer_cert: false, depth: 10, handshake_timeout: '15s' } });
  return base;
}

const COMMON = { enable: true, enable_stats: true, idle_timeout: '30s', mountpoint: '' };

/** The basic settings a new gateway starts from (EMQX 5.8 schema defaults). */
export function defaultGateway(name: GatewayName): GatewayValues {
  switch (name) {
    case 'stomp':
      return { ...COMMON, frame: { max_headers: 10, max_headers_length: 1024, max_body_length: 65536 } };
    case 'mqttsn':
      return { ...COMMON, gateway_id: 1, broadcast: false, enable_qos3: true, subs_resume: false, predefined: [] };
    case 'coap':
      return { ...COMMON, heartbeat: '30s', connection_required: false, notify_type: 'qos', subscribe_qos: 'coap', publish_qos: 'coap' };
    case 'lwm2m':
      return {
        ...COMMON,
        mountpoint: 'lwm2m/${endpoint_name}/',
        xml_dir: 'etc/lwm2m_xml/',
        lifetime_min: '15s',
        lifetime_max: '86400s',
        qmode_time_window: '22s',
        auto_observe: false,
        update_msg_publish_condition: 'contains_object_list',
        translators: {
          command: { topic: 'dn/#', qos: 0 },
          response: { topic: 'up/resp', qos: 0 },
          notify: { topic: 'up/notify', qos: 0 },
          register: { topic: 'up/resp', qos: 0 },
          update: { topic: 'up/update', qos: 0 },
        },
      };
    case 'exproto':
      return {
        ...COMMON,
        server: { bind: '0.0.0.0:9100' },
        handler: { address: 'http://127.0.0.1:9001', service_name: 'ConnectionUnaryHandler' },
      };
  }
}

/** Password-based and JWT for STOMP, CoAP and ExProto; password-based only for MQTT-SN and LwM2M (spec 000 §6). */
export function authnMechanisms(name: GatewayName): ('password_based' | 'jwt')[] {
  return name === 'mqttsn' || name === 'lwm2m' ? ['password_based'] : ['password_based', 'jwt'];
}
/**
 * The password-based backends a gateway authenticator takes (EMQX's gateway authn: no LDAP, no SCRAM). MQTT-SN and
 * LwM2M clients send no password: their only backend is an HTTP server (as in EMQX's console).
 */
export function authnBackends(name: GatewayName): ('built_in_database' | 'mysql' | 'postgresql' | 'mongodb' | 'redis' | 'http')[] {
  return name === 'mqttsn' || name === 'lwm2m' ? ['http'] : ['built_in_database', 'mysql', 'postgresql', 'mongodb', 'redis', 'http'];
}

// Read-outs of GET that are not config.
const LISTENER_READ_ONLY = ['id', 'running', 'node_status', 'status', 'current_connections'];
/** A listener as PUT/POST take it: the status read-outs left out. */
export function listenerBody(l: Record<string, unknown>): ListenerValues {
  return Object.fromEntries(Object.entries(l).filter(([k]) => !LISTENER_READ_ONLY.includes(k))) as ListenerValues;
}

// What PUT /gateways/{name} must not carry (status read-outs; listeners and authentication have their own calls).
const GATEWAY_READ_ONLY = ['status', 'current_connections', 'max_connections', 'node_status', 'created_at', 'started_at', 'stopped_at', 'listeners', 'authentication'];
/** The basic settings of a loaded gateway, as PUT /gateways/{name} takes them back. */
export function gatewayBody(config: Record<string, unknown>): GatewayValues {
  return Object.fromEntries(Object.entries(config).filter(([k]) => !GATEWAY_READ_ONLY.includes(k)));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
/** Form values over the stored config: keys the form does not show (ssl of the gRPC server…) are kept. */
export function deepMerge<T extends Record<string, unknown>>(base: T, over: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) continue;
    out[k] = isObject(v) && isObject(base[k]) ? deepMerge(base[k], v) : v;
  }
  return out as T;
}

/** The one status of a gateway across the cluster's nodes. */
export function statusOf(g: GatewayOverview): GatewayStatus {
  return g.status ?? 'unloaded';
}
