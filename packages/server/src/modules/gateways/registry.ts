/**
 * The gateway protocols this node serves. Each protocol adds one import and one entry to PROTOCOLS; the API lists
 * every name of GATEWAY_NAMES (unloaded until an operator loads it) and refuses to load a name without a protocol.
 */
import type { GatewayProtocol } from './protocol';
import { stomp } from './stomp';
import { coapProtocol } from './coap/gateway';
import { mqttsnProtocol } from './mqttsn';
import { exprotoProtocol } from './exproto';
import { lwm2mProtocol } from './lwm2m/gateway';

/** Every gateway EMQX 5.8 knows, in the order GET /gateways lists them. */
export const GATEWAY_NAMES = ['stomp', 'mqttsn', 'coap', 'lwm2m', 'exproto'] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

/** One line per protocol. */
const PROTOCOLS: GatewayProtocol[] = [stomp, coapProtocol, mqttsnProtocol, lwm2mProtocol, exprotoProtocol];

const byName = new Map<string, GatewayProtocol>(PROTOCOLS.map((p) => [p.name, p]));

/** the protocol serving `name`, or undefined when this node has none (the gateway cannot be loaded) */
export function gatewayProtocol(name: string): GatewayProtocol | undefined {
  return byName.get(name);
}

/** true for the five names EMQX knows (unknown names answer 404) */
export function isGatewayName(name: string): name is GatewayName {
  return (GATEWAY_NAMES as readonly string[]).includes(name);
}
