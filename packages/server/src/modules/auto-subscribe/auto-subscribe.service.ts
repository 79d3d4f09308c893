// Auto subscribe (EMQX emqx_auto_subscribe): at client.connected every configured topic is subscribed
// for the client, with its qos/nl/rap/rh. Placeholders ${clientid}, ${username}, ${host}, ${port}
// (the client's peer address); a topic needing ${username} is skipped for a client without one, and
// an empty result is skipped too, both with a warning, as EMQX does.
import type { FastifyInstance } from 'fastify';
import type { ClientInfo, QoS } from '@mqdeck/broker';
import { isObject } from '../../config/tree';

export interface AutoSubscribeTopic {
  topic: string;
  qos: QoS;
  rh: 0 | 1 | 2;
  rap: 0 | 1;
  nl: 0 | 1;
}

/** EMQX's ?MAX_AUTO_SUBSCRIBE */
export const MAX_AUTO_SUBSCRIBE = 20;

/** `value` when it is one of `allowed` (the PUT schema and the config schema keep it so), else `fallback`. */
function level<T extends number>(value: number | undefined, allowed: readonly T[], fallback: T): T {
  return allowed.find((a) => a === value) ?? fallback;
}

/** A topic as the API or the config gives it (levels as plain numbers) with EMQX's defaults filled in. */
export function withDefaults(t: { topic: string; qos?: number; rh?: number; rap?: number; nl?: number }): AutoSubscribeTopic {
  return { topic: t.topic, qos: level(t.qos, [0, 1, 2], 0), rh: level(t.rh, [0, 1, 2], 0), rap: level(t.rap, [0, 1], 0), nl: level(t.nl, [0, 1], 0) };
}

/** The topic for one client, or an error reason when a placeholder has no value. */
export function fillPlaceholders(topic: string, c: Pick<ClientInfo, 'clientid' | 'username' | 'ipAddress' | 'port'>): { topic: string } | { error: string } {
  if (topic.includes('${username}') && !c.username) return { error: 'username_undefined' };
  const filled = topic
    .split('${clientid}')
    .join(c.clientid)
    .split('${username}')
    .join(c.username ?? '')
    .split('${host}')
    .join(c.ipAddress)
    .split('${port}')
    .join(String(c.port));
  return filled === '' ? { error: 'empty_topic' } : { topic: filled };
}

export class AutoSubscribeService {
  /** the topics as configured, read once per config change instead of at every connect (config.get copies) */
  private topics: AutoSubscribeTopic[] | null = null;
  private readonly unwatch: () => void;

  constructor(private readonly app: FastifyInstance) {
    app.broker.events.on('client.connected', this.onConnected);
    this.unwatch = app.config.watch('auto_subscribe', () => {
      this.topics = null;
    });
  }

  list(): AutoSubscribeTopic[] {
    const root = this.app.config.get<unknown>('auto_subscribe');
    const topics = isObject(root) && Array.isArray(root.topics) ? root.topics : [];
    return topics.filter((t): t is AutoSubscribeTopic => isObject(t) && typeof t.topic === 'string').map(withDefaults);
  }

  private readonly onConnected = (c: ClientInfo) => {
    this.topics ??= this.list();
    for (const t of this.topics) {
      const filled = fillPlaceholders(t.topic, c);
      if ('error' in filled) {
        this.app.log.warn({ clientid: c.clientid, topic: t.topic, reason: filled.error }, 'auto_subscribe_ignored');
        continue;
      }
      try {
        this.app.broker.subscribe(c.clientid, filled.topic, { qos: t.qos, nl: t.nl, rap: t.rap, rh: t.rh });
      } catch (err) {
        this.app.log.warn({ clientid: c.clientid, topic: filled.topic, reason: (err as Error).message }, 'auto_subscribe_failed');
      }
    }
  };

  close(): void {
    this.app.broker.events.off('client.connected', this.onConnected);
    this.unwatch();
  }
}
