// Value rules for config leaves whose default alone does not say enough (durations, sizes, enums,
// ranges). A rule is alternatives joined by '|': duration, bytes, rate, bind, string, bool, number,
// percent ('0%' to '100%'), time_offset (system | utc | +08:00), int:<min>..<max> (either end optional), enum:a,b,c, or a literal word such as infinity / disabled.
// Paths use '*' for named entries (listener names). Leaves without a rule must keep their default's type.
import { parseBind, parseBytes, parseDuration, parsePercent, parseRate } from './units';

const listenerRules: Record<string, string> = {
  enable: 'bool',
  bind: 'bind',
  acceptors: 'int:1..',
  max_connections: 'infinity|int:1..',
  max_conn_rate: 'infinity|rate',
  enable_authn: 'bool|quick_deny_anonymous',
  proxy_protocol_timeout: 'duration',
  'tcp_options.send_timeout': 'duration',
  'tcp_options.buffer': 'bytes',
  'tcp_options.high_watermark': 'bytes',
  'tcp_options.backlog': 'int:1..',
  'tcp_options.keepalive': 'string',
  'ssl_options.verify': 'enum:verify_peer,verify_none',
  'ssl_options.handshake_timeout': 'duration',
  'ssl_options.hibernate_after': 'duration',
  'websocket.idle_timeout': 'duration|infinity',
  'websocket.max_frame_size': 'infinity|int:1..',
  'websocket.mqtt_piggyback': 'enum:single,multiple',
  'ssl_options.log_level': 'enum:emergency,alert,critical,error,warning,notice,info,debug,none,all',
  'ssl_options.depth': 'int:0..',
  'websocket.deflate_opts.mem_level': 'int:1..9',
  'websocket.deflate_opts.strategy': 'enum:default,filtered,huffman_only,rle',
  'websocket.deflate_opts.server_context_takeover': 'enum:takeover,no_takeover',
  'websocket.deflate_opts.client_context_takeover': 'enum:takeover,no_takeover',
  'websocket.deflate_opts.server_max_window_bits': 'int:8..15',
  'websocket.deflate_opts.client_max_window_bits': 'int:8..15',
  // keys EMQX knows without a default: accepted when given, absent otherwise (see OPTIONAL_KEYS)
  messages_rate: 'infinity|rate',
  bytes_rate: 'infinity|rate',
  'tcp_options.recbuf': 'bytes',
  'tcp_options.sndbuf': 'bytes',
  'ssl_options.password': 'string',
  'ssl_options.dhfile': 'string',
  'ssl_options.cacerts': 'bool',
  'websocket.deflate_opts.level': 'enum:none,default,best_compression,best_speed',
};

const optionalListenerKeys = [
  'messages_rate',
  'bytes_rate',
  'tcp_options.recbuf',
  'tcp_options.sndbuf',
  'ssl_options.password',
  'ssl_options.dhfile',
  'ssl_options.cacerts',
  'websocket.deflate_opts.level',
];
/** Keys valid without a default value (EMQX's optional fields): checked by their rule only. */
export const OPTIONAL_KEYS = optionalListenerKeys.map((k) => `listeners.*.*.${k}`);

export function isOptionalKey(path: string): boolean {
  const parts = path.split('.');
  return OPTIONAL_KEYS.some((pattern) => {
    const p = pattern.split('.');
    return p.length === parts.length && p.every((seg, i) => seg === '*' || seg === parts[i]);
  });
}

export const RULES: Record<string, string> = {
  'mqtt.idle_timeout': 'infinity|duration',
  'mqtt.max_packet_size': 'bytes',
  'mqtt.max_clientid_len': 'int:23..65535',
  'mqtt.max_topic_levels': 'int:1..65535',
  'mqtt.max_topic_alias': 'int:0..65535',
  'mqtt.max_qos_allowed': 'int:0..2',
  'mqtt.shared_subscription_strategy': 'enum:random,round_robin,round_robin_per_group,sticky,local,hash_topic,hash_clientid',
  'mqtt.shared_subscription_initial_sticky_pick': 'enum:random,local,hash_topic,hash_clientid',
  'mqtt.server_keepalive': 'disabled|int:1..65535',
  'mqtt.keepalive_multiplier': 'number',
  'mqtt.keepalive_check_interval': 'duration',
  'mqtt.retry_interval': 'infinity|duration',
  'mqtt.peer_cert_as_username': 'enum:disabled,cn,dn,crt,pem,md5',
  'mqtt.peer_cert_as_clientid': 'enum:disabled,cn,dn,crt,pem,md5',
  'mqtt.session_expiry_interval': 'duration',
  'mqtt.message_expiry_interval': 'infinity|duration',
  'mqtt.max_awaiting_rel': 'infinity|int:1..',
  'mqtt.await_rel_timeout': 'duration',
  'mqtt.max_inflight': 'int:1..65535',
  'mqtt.max_mqueue_len': 'infinity|int:0..',
  'mqtt.mqueue_priorities': 'disabled|object',
  'mqtt.mqueue_default_priority': 'enum:highest,lowest',
  'mqtt.max_subscriptions': 'infinity|int:1..',
  'dashboard.listeners.http.bind': 'bind',
  'dashboard.token_expired_time': 'duration',
  'dashboard.listeners.http.send_timeout': 'duration',
  'dashboard.i18n_lang': 'enum:en,zh',
  'retainer.msg_expiry_interval': 'duration',
  'retainer.msg_expiry_interval_override': 'disabled|duration',
  'overload_protection.backoff_delay': 'int:0..',
  'retainer.msg_clear_interval': 'duration',
  'retainer.max_payload_size': 'bytes',
  'retainer.delivery_rate': 'infinity|rate',
  'retainer.backend.storage_type': 'enum:ram,disc',
  'retainer.backend.max_retained_messages': 'int:0..',
  'retainer.backend.type': 'enum:built_in_database',
  'authorization.no_match': 'enum:allow,deny',
  'authorization.deny_action': 'enum:ignore,disconnect',
  'authorization.cache.max_size': 'int:1..1048576',
  'authorization.cache.ttl': 'duration',
  'flapping_detect.window_time': 'duration',
  'flapping_detect.max_count': 'int:0..',
  'flapping_detect.ban_time': 'duration',
  'force_shutdown.max_mailbox_size': 'int:0..',
  'force_shutdown.max_heap_size': 'bytes',
  'force_gc.count': 'int:0..',
  'force_gc.bytes': 'bytes',
  'durable_sessions.batch_size': 'int:1..',
  'durable_sessions.idle_poll_interval': 'duration',
  'durable_sessions.heartbeat_interval': 'duration',
  'durable_sessions.session_gc_interval': 'duration',
  'durable_sessions.session_gc_batch_size': 'int:1..',
  'durable_sessions.message_retention_period': 'duration',
  'sys_topics.sys_msg_interval': 'disabled|duration',
  'sys_topics.sys_heartbeat_interval': 'disabled|duration',
  'node.global_gc_interval': 'disabled|duration',
  'log.console.level': 'enum:debug,info,notice,warning,error,critical,alert,emergency,all',
  'log.console.formatter': 'enum:text,json',
  'log.console.payload_encode': 'enum:hex,text,hidden',
  'log.throttling.time_window': 'duration',
  'broker.session_history_retain': 'duration',
  'log.file.*.level': 'enum:debug,info,notice,warning,error,critical,alert,emergency,all',
  'log.file.*.formatter': 'enum:text,json',
  'log.file.*.rotation_size': 'infinity|bytes',
  'log.file.*.rotation_count': 'int:1..128',
  'log.console.timestamp_format': 'enum:auto,epoch,rfc3339',
  'log.file.*.timestamp_format': 'enum:auto,epoch,rfc3339',
  'sysmon.vm.process_check_interval': 'duration',
  'sysmon.vm.process_high_watermark': 'percent',
  'sysmon.vm.process_low_watermark': 'percent',
  'sysmon.vm.long_gc': 'disabled|duration',
  'sysmon.vm.long_schedule': 'disabled|duration',
  'sysmon.vm.large_heap': 'disabled|bytes',
  'sysmon.os.cpu_check_interval': 'duration',
  'sysmon.os.cpu_high_watermark': 'percent',
  'sysmon.os.cpu_low_watermark': 'percent',
  'sysmon.os.mem_check_interval': 'disabled|duration',
  'sysmon.os.sysmem_high_watermark': 'percent',
  'sysmon.os.procmem_high_watermark': 'percent',
  'alarm.size_limit': 'int:1..3000',
  'alarm.validity_period': 'duration',
  'log.console.time_offset': 'time_offset',
  'log.file.*.time_offset': 'time_offset',
  'log.file.*.path': 'string',
  'delayed.max_delayed_messages': 'int:0..',
  'slow_subs.threshold': 'duration',
  'slow_subs.expire_interval': 'duration',
  'slow_subs.top_k_num': 'int:1..',
  'slow_subs.stats_type': 'enum:whole,internal,response',
  'rule_engine.jq_function_default_timeout': 'duration|int:1..',
  'limiter.max_conn_rate': 'infinity|rate',
  'log.audit.max_filter_size': 'int:10..30000',
  'prometheus.push_gateway.interval': 'duration',
  'prometheus.push_gateway.headers': 'object',
  'opentelemetry.exporter.headers': 'object',
  'prometheus.push_gateway.method': 'enum:put,post',
  'prometheus.push_gateway.url': 'http_url',
  'prometheus.collectors.*': 'enum:enabled,disabled',
  'log.audit.level': 'enum:debug,info,notice,warning,error,critical,alert,emergency',
  'license.key': 'string',
  'license.connection_low_watermark': 'percent',
  'license.connection_high_watermark': 'percent',
  'limiter.messages_rate': 'infinity|rate',
  'limiter.bytes_rate': 'infinity|rate',
  ...Object.fromEntries(Object.entries(listenerRules).map(([k, v]) => [`listeners.*.*.${k}`, v])),
};

/** Paths whose children are named entries (any key allowed, shaped like the 'default' entry). */
export const NAMED_ENTRIES = ['listeners.tcp', 'listeners.ssl', 'listeners.ws', 'listeners.wss', 'log.file'];

export function ruleFor(path: string): string | undefined {
  if (RULES[path]) return RULES[path];
  const parts = path.split('.');
  for (const [pattern, rule] of Object.entries(RULES)) {
    const p = pattern.split('.');
    if (p.length === parts.length && p.every((seg, i) => seg === '*' || seg === parts[i])) return rule;
  }
  return undefined;
}

/** Checks one value against a rule; returns a reason when it does not fit. */
export function checkRule(rule: string, value: unknown): string | undefined {
  for (const alt of rule.split('|')) {
    if (fits(alt, value)) return undefined;
  }
  return `expected ${rule.replace(/\|/g, ' or ')}, got ${JSON.stringify(value)}`;
}

function fits(alt: string, value: unknown): boolean {
  if (alt.startsWith('int:')) {
    const [min, max] = alt.slice(4).split('..');
    return typeof value === 'number' && Number.isInteger(value) && (min === '' || value >= Number(min)) && (max === undefined || max === '' || value <= Number(max));
  }
  if (alt.startsWith('enum:')) return typeof value === 'string' && alt.slice(5).split(',').includes(value);
  switch (alt) {
    case 'duration':
      return typeof parseDuration(value) === 'number';
    case 'bytes':
      return typeof parseBytes(value) === 'number';
    case 'rate':
      return parseRate(value) != null;
    case 'bind':
      return parseBind(value) !== undefined;
    case 'time_offset':
      // EMQX: "system", "utc" or an offset such as "+08:00" / "-02:30"
      return typeof value === 'string' && (value === 'system' || value === 'utc' || /^[+-]([01]\d|2[0-3]):[0-5]\d$/.test(value));
    case 'percent': {
      // emqx_schema:to_percent: 0% to 100% ('100.5%' is refused, '100.001%' rounds to 100%)
      const share = parsePercent(value);
      return share !== undefined && share >= 0 && share <= 1;
    }
    case 'string':
      return typeof value === 'string';
    case 'http_url':
      // an address the node can send to: a push gateway at 'fz577' would only fill the log with failed pushes
      return typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
    case 'bool':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return value === alt;
  }
}
