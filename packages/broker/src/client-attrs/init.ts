// mqtt.client_attrs_init at CONNECT: each {expression, set_as_attr} in order, after the client id and username are
// settled and before authentication (EMQX enrich_client). An expression that fails or yields '' sets nothing;
// later expressions see the attributes set before them as client_attrs.<name>.
import type { IConnectPacket } from 'mqtt-packet';
import type { ClientAttrInit, ConnInfo } from '../types';
import { compileVariform, renderVariform, type Bindings, type Compiled } from './variform';
import type { Value } from './functions';

const compiled = new Map<string, Compiled | null>();

function compiledOf(expr: string): Compiled | null {
  let c = compiled.get(expr);
  if (c === undefined) {
    try {
      c = compileVariform(expr);
    } catch {
      c = null; // refused when configured; a stale config value is skipped like EMQX skips a failing one
    }
    if (compiled.size > 1000) compiled.clear();
    compiled.set(expr, c);
  }
  return c;
}

export interface ClientFacts {
  clientid: string;
  username: string | null;
  info: ConnInfo;
  packet: IConnectPacket;
}

/** EMQX's ClientInfo as variform sees it; cn/dn exist only when the client showed a certificate */
function bindingsOf(f: ClientFacts): Bindings {
  const userProps: Record<string, Value> = {};
  for (const [k, v] of Object.entries(f.packet.properties?.userProperties ?? {})) {
    userProps[k] = Array.isArray(v) ? v[v.length - 1] : v; // a repeated name: the last one wins, as in EMQX
  }
  const cert = f.info.peerCert;
  return {
    clientid: f.clientid,
    username: f.username,
    peerhost: f.info.peerhost,
    peerport: f.info.peerport,
    sockport: f.info.sockport,
    zone: f.info.zone ?? 'default',
    listener: f.info.listener,
    protocol: 'mqtt',
    mountpoint: f.info.mountpoint || null,
    is_bridge: false, // as GET /clients reports it (the broker does not read the bridge bit)
    is_superuser: false,
    enable_authn: f.info.enableAuthn ?? true,
    user_property: userProps,
    ...(cert ? { cn: cert.commonName ?? null, dn: cert.subject ?? null } : {}),
  };
}

/** the attributes of a client that has none: one frozen object shared by every such connection */
export const NO_CLIENT_ATTRS: Record<string, string> = Object.freeze({});

export function initClientAttrs(inits: readonly ClientAttrInit[], facts: ClientFacts): Record<string, string> {
  if (inits.length === 0) return NO_CLIENT_ATTRS;
  const attrs: Record<string, string> = {};
  const bindings = bindingsOf(facts);
  for (const { expression, setAsAttr } of inits) {
    const c = compiledOf(expression);
    if (!c) continue;
    try {
      const value = renderVariform(c, { ...bindings, client_attrs: { ...attrs } });
      if (value !== '') attrs[setAsAttr] = value;
    } catch {
      // EMQX logs client_attr_initialization_failed and goes on without this attribute
    }
  }
  return attrs;
}
