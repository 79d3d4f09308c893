// EMQX's `gateway` config root on this node: the loaded gateways' records, as GET /configs prints them (defaults
// filled, listeners in EMQX's map `listeners.<type>.<name>`, secrets masked), and a `gateway {…}` block of PUT /configs
// or of a backup's cluster.hocon applied gateway by gateway (emqx_gateway_conf: a new name is loaded, a loaded one
// updated and restarted). Each record is checked before anything changes; a bad one is a 400 with a plain sentence.
import { dirname } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ApiError } from '../../errors';
import { maskSecrets, restoreSecrets } from '../configs/secrets';
import { buildAuthenticators, normalizeAuthn } from './authn';
import { checkGatewayFields, checkListenerList, listenerDefaults, listenersPems, merge, type Raw } from './gateways.config';
import type { GatewayService } from './gateways.service';
import { gatewayProtocol } from './registry';

export const GATEWAY_ROOT = 'gateway';
const bad = (message: string) => new ApiError(400, 'UPDATE_FAILED', message);
const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** one loaded gateway's record with EMQX's defaults filled in, listeners by type and name */
function withDefaults(svc: GatewayService, name: string): Raw {
  const { listeners: _l, ...conf } = svc.conf(name);
  void _l;
  const listeners: Record<string, Record<string, Raw>> = {};
  for (const l of svc.listenersOf(name)) (listeners[l.type] ??= {})[l.name] = merge({ enable: true, bind: l.stored.bind }, merge(listenerDefaults(l.type), l.stored));
  return { ...conf, listeners };
}

/** the `gateway` root as GET /configs shows it: every loaded gateway, secrets as "******" */
export function gatewayRootView(svc: GatewayService): Raw {
  return Object.fromEntries(Object.keys(svc.rawRoot()).map((name) => [name, maskSecrets(withDefaults(svc, name))]));
}

/** the `gateway` root with its real secrets, as a backup exports it */
export function gatewayRootExport(svc: GatewayService): Raw {
  return svc.rawRoot();
}

/**
 * A gateway's whole record (fields, listeners as a list or EMQX's map by type and name, authentication) checked into
 * what it would store; 400 with a plain sentence otherwise. A masked secret ("******") keeps the stored one.
 */
export function checkGateway(svc: GatewayService, name: string, body: unknown): Raw {
  const proto = gatewayProtocol(name);
  if (!proto) throw bad(`gateway.${name}: the ${name} gateway is not available on this node`);
  if (!isObj(body)) throw bad(`gateway.${name}: expected an object of the gateway's settings`);
  const stored = svc.lookup(name) ? svc.stored(name) : {};
  const { name: _n, listeners, authentication, ...fields } = restoreSecrets(body, stored) as Raw;
  void _n;
  try {
    checkGatewayFields(proto, fields);
    const out: Raw = { ...fields, listeners: checkListenerList(proto, listeners) };
    if (authentication !== undefined) out.authentication = normalizeAuthn(name, authentication);
    return out;
  } catch (err) {
    if (err instanceof ApiError) throw bad(`gateway.${name}: ${err.message}`);
    throw err;
  }
}

/** loads the gateway with this record, or replaces a loaded one's and restarts it (the old one stays on failure) */
export async function applyGateway(svc: GatewayService, name: string, next: Raw): Promise<'loaded' | 'updated' | 'unchanged'> {
  const gw = svc.lookup(name);
  if (!gw) {
    await svc.load(name, gatewayProtocol(name)!, next);
    return 'loaded';
  }
  const app = svc.app;
  // certificates given as PEM text (a backup inlines them) become files, as a listener POST stores them
  next = { ...next, listeners: listenersPems(dirname(app.db.name), name, next.listeners) };
  const prev = svc.stored(name);
  if (isDeepStrictEqual(prev, next)) return 'unchanged';
  // the authenticators first: a backend that cannot be built leaves the running gateway as it was
  svc.restore(name, next);
  try {
    await buildAuthenticators(app, svc, gw);
  } catch (err) {
    svc.restore(name, prev);
    await buildAuthenticators(app, svc, gw).catch(() => undefined);
    throw bad(`gateway.${name}: bad authentication: ${(err as Error).message}`);
  }
  svc.restore(name, prev);
  try {
    await svc.replace(gw, next);
  } catch (err) {
    await buildAuthenticators(app, svc, gw).catch(() => undefined);
    throw err;
  }
  return 'updated';
}

/**
 * PUT /configs with a `gateway {…}` block: `merge` deep-merges each named gateway into its stored record, `replace`
 * takes the block's record as it is; gateways the block does not name are left alone (this node unloads none).
 * Every record is checked first (400 UPDATE_FAILED, nothing changed); the returned function applies them.
 */
export function planGatewayRoot(svc: GatewayService, value: unknown, mode: 'merge' | 'replace'): () => Promise<void> {
  if (!isObj(value)) throw bad('gateway: expected an object of gateways by name (stomp, mqttsn, coap, lwm2m, exproto)');
  const checked = Object.entries(value).flatMap(([name, body]): [string, Raw][] => {
    const current = svc.lookup(name) ? svc.stored(name) : undefined;
    const given = mode === 'merge' && current && isObj(body) ? merge(current, body) : body;
    const next = checkGateway(svc, name, given);
    // what GET /configs printed (defaults filled in) is no change: the gateway is not restarted for it
    return current && isDeepStrictEqual(next, checkGateway(svc, name, withDefaults(svc, name))) ? [] : [[name, next]];
  });
  return async () => {
    for (const [name, next] of checked) {
      try {
        await applyGateway(svc, name, next);
      } catch (err) {
        throw err instanceof ApiError ? bad(err.message.startsWith('gateway.') ? err.message : `gateway.${name}: ${err.message}`) : err;
      }
    }
  };
}
