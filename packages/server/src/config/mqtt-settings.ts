// The raw `mqtt` config root (EMQX strings such as "1MB", "2h", "infinity") → the broker's parsed MqttSettings.
import type { MqttSettings, PeerCertAs, QoS, SharedStrategy } from '@mqdeck/broker';
import { parseBytes, parseDuration } from './units';

const seconds = (v: unknown, fallback: number | null): number | null => {
  const ms = parseDuration(v);
  return ms === undefined ? fallback : ms === null ? null : Math.floor(ms / 1000);
};
const ms = (v: unknown, fallback: number | null): number | null => {
  const parsed = parseDuration(v);
  return parsed === undefined ? fallback : parsed;
};
const countOrInfinity = (v: unknown, fallback: number | null): number | null => (v === 'infinity' ? null : typeof v === 'number' ? v : fallback);

const PEER_CERT_AS = new Set(['disabled', 'cn', 'dn', 'crt', 'pem', 'md5']);
const peerCertAs = (v: unknown): PeerCertAs => (typeof v === 'string' && PEER_CERT_AS.has(v) ? (v as PeerCertAs) : 'disabled');

export function toMqttSettings(mqtt: Record<string, any>): MqttSettings {
  return {
    maxPacketSize: parseBytes(mqtt.max_packet_size) ?? 1024 * 1024,
    maxClientidLen: mqtt.max_clientid_len,
    maxTopicLevels: mqtt.max_topic_levels,
    maxTopicAlias: mqtt.max_topic_alias,
    maxQosAllowed: mqtt.max_qos_allowed as QoS,
    retainAvailable: mqtt.retain_available,
    wildcardSubscription: mqtt.wildcard_subscription,
    sharedSubscription: mqtt.shared_subscription,
    sharedSubscriptionStrategy: mqtt.shared_subscription_strategy as SharedStrategy,
    exclusiveSubscription: mqtt.exclusive_subscription,
    ignoreLoopDeliver: mqtt.ignore_loop_deliver,
    strictMode: mqtt.strict_mode,
    responseInformation: mqtt.response_information,
    serverKeepalive: mqtt.server_keepalive === 'disabled' ? null : Number(mqtt.server_keepalive),
    keepaliveMultiplier: mqtt.keepalive_multiplier,
    keepaliveCheckInterval: ms(mqtt.keepalive_check_interval, 30_000) ?? 30_000,
    idleTimeout: ms(mqtt.idle_timeout, 15_000),
    retryInterval: ms(mqtt.retry_interval, null),
    useUsernameAsClientid: mqtt.use_username_as_clientid,
    sessionExpiryInterval: seconds(mqtt.session_expiry_interval, 7200) ?? 0xffffffff,
    messageExpiryInterval: seconds(mqtt.message_expiry_interval, null),
    maxAwaitingRel: countOrInfinity(mqtt.max_awaiting_rel, 100),
    awaitRelTimeout: ms(mqtt.await_rel_timeout, 300_000) ?? 300_000,
    maxInflight: mqtt.max_inflight,
    maxMqueueLen: countOrInfinity(mqtt.max_mqueue_len, 1000),
    mqueuePriorities: mqtt.mqueue_priorities === 'disabled' ? null : (mqtt.mqueue_priorities as Record<string, number>),
    mqueueDefaultPriority: mqtt.mqueue_default_priority,
    mqueueStoreQos0: mqtt.mqueue_store_qos0,
    maxSubscriptions: countOrInfinity(mqtt.max_subscriptions, null),
    upgradeQos: mqtt.upgrade_qos,
    peerCertAsUsername: peerCertAs(mqtt.peer_cert_as_username),
    peerCertAsClientid: peerCertAs(mqtt.peer_cert_as_clientid),
    clientAttrsInit: Array.isArray(mqtt.client_attrs_init)
      ? mqtt.client_attrs_init.map((a: { expression: string; set_as_attr: string }) => ({ expression: a.expression, setAsAttr: a.set_as_attr }))
      : [],
  };
}
