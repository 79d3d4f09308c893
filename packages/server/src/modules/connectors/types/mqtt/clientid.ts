// The MQTT bridge's client ids, built as EMQX 5.8 builds them (emqx_bridge_mqtt_lib, emqx_bridge_mqtt_connector
// mk_clientid): a base of the connector name and 8 hex digits of the node name's SHA-1 (so two nodes never clash),
// then `:<index>` of the pool worker; kept within 23 bytes by hashing when it would be longer. The console's
// "prefix:name:direction:node:index" description is EMQX's stale doc text: the peer broker sees these ids.
import { createHash } from 'node:crypto';

const MAX_PREFIX_BYTES = 19;

/** the first `length` hex digits of the SHA-1 of `text` (EMQX's shortener) */
const shortener = (text: string, length: number): string => createHash('sha1').update(text, 'utf8').digest('hex').slice(0, length);

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** `<name><sha1(node)[0..8]>` */
export const clientidBase = (name: string, node: string): string => `${name}${shortener(node, 8)}`;

/** `<base>:<index>`, or its hash when longer than `max` bytes */
function bytesN(base: string, index: number, max: number): string {
  const concat = `${base}:${index}`;
  return bytes(concat) <= max ? concat : shortener(concat, max);
}

/** the client id of pool worker `index` (1-based) */
export function poolClientid(name: string, node: string, prefix: string | undefined, index: number): string {
  const base = clientidBase(name, node);
  if (!prefix) return bytesN(base, index, 23);
  // a short prefix leaves at least 4 bytes of hash; a longer one gives up on the 23-byte limit
  if (bytes(prefix) <= MAX_PREFIX_BYTES) return `${prefix}${bytesN(base, index, 23 - bytes(prefix))}`;
  return `${prefix}${base}:${index}`;
}
