/**
 * The LwM2M registration interface's inputs (OMA-TS-LightweightM2M-V1_0_2 §5.3) as EMQX 5.8's emqx_lwm2m_session reads
 * them: the Uri-Query parameters, the CoRE link-format object list with its alternate path, queue mode / PSM.
 */
import { OPT, type CoapMessage } from '../coap/message';
import { pathList } from './cmd';
import type { ObjectDefs } from './objects';
import type { GatewayClientInfo } from '../protocol';

/** The registration info EMQX publishes as `data` of register/update messages: the query, lt as a number, the object list. */
export type RegInfo = Record<string, unknown>;

const PSM_APNS = ['Ctnb', 'psmA.eDRX0.ctnb', 'psmC.eDRX0.ctnb', 'psmF.eDRXC.ctnb'];
const QMODE_BINDINGS = ['UQ', 'SQ', 'UQS'];

/** Uri-Query options as EMQX's coap frame gives them to LwM2M: `k=v` pairs, a bare key maps to "". */
export function rawQuery(m: CoapMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of m.options) {
    if (o.number !== OPT.URI_QUERY) continue;
    const s = o.value.toString('utf8');
    const eq = s.indexOf('=');
    out[eq < 0 ? s : s.slice(0, eq)] = eq < 0 ? '' : s.slice(eq + 1);
  }
  return out;
}

/** Uri-Path segments. */
export function rawPath(m: CoapMessage): string[] {
  return m.options.filter((o) => o.number === OPT.URI_PATH).map((o) => o.value.toString('utf8'));
}

/**
 * EMQX parse_object_list: a CoRE link-format object list → its alternate path (the link with rt="oma.lwm2m", "/" when
 * none) and the object/instance links without <> and without the alternate path prefix.
 */
export function parseObjectList(payload: string): { alternatePath: string; objectList: string[] } {
  if (payload === '') return { alternatePath: '/', objectList: [] };
  const trim = (s: string) => s.replace(/^ +| +$/g, '');
  const delink = (s: string) => s.replace(/^<+/, '').replace(/>+$/, '');
  let alternatePath = '/';
  const links: string[] = [];
  for (const link of payload.split(',').reverse()) {
    const [main, ...attrs] = trim(link).split(';');
    const isAlternate = attrs.some((a) => {
      const [k, v] = trim(a).split('=', 2);
      if (v === undefined || k === '') throw new Error(`bad link attribute ${a}`);
      return k === 'rt' && v === '"oma.lwm2m"';
    });
    if (isAlternate) alternatePath = delink(trim(main));
    else links.unshift(delink(trim(main)));
  }
  if (alternatePath === '/') return { alternatePath, objectList: links };
  return { alternatePath, objectList: links.map((l) => (l.startsWith(alternatePath) ? trim(l.slice(alternatePath.length)) : l)) };
}

/** the registration info of a register/update request: the query with lt as a number, and the object list when a payload came */
export function regInfoOf(req: CoapMessage): RegInfo {
  const q: RegInfo = { ...rawQuery(req) };
  if (typeof q.lt === 'string') {
    if (!/^\d+$/.test(q.lt)) throw new Error('lt is not a number');
    q.lt = Number(q.lt);
  }
  const body = req.payload.toString('utf8');
  if (body !== '') Object.assign(q, parseObjectList(body));
  return q;
}

/** queue mode (b=UQ, SQ, UQS) or a PSM apn: commands wait while the device sleeps */
export function isCacheMode(info: RegInfo): boolean {
  return PSM_APNS.includes(String(info.apn ?? '')) || QMODE_BINDINGS.includes(String(info.b ?? ''));
}

/** objects EMQX's auto_observe leaves alone (security, server, access control, firmware...) */
const IGNORE_OBJECT = ['0', '1', '2', '4', '5', '6', '7', '9', '15'];

/**
 * What auto_observe observes after a registration: with true the registered objects (EMQX's ignored ones and those
 * without a definition left out), with a list of paths those paths.
 */
export function autoObservePaths(ao: boolean | string[], info: RegInfo, defs: ObjectDefs, noDefinition: (objectId: string) => void): string[] {
  if (ao === false) return [];
  const objects = Array.isArray(ao) ? ao : ((info.objectList as string[] | undefined) ?? []);
  return objects.filter((path) => {
    let segs: string[];
    try {
      segs = pathList(path).path;
    } catch {
      return false;
    }
    if (!Array.isArray(ao) && IGNORE_OBJECT.includes(segs[0])) return false;
    if (defs.object(Number(segs[0]))) return true;
    noDefinition(segs[0]);
    return false;
  });
}

/** The mountpoint of a device: `${endpoint_name}`, `${clientid}` and `${username}` replaced. */
export function mountpointOf(template: string, ep: string, clientid: string, username: string): string {
  return template
    .replace(/\$\{endpoint_name\}/g, ep)
    .replace(/\$\{clientid\}/g, clientid)
    .replace(/\$\{username\}/g, username);
}

/** How a registered device is known to the broker (its gateway client). */
export function deviceChannelInfo(
  peer: { address: string; port: number },
  listenerId: string,
  clientid: string,
  username: string,
  lt: number,
  isSuperuser: boolean,
  mountpoint: string,
): GatewayClientInfo {
  return {
    clientid,
    username,
    peerhost: peer.address,
    peerport: peer.port,
    listenerId,
    protoName: 'LwM2M',
    // EMQX's enrich_conninfo lists every LwM2M client with this version
    protoVer: '1.0.1',
    keepalive: lt,
    cleanStart: true,
    isSuperuser,
    mountpoint,
  };
}

/** lt held within lifetime_min/max (0 = lifetime_max; EMQX 5.8.9 reads only lifetime_max, see gateways.md) */
export function lifetimeOf(lt: number, s: { lifetimeMinS: number; lifetimeMaxS: number }): number {
  if (lt === 0) return s.lifetimeMaxS;
  return Math.min(Math.max(lt, s.lifetimeMinS), s.lifetimeMaxS);
}
