// The one store instance of the console, and the hooks that read it.
import { useCallback, useSyncExternalStore } from 'react';
import { createMqttClient, workerHub } from './mqttClient';
import { createWebsocketStore } from './createWebsocketStore';
import type { ConnectionLogs, ConnectionSnapshot, StoreSnapshot } from './types';

// Start the MQTT worker with the page, not with the first connection: a worker that cannot load is found out
// (and replaced by MQTT.js on the page) before anyone clicks Connect.
workerHub();

export const websocketStore = createWebsocketStore({
  createClient: createMqttClient,
  location: typeof window === 'undefined' ? { protocol: 'http:', hostname: 'localhost' } : window.location,
});

/** Tabs, states, settings and subscriptions; unchanged by incoming messages. */
export function useWebsocketSnapshot(): StoreSnapshot {
  return useSyncExternalStore(websocketStore.subscribe, websocketStore.getSnapshot);
}

/** One connection; its object identity changes only when that connection changes (never with messages). */
export function useConnection(id: string): ConnectionSnapshot | undefined {
  return useSyncExternalStore(websocketStore.subscribe, () => websocketStore.getSnapshot().connections.find((c) => c.id === id));
}

const NOT_LISTENING = () => () => undefined;

/**
 * The message logs of one connection. With `live` false (a hidden tab or page) the hook does not listen, so a
 * flood into a connection nobody looks at costs no rendering; it reads the latest logs again once live.
 */
export function useConnectionLogs(id: string, live: boolean): ConnectionLogs {
  const subscribe = useCallback((listener: () => void) => websocketStore.subscribeLogs(id, listener), [id]);
  return useSyncExternalStore(live ? subscribe : NOT_LISTENING, () => websocketStore.getLogs(id));
}
