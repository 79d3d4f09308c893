// Which keys each MQTT settings tab edits, with EMQX's ranges (hotconf schema, API.md §5.3).
import type { FieldSpec } from '../../shared/forms/fieldSpec';

const MB = 1024 * 1024;
const PEER_CERT = ['disabled', 'cn', 'dn', 'crt', 'pem', 'md5'] as const;

export const generalFields: FieldSpec[] = [
  { path: 'max_packet_size', label: 'max_packet_size', kind: 'size', min: 1, max: 256 * MB, required: true },
  { path: 'max_clientid_len', label: 'max_clientid_len', kind: 'integer', min: 23, max: 65535, required: true },
  { path: 'max_topic_levels', label: 'max_topic_levels', kind: 'integer', min: 1, max: 65535, required: true },
  { path: 'max_topic_alias', label: 'max_topic_alias', kind: 'integer', min: 0, max: 65535, required: true },
  { path: 'max_qos_allowed', label: 'max_qos_allowed', kind: 'select', options: [0, 1, 2], required: true },
  { path: 'retain_available', label: 'retain_available', kind: 'switch' },
  { path: 'wildcard_subscription', label: 'wildcard_subscription', kind: 'switch' },
  { path: 'shared_subscription', label: 'shared_subscription', kind: 'switch' },
  {
    path: 'shared_subscription_strategy',
    label: 'shared_subscription_strategy',
    kind: 'select',
    options: ['random', 'round_robin', 'round_robin_per_group', 'sticky', 'local', 'hash_topic', 'hash_clientid'],
  },
  { path: 'exclusive_subscription', label: 'exclusive_subscription', kind: 'switch' },
  { path: 'ignore_loop_deliver', label: 'ignore_loop_deliver', kind: 'switch' },
  { path: 'strict_mode', label: 'strict_mode', kind: 'switch' },
  { path: 'keepalive_multiplier', label: 'keepalive_multiplier', kind: 'decimal', min: 1, step: 0.1, required: true },
  // spec 001 §9: check interval default 30 s, minimum 1 s; the upper bound (half the keepalive) is per client, so the
  // broker clamps it (EMQX emqx_keepalive) and the note says so instead of a form rule
  {
    path: 'keepalive_check_interval',
    label: 'keepalive_check_interval',
    kind: 'duration',
    units: ['ms', 's', 'm'],
    min: 1000,
    required: true,
    note: 'note_keepalive_check_interval',
  },
  { path: 'server_keepalive', label: 'server_keepalive', kind: 'integerOr', word: 'disabled', min: 1, max: 65535, required: true },
  { path: 'idle_timeout', label: 'idle_timeout', kind: 'duration', units: ['ms', 's', 'm', 'h'], words: ['infinity'], required: true },
  { path: 'response_information', label: 'response_information', kind: 'text' },
  { path: 'use_username_as_clientid', label: 'use_username_as_clientid', kind: 'switch' },
  { path: 'peer_cert_as_username', label: 'peer_cert_as_username', kind: 'select', options: PEER_CERT },
  { path: 'peer_cert_as_clientid', label: 'peer_cert_as_clientid', kind: 'select', options: PEER_CERT },
  { path: 'client_attrs_init', label: 'client_attrs_init', kind: 'clientAttrs' },
];

export const sessionFields: FieldSpec[] = [
  { path: 'max_subscriptions', label: 'max_subscriptions', kind: 'integerOr', word: 'infinity', min: 1, required: true },
  { path: 'upgrade_qos', label: 'upgrade_qos', kind: 'switch' },
  { path: 'max_inflight', label: 'max_inflight', kind: 'integer', min: 1, max: 65535, required: true },
  { path: 'retry_interval', label: 'retry_interval', kind: 'duration', units: ['ms', 's', 'm'], words: ['infinity'], required: true },
  { path: 'max_awaiting_rel', label: 'max_awaiting_rel', kind: 'integerOr', word: 'infinity', min: 1, required: true },
  { path: 'await_rel_timeout', label: 'await_rel_timeout', kind: 'duration', units: ['s', 'm', 'h'], required: true },
  { path: 'session_expiry_interval', label: 'session_expiry_interval', kind: 'duration', units: ['s', 'm', 'h', 'd'], required: true },
  { path: 'message_expiry_interval', label: 'message_expiry_interval', kind: 'duration', units: ['s', 'm', 'h', 'd'], words: ['infinity'], required: true },
  { path: 'max_mqueue_len', label: 'max_mqueue_len', kind: 'integerOr', word: 'infinity', min: 0, required: true },
  { path: 'mqueue_priorities', label: 'mqueue_priorities', kind: 'priorities' },
  { path: 'mqueue_default_priority', label: 'mqueue_default_priority', kind: 'select', options: ['highest', 'lowest'] },
  { path: 'mqueue_store_qos0', label: 'mqueue_store_qos0', kind: 'switch' },
];

export const durableSessionFields: FieldSpec[] = [
  { path: 'enable', label: 'enable', kind: 'switch' },
  { path: 'batch_size', label: 'batch_size', help: 'help_batch_size', kind: 'integer', min: 1, required: true },
  { path: 'idle_poll_interval', label: 'idle_poll_interval', help: 'help_idle_poll_interval', kind: 'duration', units: ['ms', 's', 'm'], min: 1, required: true },
  { path: 'heartbeat_interval', label: 'heartbeat_interval', help: 'help_heartbeat_interval', kind: 'duration', units: ['ms', 's', 'm'], min: 1, required: true },
  { path: 'session_gc_interval', label: 'session_gc_interval', help: 'help_session_gc_interval', kind: 'duration', units: ['s', 'm', 'h'], min: 1, required: true },
  { path: 'session_gc_batch_size', label: 'session_gc_batch_size', help: 'help_session_gc_batch_size', kind: 'integer', min: 1, required: true },
  { path: 'message_retention_period', label: 'message_retention_period', help: 'help_message_retention_period', kind: 'duration', units: ['m', 'h', 'd'], min: 1, required: true },
];

export const retainerFields: FieldSpec[] = [
  { path: 'enable', label: 'enable', kind: 'switch' },
  { path: 'backend.storage_type', label: 'storage_type', help: 'help_storage_type', kind: 'select', options: ['ram', 'disc'], optionLabels: { ram: 'ram', disc: 'disc' } },
  {
    path: 'backend.max_retained_messages',
    label: 'max_retained_messages',
    help: 'help_max_retained_messages',
    kind: 'integer',
    min: 0,
    typeMessage: 'configFields:needNumber',
    required: true,
  },
  { path: 'max_payload_size', label: 'max_payload_size', kind: 'size', min: 0, required: true },
  { path: 'msg_expiry_interval', label: 'msg_expiry_interval', kind: 'duration', units: ['s', 'm', 'h', 'd'], required: true },
  // EMQX 5.8.2+ keys (no entry in the 5.8.1 schema, hence the help texts here); not required, as a 5.8.1 broker lacks them
  {
    path: 'msg_expiry_interval_override',
    label: 'msg_expiry_interval_override',
    help: 'help_msg_expiry_interval_override',
    kind: 'duration',
    units: ['ms', 's', 'm', 'h', 'd'],
    words: ['disabled'],
    note: 'note_msg_expiry_interval_override',
  },
  { path: 'allow_never_expire', label: 'allow_never_expire', help: 'help_allow_never_expire', kind: 'switch' },
  { path: 'msg_clear_interval', label: 'msg_clear_interval', kind: 'duration', units: ['s', 'm', 'h', 'd'], required: true },
  { path: 'delivery_rate', label: 'delivery_rate', kind: 'rate', required: true, note: 'note_delivery_rate' },
  { path: 'stop_publish_clear_msg', label: 'stop_publish_clear_msg', kind: 'switch', note: 'note_stop_publish_clear_msg' },
];

export const sysTopicFields: FieldSpec[] = [
  { path: 'sys_msg_interval', label: 'sys_msg_interval', kind: 'duration', units: ['s', 'm', 'h'], words: ['disabled'], min: 1000, required: true },
  { path: 'sys_heartbeat_interval', label: 'sys_heartbeat_interval', kind: 'duration', units: ['s', 'm', 'h'], words: ['disabled'], min: 1000, required: true },
  { path: 'sys_event_messages.client_connected', label: 'client_connected', kind: 'switch' },
  { path: 'sys_event_messages.client_disconnected', label: 'client_disconnected', kind: 'switch' },
  { path: 'sys_event_messages.client_subscribed', label: 'client_subscribed', kind: 'switch' },
  { path: 'sys_event_messages.client_unsubscribed', label: 'client_unsubscribed', kind: 'switch' },
];

// force_shutdown of the global zone; the notes say what each limit measures on this node (docs/node-counterparts.md).
export const forceShutdownFields: FieldSpec[] = [
  { path: 'enable', label: 'enable_force_shutdown', kind: 'switch', nodeNote: 'note_force_shutdown' },
  { path: 'max_mailbox_size', label: 'max_mailbox_size', kind: 'integer', min: 0, required: true, nodeNote: 'note_max_mailbox_size', enabledBy: 'enable' },
  { path: 'max_heap_size', label: 'max_heap_size', kind: 'size', units: ['KB', 'MB', 'GB'], min: 0, required: true, nodeNote: 'note_max_heap_size', enabledBy: 'enable' },
];
