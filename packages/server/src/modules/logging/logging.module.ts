// Not a route area (GET|PUT /configs/log is served by modules/configs): makes the broker's events
// write through the node's log handlers, as EMQX logs client connects/disconnects and internal errors.
import type { FastifyInstance } from 'fastify';
import type { ClientInfo } from '@mqdeck/broker';

/** pino levels at which info entries are written (the router sets app.log.level to one of pino's names) */
const INFO_ON = new Set(['trace', 'debug', 'info']);

export default async function loggingModule(app: FastifyInstance): Promise<void> {
  // app.log itself, not a child: a child keeps the level it was created with, the router changes app.log's
  const log = app.log;
  // at the default level (warning) nothing is written: the entry is not built either (one per connect and disconnect)
  const onConnected = (c: ClientInfo) => {
    if (INFO_ON.has(log.level))
      log.info({ tag: 'MQTT', clientid: c.clientid, username: c.username, peername: `${c.ipAddress}:${c.port}`, listener: c.listener, proto_ver: c.protoVer }, 'client_connected');
  };
  const onDisconnected = (c: ClientInfo, reason: string) => {
    if (INFO_ON.has(log.level)) log.info({ tag: 'MQTT', clientid: c.clientid, username: c.username, reason }, 'client_disconnected');
  };
  const onError = (err: unknown) => log.error({ tag: 'MQTT', reason: err instanceof Error ? err.message : String(err) }, 'broker_internal_error');
  app.broker.events.on('client.connected', onConnected);
  app.broker.events.on('client.disconnected', onDisconnected);
  app.broker.events.on('broker.error', onError);
  app.addHook('onClose', async () => {
    app.broker.events.off('client.connected', onConnected);
    app.broker.events.off('client.disconnected', onDisconnected);
    app.broker.events.off('broker.error', onError);
  });
}
