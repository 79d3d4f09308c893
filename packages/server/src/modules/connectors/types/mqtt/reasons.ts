// What the operator reads when the MQTT bridge cannot connect or publish: EMQX's own explanations for a refused
// and a closed connection (emqx_bridge_mqtt_connector:explain_error), plain sentences for the rest, and which
// publish failures the resource layer retries (EMQX classify_error / classify_reply).
import type { SendOutcome } from '../../resource/types';

const REFUSED =
  'Connection refused. This error indicates that your connection attempt to the MQTT server was rejected. ' +
  'In simpler terms, the server you tried to connect to refused your request. There can be multiple reasons for this. ' +
  "For example, the MQTT server you're trying to connect to might be down or not running at all or you might have " +
  'provided the wrong address or port number for the server.';

const CLOSED =
  'Your MQTT connection attempt was unsuccessful. It might be at its maximum capacity for handling new connections. ' +
  'To diagnose the issue further, you can check the server logs for any specific messages related to the ' +
  'unavailability or connection limits.';

type ErrorLike = { code?: unknown; message?: string };

/** why connecting to `server` failed */
export function connectFailure(err: ErrorLike, server: string, timeoutMs: number): string {
  // MQTT.js's own timer: no CONNACK within connectTimeout
  const code = err.message === 'connack timeout' ? 'ETIMEDOUT' : err.code;
  switch (code) {
    case 'ECONNREFUSED':
      return REFUSED;
    case 'CLOSED':
    case 'ECONNRESET':
      return CLOSED;
    case 'ETIMEDOUT':
      return `The MQTT server at ${server} did not answer within ${Math.round(timeoutMs / 1000)} s.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host name of ${server} could not be resolved.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `The MQTT server at ${server} cannot be reached from this node.`;
  }
  const message = err.message ?? String(err.code);
  // a CONNACK refusal: MQTT.js says "Connection refused: Not authorized"
  if (typeof err.code === 'number') return `The MQTT server refused the connection: ${message.replace(/^Connection refused: /, '')}.`;
  return `Connecting to the MQTT server at ${server} failed: ${message}.`;
}

export const lostConnection = (server: string): string => `The connection to the MQTT server at ${server} is down; reconnecting.`;

export const cutOff = (server: string): string => `The connection to the MQTT server at ${server} was lost before it acknowledged the message.`;

/** PACKET_IDENTIFIER_IN_USE: a restarted client reused an id the server still remembers; sending again works */
const RC_PACKET_ID_IN_USE = 0x91;

/** a publish the server did not acknowledge */
export function publishFailure(err: ErrorLike): SendOutcome {
  if (typeof err.code === 'number') {
    const reason = `The MQTT server refused the message: ${(err.message ?? '').replace(/^Publish error: /, '')} (reason code ${err.code}).`;
    return { ok: false, recoverable: err.code === RC_PACKET_ID_IN_USE, reason };
  }
  // the connection closed before the acknowledgement: the layer sends it again
  return { ok: false, recoverable: true, reason: `The message was not acknowledged: ${err.message ?? 'connection closed'}.` };
}
