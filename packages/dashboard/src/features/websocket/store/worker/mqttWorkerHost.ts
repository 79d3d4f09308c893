// The worker side: owns the MQTT.js clients, forwards their events to the page and batches incoming messages.
import type { IClientOptions, IPublishPacket } from 'mqtt';
import type { MqttLike } from '../mqttClient';
import type { FromWorker, Port, ToWorker, WireMessage } from './protocol';
import { toWireError } from './protocol';

/** How long incoming messages gather before one batch goes to the page. */
export const WORKER_BATCH_MS = 50;

type Connect = (url: string, options: IClientOptions) => MqttLike;

/** A copy that owns exactly its bytes: a parser's slice would otherwise clone (and keep) its whole buffer. */
function ownBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

function wireProperties(p: IPublishPacket['properties']): IPublishPacket['properties'] {
  if (!p) return undefined;
  const out = { ...p };
  if (p.correlationData) out.correlationData = ownBytes(p.correlationData) as typeof p.correlationData;
  return out;
}

export function serveMqtt(port: Port<ToWorker, FromWorker>, connect: Connect, batchMs = WORKER_BATCH_MS) {
  const clients = new Map<number, MqttLike>();
  const pending = new Map<number, WireMessage[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flushMessages = (cid?: number) => {
    for (const [id, batch] of pending) {
      if (cid !== undefined && id !== cid) continue;
      pending.delete(id);
      port.postMessage(
        { ev: 'messages', cid: id, batch },
        batch.map((m) => m.payload.buffer as ArrayBuffer),
      );
    }
    if (!pending.size && timer) {
      clearTimeout(timer);
      timer = undefined;
    }
  };

  // Anything else about a client goes out after its queued messages, so the page sees events in order.
  const post = (message: FromWorker) => {
    flushMessages(message.cid);
    port.postMessage(message);
  };

  const start = (cid: number, url: string, options: IClientOptions) => {
    let client: MqttLike;
    try {
      client = connect(url, options);
    } catch (error) {
      post({ ev: 'error', cid, error: toWireError(error) });
      post({ ev: 'close', cid });
      post({ ev: 'end', cid });
      return;
    }
    clients.set(cid, client);
    client.on('connect', (connack) => post({ ev: 'connect', cid, connack: { ...connack } }));
    client.on('reconnect', () => post({ ev: 'reconnect', cid }));
    client.on('close', () => post({ ev: 'close', cid }));
    client.on('end', () => post({ ev: 'end', cid }));
    client.on('error', (error) => post({ ev: 'error', cid, error: toWireError(error) }));
    client.on('disconnect', (packet) => post({ ev: 'disconnect', cid, packet: { cmd: 'disconnect', reasonCode: packet.reasonCode, properties: packet.properties } }));
    client.on('message', (topic, payload, packet) => {
      let batch = pending.get(cid);
      if (!batch) pending.set(cid, (batch = []));
      batch.push({ topic, payload: ownBytes(payload), qos: packet.qos, retain: packet.retain, properties: wireProperties(packet.properties) });
      timer ??= setTimeout(() => {
        timer = undefined;
        flushMessages();
      }, batchMs);
    });
  };

  port.addEventListener('message', ({ data: m }) => {
    if (m.op === 'connect') {
      start(m.cid, m.url, m.options);
      return;
    }
    const client = clients.get(m.cid);
    if (!client) {
      post({ ev: 'done', cid: m.cid, req: m.req, error: { message: 'Client not connected' } });
      return;
    }
    switch (m.op) {
      case 'subscribe':
        client.subscribe(m.topic, m.options, (err, granted, packet) =>
          post({ ev: 'done', cid: m.cid, req: m.req, error: err ? toWireError(err) : undefined, granted, packet: packet ? { granted: packet.granted } : undefined }),
        );
        break;
      case 'unsubscribe':
        client.unsubscribe(m.topic, (err) => post({ ev: 'done', cid: m.cid, req: m.req, error: err ? toWireError(err) : undefined }));
        break;
      case 'publish':
        client.publish(m.topic, m.payload, m.options, (err) => post({ ev: 'done', cid: m.cid, req: m.req, error: err ? toWireError(err) : undefined }));
        break;
      case 'end':
        client.end(m.force, () => {
          clients.delete(m.cid);
          post({ ev: 'done', cid: m.cid, req: m.req });
        });
        break;
    }
  });
}
