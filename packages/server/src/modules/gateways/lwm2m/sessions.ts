/** channel sink → its LwM2M session: the API routes reach a client's session through the core's client list. */
import type { GatewayChannelSink } from '../protocol';
import type { Lwm2mSession } from './session';

const sessionsBySink = new WeakMap<GatewayChannelSink, Lwm2mSession>();

export function bindSession(sink: GatewayChannelSink, s: Lwm2mSession): void {
  sessionsBySink.set(sink, s);
}

/** the session behind a gateway client's sink, or undefined when the client is not an LwM2M device */
export function sessionOf(sink: GatewayChannelSink): Lwm2mSession | undefined {
  return sessionsBySink.get(sink);
}
