/**
 * LwM2M gateway config (EMQX 5.8 emqx_lwm2m_schema): defaults and checks. EMQX requires xml_dir and translators;
 * this node defaults xml_dir to the OMA definitions it ships and the translators to EMQX's example config
 * (command dn/#, response up/resp, notify up/notify, register up/register, update up/resp, QoS 0), so that
 * loading the gateway with defaults gives what EMQX's example gives.
 */
import { durationSeconds } from '../coap/gateway';
import { DEFAULT_XML_DIR } from './objects';
import { blockwiseDefaults, blockwiseSettings, validateBlockwise, type BlockwiseSettings } from '../coap/blockwise';

export const TRANSLATORS = ['command', 'response', 'notify', 'register', 'update'] as const;
export type TranslatorName = (typeof TRANSLATORS)[number];

export interface Translator {
  topic: string;
  qos: 0 | 1 | 2;
}

export interface Lwm2mSettings {
  xmlDir: string;
  lifetimeMinS: number;
  lifetimeMaxS: number;
  qmodeTimeWindowS: number;
  /** false, true (observe every object the device registers), or the paths to observe */
  autoObserve: boolean | string[];
  updateMsgPublishCondition: 'always' | 'contains_object_list';
  translators: Record<TranslatorName, Translator>;
  mountpoint: string;
  blockwise: BlockwiseSettings;
}

export function lwm2mDefaults(): Record<string, unknown> {
  return {
    xml_dir: DEFAULT_XML_DIR,
    lifetime_min: '15s',
    lifetime_max: '86400s',
    qmode_time_window: '22s',
    auto_observe: false,
    update_msg_publish_condition: 'always',
    translators: {
      command: { topic: 'dn/#', qos: 0 },
      response: { topic: 'up/resp', qos: 0 },
      notify: { topic: 'up/notify', qos: 0 },
      register: { topic: 'up/register', qos: 0 },
      update: { topic: 'up/resp', qos: 0 },
    },
    blockwise: blockwiseDefaults(),
    mountpoint: 'lwm2m/${endpoint_name}/',
  };
}

/** A plain sentence naming the first wrong field, or undefined. */
export function validateLwm2m(config: Record<string, unknown>): string | undefined {
  if (typeof config.xml_dir !== 'string' || config.xml_dir.trim() === '') return 'xml_dir must name the directory of LwM2M object definitions.';
  for (const k of ['lifetime_min', 'lifetime_max', 'qmode_time_window'] as const) {
    if (durationSeconds(config[k]) === undefined) return `${k} must be a duration such as 30s.`;
  }
  if (durationSeconds(config.lifetime_min)! > durationSeconds(config.lifetime_max)!) return 'lifetime_min must not be longer than lifetime_max.';
  const ao = config.auto_observe;
  if (!(typeof ao === 'boolean' || typeof ao === 'string' || (Array.isArray(ao) && ao.every((p) => typeof p === 'string'))))
    return 'auto_observe must be true, false or a list of paths such as /3/0.';
  if (config.update_msg_publish_condition !== 'always' && config.update_msg_publish_condition !== 'contains_object_list')
    return 'update_msg_publish_condition must be always or contains_object_list.';
  const tr = config.translators as Record<string, unknown> | undefined;
  if (!tr || typeof tr !== 'object') return 'translators must give the command, response, notify, register and update topics.';
  for (const name of TRANSLATORS) {
    const t = tr[name] as { topic?: unknown; qos?: unknown } | undefined;
    if (!t || typeof t.topic !== 'string' || t.topic === '') return `translators.${name}.topic is required.`;
    if (t.qos !== undefined && t.qos !== 0 && t.qos !== 1 && t.qos !== 2) return `translators.${name}.qos must be 0, 1 or 2.`;
  }
  return validateBlockwise(config.blockwise);
}

/**
 * EMQX's consoles propose the relative `etc/lwm2m_xml/` (the definitions shipped in EMQX's etc directory); this node
 * has no etc directory and ships the same OMA definitions in DEFAULT_XML_DIR, so that value names them.
 */
export function resolveXmlDir(dir: string): string {
  return /^(\.\/)?etc\/lwm2m_xml\/?$/.test(dir.trim()) ? DEFAULT_XML_DIR : dir;
}

/** The settings a listener works with (call validateLwm2m first). */
export function lwm2mSettings(config: Record<string, unknown>): Lwm2mSettings {
  const tr = config.translators as Record<TranslatorName, { topic: string; qos?: 0 | 1 | 2 }>;
  const ao = config.auto_observe;
  return {
    xmlDir: resolveXmlDir(config.xml_dir as string),
    lifetimeMinS: durationSeconds(config.lifetime_min) ?? 15,
    lifetimeMaxS: durationSeconds(config.lifetime_max) ?? 86400,
    qmodeTimeWindowS: durationSeconds(config.qmode_time_window) ?? 22,
    autoObserve: Array.isArray(ao) ? (ao as string[]) : typeof ao === 'string' ? [ao] : ao === true,
    updateMsgPublishCondition: config.update_msg_publish_condition as Lwm2mSettings['updateMsgPublishCondition'],
    translators: Object.fromEntries(TRANSLATORS.map((n) => [n, { topic: tr[n].topic, qos: tr[n].qos ?? 0 }])) as Record<TranslatorName, Translator>,
    mountpoint: typeof config.mountpoint === 'string' ? config.mountpoint : '',
    blockwise: blockwiseSettings(config.blockwise),
  };
}
