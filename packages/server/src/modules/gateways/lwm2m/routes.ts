// /gateways/lwm2m/clients/{clientid}/lookup, /observe, /read, /write (EMQX 5.8 emqx_lwm2m_api): the last answer of a
// command on a path, and commands sent to a registered device from the API (their answers go to the response topic
// as for MQTT commands).
import type { FastifyInstance } from 'fastify';
import type { ReplyOf } from '@mqdeck/api';
import { route } from '../../../contract/route';
import { ApiError } from '../../../errors';
import type { GatewayService } from '../gateways.service';
import type { Lwm2mSession } from './session';
import { sessionOf } from './sessions';
import { parseObjectList } from './registration';
import { pathList } from './cmd';
import { loadObjectDefs, type ObjectDefs } from './objects';
import { lwm2mSettings } from './config';

const clientNotFound = (message: string) => new ApiError(404, 'CLIENT_NOT_FOUND', message);
const as = <T>(v: unknown): T => v as T;
const str = (v: unknown): string => (Array.isArray(v) ? String(v[0]) : v === undefined ? '' : String(v));

function sessionFor(svc: GatewayService, clientid: string, message: string): Lwm2mSession {
  const gw = svc.lookup('lwm2m');
  const c = gw?.clients.get(clientid);
  const s = c ? sessionOf(c.sink) : undefined;
  if (!s || s.isClosed) throw clientNotFound(message);
  return s;
}

/** EMQX format_cmd_content for discover: the resources of the object with their definitions */
function discoverContent(content: unknown, defs: ObjectDefs): unknown[] {
  if (!Array.isArray(content) || content.length === 0) return [];
  const links = content.map((l) => parseObjectList(String(l)).objectList[0] ?? '');
  const [head, ...rest] = links;
  const objectId = Number(head.replace(/^\/+/, '').split('/')[0]);
  const def = defs.object(objectId);
  return rest.map((path) => {
    if (!def) return { [path]: path };
    let rid: number;
    try {
      rid = Number(pathList(path).path[2]);
    } catch {
      return { [path]: path };
    }
    const r = def.resources.get(rid);
    if (!r) return { [path]: path };
    return r.operations === 'E' ? { operations: 'E', path, name: r.name } : { dataType: r.type, operations: r.operations, path, name: r.name };
  });
}

export function registerLwm2mRoutes(app: FastifyInstance, svc: () => GatewayService): void {
  let cached: { dir: string; defs: Promise<ObjectDefs> } | undefined;
  const defs = (): Promise<ObjectDefs> => {
    const dir = lwm2mSettings(svc().conf('lwm2m')).xmlDir;
    if (!cached || cached.dir !== dir) cached = { dir, defs: loadObjectDefs(dir) };
    return cached.defs;
  };

  route(app, 'get', '/gateways/lwm2m/clients/{clientid}/lookup', {
    handler: async (req) => {
      const q = req.query as Record<string, unknown>;
      const path = str(q.path);
      const action = str(q.action);
      const s = sessionFor(svc(), req.params.clientid, 'Client not found');
      const r = s.records.get(path, action);
      const base = { clientid: req.params.clientid, action, path };
      if (!r) return as<ReplyOf<'/gateways/lwm2m/clients/{clientid}/lookup', 'get', 200>>({ ...base, code: '6.01', codeMsg: 'reply_not_received' });
      const out: Record<string, unknown> = { ...base, code: r.code, codeMsg: r.codeMsg };
      if (r.content !== undefined) out.content = action === 'discover' ? discoverContent(r.content, await defs()) : r.content;
      return as<ReplyOf<'/gateways/lwm2m/clients/{clientid}/lookup', 'get', 200>>(out);
    },
  });

  route(app, 'post', '/gateways/lwm2m/clients/{clientid}/observe', {
    handler: async (req, reply) => {
      const q = req.query as Record<string, unknown>;
      const s = sessionFor(svc(), req.params.clientid, 'Clientid not found');
      const enable = str(q.enable) === 'true';
      s.sendCommand({ msgType: enable ? 'observe' : 'cancel-observe', data: { path: str(q.path) } });
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/gateways/lwm2m/clients/{clientid}/read', {
    handler: async (req, reply) => {
      const q = req.query as Record<string, unknown>;
      const s = sessionFor(svc(), req.params.clientid, 'clientid not found');
      s.sendCommand({ msgType: 'read', data: { path: str(q.path) } });
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/gateways/lwm2m/clients/{clientid}/write', {
    handler: async (req, reply) => {
      const q = req.query as Record<string, unknown>;
      const s = sessionFor(svc(), req.params.clientid, 'Clientid not found');
      s.sendCommand({ msgType: 'write', data: { path: str(q.path), type: str(q.type), value: str(q.value) } });
      return reply.code(204).send();
    },
  });
}
