// Starts the MQTT listeners of `listeners.{tcp,ssl,ws,wss}.*` through the broker. A listener that cannot
// bind is logged with its id and address and left stopped: the node (and /status) keeps running.
import type { Broker, Listener } from '@mqdeck/broker';
import type { FastifyBaseLogger } from 'fastify';
import type { ConfigService } from '../config/config.service';
import { LISTENER_TYPES, toListenerConfig, type Tls } from '../config/listeners';

export async function startListeners(
  broker: Broker,
  config: ConfigService,
  tls: () => Promise<Tls>,
  log: FastifyBaseLogger,
): Promise<Map<string, Listener>> {
  const listeners = new Map<string, Listener>();
  for (const type of LISTENER_TYPES) {
    const named = config.get<Record<string, Record<string, any>>>(`listeners.${type}`) ?? {};
    for (const [name, raw] of Object.entries(named)) {
      if (raw.enable === false) continue;
      const id = `${type}:${name}`;
      try {
        const listenerConfig = toListenerConfig(type, name, raw, type === 'ssl' || type === 'wss' ? await tls() : undefined);
        const listener = broker.createListener(listenerConfig);
        listeners.set(id, listener);
        await listener.start();
        log.info(`listener ${id} started on ${listenerConfig.bind.host}:${listener.port}`);
      } catch (err) {
        log.error(`listener ${id} failed to start on ${JSON.stringify(raw.bind)}: ${(err as Error).message}`);
      }
    }
  }
  return listeners;
}
