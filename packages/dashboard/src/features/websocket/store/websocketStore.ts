// The one store instance of the console, and the hooks that read it.
import { useSyncExternalStore } from 'react';
import { createMqttClient } from './mqttClient';
import { createWebsocketStore } from './createWebsocketStore';
import type { ConnectionSnapshot, StoreSnapshot } from './types';

export const websocketStore = createWebsocketStore({
  createClient: createMqttClient,
  location: typeof window === 'undefined' ? { protocol: 'http:', hostname: 'localhost' } : window.location,
});

export function useWebsocketSnapshot(): StoreSnapshot {
  return useSyncExternalStore(websocketStore.subscribe, websocketStore.getSnapshot);
}

/** One connection; its object identity changes only when that connection changes. */
export function useConnection(id: string): ConnectionSnapshot | undefined {
  return useSyncExternalStore(websocketStore.subscribe, () =>
    websocketStore.getSnapshot().connections.find((c) => c.id === id),
  );
}
