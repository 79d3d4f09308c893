// The `mqtt` connector type (EMQX's MQTT bridge, emqx_bridge_mqtt): a pool of MQTT clients connected to a remote
// broker, shared by `mqtt` actions (publish rule outputs there) and `mqtt` sources (subscribe there and feed
// `$bridges/mqtt:<name>` rules). EMQX's mqtt action does not batch (its resource_opts have no batch_size).
import { ApiError } from '../../../../errors';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, SendOutcome, SourceInstance, TypeContext } from '../../resource/types';
import { poolClientid } from './clientid';
import { readConnectorConfig, type ClientIdentity, type MqttConnectorConfig } from './config';
import { readEgressParams, renderEgress } from './egress';
import { ingressMessage, matches, readIngressParams } from './ingress';
import { MqttPool, type OutgoingMessage } from './pool';

class MqttConnector implements ConnectorInstance {
  constructor(readonly pool: MqttPool) {}
  health(): Promise<Health> {
    return Promise.resolve(this.pool.health());
  }
  stop(): Promise<void> {
    return this.pool.stop();
  }
}

/** the workers' identities: this node's static client ids when the connector lists some, else one per pool slot */
export function poolIdentities(cfg: MqttConnectorConfig, connectorName: string, node: string): ClientIdentity[] {
  if (cfg.staticClientids.length > 0) return cfg.staticClientids.filter((e) => e.node === node).flatMap((e) => e.ids);
  return Array.from({ length: cfg.poolSize }, (_, i) => ({
    clientid: poolClientid(connectorName, node, cfg.clientidPrefix, i + 1),
    ...(cfg.username !== undefined ? { username: cfg.username } : {}),
    ...(cfg.password !== undefined ? { password: cfg.password } : {}),
  }));
}

/** a config problem as the API's 400 */
function checked<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(400, 'BAD_REQUEST', (err as Error).message);
  }
}

const nameOf = (connectorId: string) => connectorId.slice(connectorId.indexOf(':') + 1);

function connectorOf(c: ConnectorInstance): MqttConnector {
  if (!(c instanceof MqttConnector)) throw new Error('An mqtt action or source needs an mqtt connector.');
  return c;
}

export const mqttType: ConnectorType = {
  type: 'mqtt',
  check(config) {
    checked(() => readConnectorConfig(config));
  },
  async start(config, ctx: TypeContext) {
    const cfg = readConnectorConfig(config);
    const pool = new MqttPool(cfg, poolIdentities(cfg, nameOf(ctx.connectorId), ctx.nodeName), ctx.tls(cfg.ssl));
    await pool.start();
    ctx.log.info('mqtt connector started', { connector: ctx.connectorId, server: cfg.server, pool_size: pool.size });
    return new MqttConnector(pool);
  },
  action: {
    batches: false,
    check(parameters) {
      readEgressParams(parameters);
    },
    async start(parameters, connector, ctx): Promise<ActionInstance> {
      const { pool } = connectorOf(connector);
      const params = readEgressParams(parameters);
      if (!pool.cfg.cleanStart) {
        // EMQX warns too: a kept session may hold subscriptions whose messages nobody handles
        ctx.log.warn('mqtt action on a connector with clean_start = false: messages of old subscriptions may arrive unhandled', {
          connector: ctx.connectorId,
        });
      }
      const v5 = pool.cfg.protoVer === 5;
      return {
        render: (selected) => renderEgress(params, selected, v5),
        async send(requests): Promise<SendOutcome> {
          for (const r of requests) {
            const outcome = await pool.publish(r as OutgoingMessage);
            if (!outcome.ok) return outcome;
          }
          return { ok: true };
        },
      };
    },
  },
  source: {
    check(parameters) {
      readIngressParams(parameters);
    },
    async start(parameters, connector, ctx, emit): Promise<SourceInstance> {
      const { pool } = connectorOf(connector);
      const params = readIngressParams(parameters);
      if (params.downgraded) ctx.log.warn('mqtt source: QoS 2 is subscribed as QoS 1', { source: ctx.sourceId });
      if (pool.size > 1 && !pool.spreads(params.topic)) {
        // EMQX's mqtt_pool_size_ignored
        ctx.log.warn('mqtt source: the remote topic is not a shared subscription, so one connection of the pool receives it', {
          source: ctx.sourceId,
          pool_size: pool.size,
        });
      }
      const off = pool.onMessage((topic, payload, packet) => {
        if (matches(params, topic)) emit(ingressMessage(pool.cfg.server, topic, payload, packet));
      });
      try {
        await pool.subscribe(params.topic, params.qos, params.noLocal);
      } catch (err) {
        off();
        throw err;
      }
      return {
        async stop() {
          off();
          await pool.unsubscribe(params.topic);
        },
      };
    },
  },
};
