// The port and path the WebSocket client proposes per scheme: EMQX's defaults (8083/8084, /mqtt) until the node's
// own listeners are known (useNodeEndpoints), then those.
import { DEFAULT_PATH, defaultPort } from '../model/settings';
import type { ConnectionSettings, WsScheme } from '../model/settings';

/** Where a WebSocket listener takes MQTT: its port and path. */
export interface Endpoint {
  port: number;
  path: string;
}

export function createEndpoints() {
  let proposed: Partial<Record<WsScheme, Endpoint>> = {};
  const endpointOf = (scheme: WsScheme): Endpoint => proposed[scheme] ?? { port: defaultPort(scheme), path: DEFAULT_PATH };
  /**
   * Takes a new proposal; the returned check gives the endpoint a connection's settings should move to: only
   * settings still on the previous proposal move (an address the operator typed is left alone).
   */
  const propose = (next: Partial<Record<WsScheme, Endpoint>>) => {
    const before = { ws: endpointOf('ws'), wss: endpointOf('wss') };
    proposed = { ...proposed, ...next };
    return (s: Pick<ConnectionSettings, 'scheme' | 'port' | 'path'>): Endpoint | undefined => {
      const was = before[s.scheme];
      const now = endpointOf(s.scheme);
      const onPrevious = s.port === was.port && s.path === was.path;
      return onPrevious && (now.port !== was.port || now.path !== was.path) ? now : undefined;
    };
  };
  const apply = <S extends ConnectionSettings>(s: S): S => ({ ...s, ...endpointOf(s.scheme) });
  return { endpointOf, propose, apply };
}
