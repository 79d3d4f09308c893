// A module-level store for the WebSocket client: MQTT connections and their message buffers live here, outside
// React, so they survive navigating away from the page. Screens read it with useSyncExternalStore.
import type { IClientPublishOptions, IPublishPacket } from 'mqtt';
import { DEFAULT_MESSAGE_CAP } from '../model/messageLog';
import { brokerUrl, defaultSettings, toClientOptions, toUserProperties } from '../model/settings';
import type { ConnectionSettings, PageLocation, QoS, WsScheme } from '../model/settings';
import { topicProblem } from '../../../shared/topic';
import type { CreateClient, MqttLike } from './mqttClient';
import { createEndpoints, type Endpoint } from './endpoints';
import { createMessageLogs, FLOOD_FLUSH_INTERVAL_MS, FLUSH_INTERVAL_MS } from './messageLogs';
import { toLoggedProperties } from './properties';
import { WsOperationError } from './types';
import type { ConnectionProblem, ConnectionSnapshot, LoggedMessage, PublishRequest, StoreSnapshot, SubscribeRequest, SubscriptionEntry } from './types';

/** The default connection plus at most 6 more (spec §9). */
export const MAX_CONNECTIONS = 7;
/** Failed reconnect attempts before the store gives up and ends the client. */
export const MAX_RECONNECT_ATTEMPTS = 3;
export { FLOOD_BATCH, FLOOD_FLUSH_INTERVAL_MS, FLUSH_INTERVAL_MS } from './messageLogs';

export interface WebsocketStoreOptions {
  createClient: CreateClient;
  location: PageLocation;
  cap?: number;
  flushMs?: number;
  floodFlushMs?: number;
  now?: () => number;
}

interface Runtime {
  client?: MqttLike;
  /** CONNACK seen on the current client (distinguishes 'lost' from 'unreachable'). */
  connackSeen: boolean;
  userClosing: boolean;
  attempts: number;
}

export type WebsocketStore = ReturnType<typeof createWebsocketStore>;

export function createWebsocketStore(opts: WebsocketStoreOptions) {
  const flushMs = opts.flushMs ?? FLUSH_INTERVAL_MS;
  const messages = createMessageLogs({
    cap: opts.cap ?? DEFAULT_MESSAGE_CAP,
    flushMs,
    floodFlushMs: Math.max(flushMs, opts.floodFlushMs ?? FLOOD_FLUSH_INTERVAL_MS),
  });
  const now = opts.now ?? Date.now;
  const listeners = new Set<() => void>();
  const runtimes = new Map<string, Runtime>();
  let nextMessageId = 1;
  let nextConnectionNumber = 1;

  const endpoints = createEndpoints(); // the node's own ws/wss listeners once known, not EMQX's 8083/8084

  const newConnection = (isDefault: boolean): ConnectionSnapshot => {
    const n = nextConnectionNumber++;
    const id = `connection-${n}`;
    runtimes.set(id, { connackSeen: false, userClosing: false, attempts: 0 });
    messages.add(id);
    return {
      id,
      isDefault,
      settings: endpoints.apply(defaultSettings(opts.location, `connection_${n}`)),
      state: 'disconnected',
      subscriptions: [],
    };
  };

  const first = newConnection(true);
  let snapshot: StoreSnapshot = { connections: [first], activeId: first.id };

  const emit = () => listeners.forEach((l) => l());

  const update = (id: string, patch: (c: ConnectionSnapshot) => ConnectionSnapshot) => {
    let changed = false;
    const connections = snapshot.connections.map((c) => {
      if (c.id !== id) return c;
      const next = patch(c);
      changed ||= next !== c;
      return next;
    });
    if (!changed) return;
    snapshot = { ...snapshot, connections };
    emit();
  };

  const find = (id: string) => snapshot.connections.find((c) => c.id === id);

  const runtime = (id: string): Runtime => {
    const rt = runtimes.get(id);
    if (!rt) throw new Error(`Unknown connection ${id}`);
    return rt;
  };

  const detach = (rt: Runtime) => {
    const client = rt.client;
    rt.client = undefined;
    if (!client) return;
    client.removeAllListeners();
    // MQTT.js emits 'error' on late socket failures; without a listener an EventEmitter would throw.
    client.on('error', () => undefined);
    client.end(true, () => undefined);
  };

  const wire = (id: string, rt: Runtime, client: MqttLike, settings: ConnectionSettings) => {
    const version = settings.protocolVersion;
    const url = brokerUrl(settings);
    const current = () => rt.client === client;

    client.on('connect', (connack) => {
      if (!current()) return;
      rt.connackSeen = true;
      rt.attempts = 0;
      update(id, (c) => ({
        ...c,
        state: 'connected',
        problem: undefined,
        connectedAt: now(),
        // A session the broker kept still holds our subscriptions; a fresh one has none.
        subscriptions: connack.sessionPresent ? c.subscriptions : [],
      }));
    });
    client.on('reconnect', () => {
      if (!current()) return;
      rt.attempts += 1;
      if (rt.attempts > MAX_RECONNECT_ATTEMPTS) {
        detach(rt);
        update(id, (c) => ({ ...c, state: 'disconnected' }));
        return;
      }
      rt.connackSeen = false;
      update(id, (c) => ({ ...c, state: 'reconnecting' }));
    });
    client.on('error', (error) => {
      if (!current()) return;
      const code = typeof error.code === 'number' ? error.code : undefined;
      if (!rt.connackSeen && code !== undefined) {
        // A refused CONNACK (bad password, banned, …) would be refused again: stop instead of retrying.
        detach(rt);
        update(id, (c) => ({ ...c, state: 'disconnected', problem: { kind: 'refused', version, code } }));
      } else if (!rt.connackSeen) {
        update(id, (c) => ({ ...c, problem: unreachable(url, settings, error.message) }));
      }
    });
    client.on('disconnect', (packet) => {
      if (!current()) return;
      const code = packet.reasonCode ?? 0;
      update(id, (c) => ({ ...c, problem: { kind: 'serverDisconnect', version, code } }));
    });
    client.on('close', () => {
      if (!current()) return;
      if (rt.userClosing) return;
      update(id, (c) => {
        let problem: ConnectionProblem | undefined = c.problem;
        if (c.state === 'connected') {
          if (problem?.kind !== 'serverDisconnect') problem = { kind: 'lost' };
        } else if (!problem || problem.kind === 'lost') {
          problem = unreachable(url, settings);
        }
        return { ...c, state: c.state === 'reconnecting' ? 'reconnecting' : 'disconnected', problem };
      });
    });
    client.on('end', () => {
      if (!current()) return;
      rt.client = undefined;
      rt.userClosing = false;
      update(id, (c) => ({ ...c, state: 'disconnected' }));
    });
    client.on('message', (topic, payload, packet) => {
      if (!current()) return;
      messages.push(id, 'received', toLogged(topic, payload, packet));
    });
  };

  const toLogged = (topic: string, payload: Uint8Array, packet: IPublishPacket): LoggedMessage => ({
    id: nextMessageId++,
    time: now(),
    topic,
    qos: packet.qos,
    retain: packet.retain,
    payload,
    properties: toLoggedProperties(packet.properties),
  });

  const requireConnected = (id: string) => {
    const conn = find(id);
    const client = runtimes.get(id)?.client;
    if (!conn || conn.state !== 'connected' || !client) throw new WsOperationError({ kind: 'notConnected' });
    return { conn, client };
  };

  const failureFrom = (conn: ConnectionSnapshot, err: (Error & { code?: number | string }) | null | undefined, code?: number) => {
    const version = conn.connectedWith?.protocolVersion ?? conn.settings.protocolVersion;
    const reason = code ?? (typeof err?.code === 'number' ? err.code : undefined);
    if (reason !== undefined) return new WsOperationError({ kind: 'rejected', version, code: reason });
    return new WsOperationError({ kind: 'error', message: err?.message ?? 'unknown error' });
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): StoreSnapshot => snapshot,

    /** The message logs of one connection; the object changes only when they change. */
    getLogs: messages.get,

    /** Called once per flush that changed this connection's logs (and on clear). */
    subscribeLogs: messages.subscribe,

    setActive(id: string) {
      if (!find(id) || snapshot.activeId === id) return;
      snapshot = { ...snapshot, activeId: id };
      emit();
    },

    canAddConnection: () => snapshot.connections.length < MAX_CONNECTIONS,

    /** Adds a tab and makes it active; undefined when the limit of 7 is reached. */
    addConnection(): string | undefined {
      if (snapshot.connections.length >= MAX_CONNECTIONS) return undefined;
      const conn = newConnection(false);
      snapshot = { connections: [...snapshot.connections, conn], activeId: conn.id };
      emit();
      return conn.id;
    },

    /** Closes the tab and its connection; the default tab stays. */
    removeConnection(id: string) {
      const conn = find(id);
      if (!conn || conn.isDefault) return;
      const rt = runtime(id);
      detach(rt);
      runtimes.delete(id);
      messages.remove(id);
      const index = snapshot.connections.indexOf(conn);
      const connections = snapshot.connections.filter((c) => c.id !== id);
      const activeId = snapshot.activeId === id ? connections[Math.max(0, index - 1)].id : snapshot.activeId;
      snapshot = { connections, activeId };
      emit();
    },

    endpointOf: endpoints.endpointOf, // new connections get the node's listeners, and so do disconnected ones still on the previous proposal
    proposeEndpoints(next: Partial<Record<WsScheme, Endpoint>>) {
      const moved = endpoints.propose(next);
      for (const c of snapshot.connections.filter((x) => x.state === 'disconnected')) {
        const e = moved(c.settings);
        if (e) update(c.id, (x) => ({ ...x, settings: { ...x.settings, ...e } }));
      }
    },

    updateSettings(id: string, settings: ConnectionSettings) {
      update(id, (c) => ({ ...c, settings }));
    },

    connect(id: string) {
      const conn = find(id);
      if (!conn) return;
      const rt = runtime(id);
      detach(rt);
      const settings = conn.settings;
      rt.connackSeen = false;
      rt.userClosing = false;
      rt.attempts = 0;
      update(id, (c) => ({ ...c, state: 'connecting', problem: undefined, connectedWith: settings }));
      try {
        const client = opts.createClient(brokerUrl(settings), toClientOptions(settings));
        rt.client = client;
        wire(id, rt, client, settings);
      } catch (error) {
        // e.g. a SecurityError for ws:// from an https page, or a malformed URL
        const detail = error instanceof Error ? error.message : String(error);
        update(id, (c) => ({ ...c, state: 'disconnected', problem: unreachable(brokerUrl(settings), settings, detail) }));
      }
    },

    /** Sends DISCONNECT (or drops a half-open attempt) and resolves once the client has ended. */
    disconnect(id: string): Promise<void> {
      const conn = find(id);
      const rt = runtimes.get(id);
      const client = rt?.client;
      if (!conn || !rt || !client) {
        if (conn && conn.state !== 'disconnected') update(id, (c) => ({ ...c, state: 'disconnected' }));
        return Promise.resolve();
      }
      rt.userClosing = true;
      update(id, (c) => ({ ...c, state: 'disconnecting', problem: undefined }));
      return new Promise((resolve) => {
        client.end(conn.state !== 'connected', () => {
          if (rt.client === client) rt.client = undefined;
          rt.userClosing = false;
          update(id, (c) => ({ ...c, state: 'disconnected' }));
          resolve();
        });
      });
    },

    async subscribeTopic(id: string, req: SubscribeRequest): Promise<SubscriptionEntry> {
      const { conn, client } = requireConnected(id);
      const problem = topicProblem(req.topic, 'filter');
      if (problem) throw new WsOperationError({ kind: 'invalidTopic', problem });
      const v5 = conn.connectedWith?.protocolVersion === 5;
      const options = v5 ? { qos: req.qos, nl: !!req.nl, rap: !!req.rap, rh: req.rh ?? 0 } : { qos: req.qos };
      return new Promise((resolve, reject) => {
        client.subscribe(req.topic, options, (err, granted, packet) => {
          const code = reasonFromSuback(granted, packet);
          if (err || (code !== undefined && code >= 0x80)) {
            reject(failureFrom(conn, err, code !== undefined && code >= 0x80 ? code : undefined));
            return;
          }
          const entry: SubscriptionEntry = {
            topic: req.topic,
            qos: (code ?? req.qos) as QoS,
            nl: v5 && !!req.nl,
            rap: v5 && !!req.rap,
            rh: v5 ? (req.rh ?? 0) : 0,
          };
          update(id, (c) => ({ ...c, subscriptions: [...c.subscriptions.filter((s) => s.topic !== entry.topic), entry] }));
          resolve(entry);
        });
      });
    },

    async unsubscribeTopic(id: string, topic: string): Promise<void> {
      const { conn, client } = requireConnected(id);
      return new Promise((resolve, reject) => {
        client.unsubscribe(topic, (err) => {
          if (err) {
            reject(failureFrom(conn, err));
            return;
          }
          update(id, (c) => ({ ...c, subscriptions: c.subscriptions.filter((s) => s.topic !== topic) }));
          resolve();
        });
      });
    },

    async publish(id: string, req: PublishRequest): Promise<void> {
      const { conn, client } = requireConnected(id);
      const problem = topicProblem(req.topic, 'name');
      if (problem === 'wildcardInName') throw new WsOperationError({ kind: 'wildcardPublish' });
      if (problem) throw new WsOperationError({ kind: 'invalidTopic', problem });
      const v5 = conn.connectedWith?.protocolVersion === 5;
      const options: IClientPublishOptions = { qos: req.qos, retain: req.retain };
      if (v5 && req.properties) options.properties = toPublishProperties(req.properties);
      return new Promise((resolve, reject) => {
        client.publish(req.topic, req.payload, options, (err) => {
          if (err) {
            reject(failureFrom(conn, err));
            return;
          }
          messages.push(id, 'published', {
            id: nextMessageId++,
            time: now(),
            topic: req.topic,
            qos: req.qos,
            retain: req.retain,
            payload: new TextEncoder().encode(req.payload),
            properties: v5 ? req.properties : undefined,
          });
          resolve();
        });
      });
    },

    clearMessages(id: string, which: 'received' | 'published') {
      messages.clear(id, which);
    },

    /** Applies pending batches now (tests, and before reading a fresh snapshot). */
    flushNow: messages.flushNow,
  };
}

function unreachable(url: string, settings: ConnectionSettings, detail?: string): ConnectionProblem {
  const pageSecure = typeof window !== 'undefined' && window.location.protocol === 'https:';
  return { kind: 'unreachable', url, secure: settings.scheme === 'wss', pageSecure, detail };
}

function reasonFromSuback(granted: { qos: number }[] | undefined, packet: { granted?: unknown[] } | undefined) {
  const fromPacket = packet?.granted?.[0];
  if (typeof fromPacket === 'number') return fromPacket;
  if (fromPacket && typeof fromPacket === 'object' && 'qos' in fromPacket && typeof fromPacket.qos === 'number') return fromPacket.qos;
  const fromGrant = granted?.[0]?.qos;
  return typeof fromGrant === 'number' ? fromGrant : undefined;
}

function toPublishProperties(p: NonNullable<PublishRequest['properties']>): IClientPublishOptions['properties'] {
  const out: NonNullable<IClientPublishOptions['properties']> = {};
  if (p.contentType) out.contentType = p.contentType;
  if (p.responseTopic) out.responseTopic = p.responseTopic;
  // MQTT.js writes a string as binary data; its type only names Buffer.
  if (p.correlationData) out.correlationData = p.correlationData as never;
  if (p.messageExpiryInterval !== undefined) out.messageExpiryInterval = p.messageExpiryInterval;
  if (p.payloadFormatIndicator) out.payloadFormatIndicator = true;
  const userProperties = toUserProperties(p.userProperties ?? []);
  if (userProperties) out.userProperties = userProperties;
  return out;
}
