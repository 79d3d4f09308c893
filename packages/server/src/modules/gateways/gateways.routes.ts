// /gateways… (EMQX 5.8 emqx_gateway_api, _listeners, _authn, _clients): list, load/update, enable, listeners,
// the gateway's authenticator and its built-in users, clients with search, kick and subscriptions.
// Bodies are checked by gateways.config.ts and the authentication kinds (plain sentences), not by the document's
// schemas; path and query parameters by the document's.
import type { FastifyInstance } from 'fastify';
import type { ReplyOf } from '@mqdeck/api';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { pageOf, parsePaging, single } from '../../shared/paging';
import { restoreSecrets } from '../configs/secrets';
import type { Raw } from './gateways.config';
import { clientView, gatewayDetail, gatewayMetrics, gatewayOverview, listenerWithStatus } from './gateways.format';
import { isGatewayName } from './registry';
import type { GatewayService } from './gateways.service';
import { registerAuthenticationRoutes } from './authentication.routes';
import { registerLwm2mRoutes } from './lwm2m/routes';
import { registerCoapRoutes } from './coap/routes';

export const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);
export const notFound = (message: string) => new ApiError(404, 'RESOURCE_NOT_FOUND', message);
const STATUSES = ['running', 'stopped', 'unloaded'];
// the handlers answer EMQX's shapes, built in gateways.format.ts; the contract's unions are not spelled out here
export const as = <T>(v: unknown): T => v as T;
export const bodyOf = (b: unknown): Raw => {
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw bad('The body must be a JSON object');
  return b as Raw;
};

export default async function gatewaysRoutes(app: FastifyInstance): Promise<void> {
  const svc = (): GatewayService => app.gateways;
  const node = () => app.nodeName;
  const params = (c: { params?: unknown; querystring?: unknown }) =>
    (c.querystring === undefined ? { params: c.params } : { params: c.params, querystring: c.querystring }) as never;

  route(app, 'get', '/gateways', {
    schema: {},
    handler: async (req) => {
      const status = single((req.query as Record<string, unknown>).status) ?? 'all';
      if (status !== 'all' && !STATUSES.includes(status)) throw bad(`Unknown gateway status in query: ${status}\nValues allowed: ${STATUSES.join(', ')}`);
      const all = svc()
        .names()
        .map((n) => gatewayOverview(svc(), node(), n));
      return as<ReplyOf<'/gateways', 'get', 200>>(status === 'all' ? all : all.filter((g) => g.status === status));
    },
  });

  route(app, 'get', '/gateways/{name}', {
    schema: params,
    handler: async (req) => as<ReplyOf<'/gateways/{name}', 'get', 200>>(gatewayDetail(svc(), req.params.name)),
  });

  // MQDeck extension (docs/api-extensions.md, name gateway_metrics): the gateway's counters, which EMQX keeps per
  // gateway but shows only through `emqx ctl gateway-metrics`
  route(app, 'get', '/mqdeck/gateways/{name}/metrics', {
    schema: { params: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
    handler: async (req) => {
      const { name } = req.params;
      if (!isGatewayName(name)) throw notFound(`Unknown gateway ${JSON.stringify(name)}`);
      return as<ReplyOf<'/mqdeck/gateways/{name}/metrics', 'get', 200>>(gatewayMetrics(svc(), node(), name));
    },
  });

  route(app, 'put', '/gateways/{name}', {
    schema: params,
    handler: async (req, reply) => {
      const body = bodyOf(req.body);
      const stored = svc().lookup(req.params.name) ? svc().conf(req.params.name) : {};
      await svc().put(req.params.name, restoreSecrets(body, stored) as Raw);
      return reply.code(204).send();
    },
  });

  route(app, 'put', '/gateways/{name}/enable/{enable}', {
    schema: params,
    handler: async (req, reply) => {
      const enable = String(req.params.enable);
      if (enable !== 'true' && enable !== 'false') throw bad(`enable: expected true or false, got '${enable}'`);
      if (!svc().lookup(req.params.name)) throw notFound('NOT FOUND');
      await svc().enable(req.params.name, enable === 'true');
      return reply.code(204).send();
    },
  });

  // ------------------------------------------------------------------ listeners

  route(app, 'get', '/gateways/{name}/listeners', {
    schema: params,
    handler: async (req) => {
      const s = svc();
      s.need(req.params.name);
      return as<ReplyOf<'/gateways/{name}/listeners', 'get', 200>>(s.listenersOf(req.params.name).map((l) => listenerWithStatus(s, node(), req.params.name, l.id)));
    },
  });

  route(app, 'post', '/gateways/{name}/listeners', {
    schema: params,
    handler: async (req, reply) => {
      const view = await svc().addListener(req.params.name, bodyOf(req.body));
      return reply.code(201).send(as(view));
    },
  });

  route(app, 'get', '/gateways/{name}/listeners/{id}', {
    schema: params,
    handler: async (req) => {
      const s = svc();
      s.need(req.params.name);
      s.parseListenerId(req.params.name, req.params.id);
      const v = s.listenerView(req.params.name, req.params.id);
      if (!v) throw notFound('Listener not found');
      return as<ReplyOf<'/gateways/{name}/listeners/{id}', 'get', 200>>(v);
    },
  });

  route(app, 'put', '/gateways/{name}/listeners/{id}', {
    schema: params,
    handler: async (req) => {
      const s = svc();
      s.need(req.params.name);
      const stored = s.listenerView(req.params.name, req.params.id) ?? {};
      const body = restoreSecrets(bodyOf(req.body), stored) as Raw;
      return as<ReplyOf<'/gateways/{name}/listeners/{id}', 'put', 200>>(await s.updateListener(req.params.name, req.params.id, body));
    },
  });

  route(app, 'delete', '/gateways/{name}/listeners/{id}', {
    schema: params,
    handler: async (req, reply) => {
      await svc().removeListener(req.params.name, req.params.id);
      return reply.code(204).send();
    },
  });

  registerAuthenticationRoutes(app, svc);
  registerLwm2mRoutes(app, svc);
  registerCoapRoutes(app, svc);

  // ------------------------------------------------------------------ clients

  route(app, 'get', '/gateways/{name}/clients', {
    schema: params,
    handler: async (req) => {
      const s = svc();
      const q = req.query as Record<string, unknown>;
      const paging = parsePaging(q);
      const likeId = single(q.like_clientid);
      const likeUser = single(q.like_username);
      const exact = { clientid: single(q.clientid), username: single(q.username), ip_address: single(q.ip_address), proto_ver: single(q.proto_ver) };
      // LwM2M's own keys (emqx_gateway_api_clients: endpoint_name, like_endpoint_name, gte_lifetime, lte_lifetime)
      const ep = { exact: single(q.endpoint_name), like: single(q.like_endpoint_name), gte: single(q.gte_lifetime), lte: single(q.lte_lifetime) };
      const extraOf = (c: { info: { extra?: () => Record<string, unknown> } }) => c.info.extra?.() ?? {};
      const nodeQ = single(q.node);
      const clients = nodeQ !== undefined && nodeQ !== node() ? [] : s.clients(req.params.name);
      const fuzzy = likeId !== undefined || likeUser !== undefined || ep.like !== undefined;
      return as<ReplyOf<'/gateways/{name}/clients', 'get', 200>>(
        pageOf(clients, paging, {
          filter: (c) =>
            (exact.clientid === undefined || c.info.clientid === exact.clientid) &&
            (exact.username === undefined || c.info.username === exact.username) &&
            (exact.ip_address === undefined || c.info.peerhost === exact.ip_address) &&
            (exact.proto_ver === undefined || c.info.protoVer === exact.proto_ver) &&
            (likeId === undefined || c.info.clientid.includes(likeId)) &&
            (likeUser === undefined || (c.info.username ?? '').includes(likeUser)) &&
            (ep.exact === undefined || extraOf(c).endpoint_name === ep.exact) &&
            (ep.like === undefined || String(extraOf(c).endpoint_name ?? '').includes(ep.like)) &&
            (ep.gte === undefined || Number(extraOf(c).lifetime) >= Number(ep.gte)) &&
            (ep.lte === undefined || Number(extraOf(c).lifetime) <= Number(ep.lte)),
          map: (c) => clientView(node(), c),
          count: !fuzzy,
        }),
      );
    },
  });

  const client = (name: string, clientid: string) => {
    const c = svc()
      .clients(name)
      .find((x) => x.info.clientid === clientid);
    if (!c) throw notFound('Client not found');
    return c;
  };

  route(app, 'get', '/gateways/{name}/clients/{clientid}', {
    schema: params,
    handler: async (req) => as<ReplyOf<'/gateways/{name}/clients/{clientid}', 'get', 200>>(clientView(node(), client(req.params.name, req.params.clientid))),
  });

  route(app, 'delete', '/gateways/{name}/clients/{clientid}', {
    schema: params,
    handler: async (req, reply) => {
      if (!svc().kick(req.params.name, req.params.clientid)) throw notFound('Client not found');
      return reply.code(204).send();
    },
  });

  const subView = (mountpoint: string | undefined, s: { topic: string; qos: number }) => ({ topic: (mountpoint ?? '') + s.topic, qos: s.qos, nl: 0, rap: 0, rh: 1 });

  route(app, 'get', '/gateways/{name}/clients/{clientid}/subscriptions', {
    schema: params,
    handler: async (req) => {
      svc().need(req.params.name);
      const c = svc()
        .clients(req.params.name)
        .find((x) => x.info.clientid === req.params.clientid);
      if (!c) throw notFound('client process not found');
      return as<ReplyOf<'/gateways/{name}/clients/{clientid}/subscriptions', 'get', 200>>(c.channel.subscriptions().map((s) => subView(c.info.mountpoint, s)));
    },
  });

  route(app, 'post', '/gateways/{name}/clients/{clientid}/subscriptions', {
    schema: params,
    handler: async (req, reply) => {
      svc().need(req.params.name);
      const b = bodyOf(req.body);
      if (b.topic === undefined) throw bad('Miss topic property');
      if (typeof b.topic !== 'string' || b.topic === '') throw bad('topic must be a non-empty string');
      const qos = b.qos ?? 0;
      if (qos !== 0 && qos !== 1 && qos !== 2) throw bad('qos must be 0, 1 or 2');
      const c = svc()
        .clients(req.params.name)
        .find((x) => x.info.clientid === req.params.clientid);
      if (!c) throw notFound('client process not found');
      let granted: number | 'denied';
      try {
        granted = await c.channel.subscribe(b.topic, { qos });
      } catch (err) {
        throw bad((err as Error).message);
      }
      if (granted === 'denied') throw bad(`Subscription to ${b.topic} is not authorized`);
      return reply.code(201).send({ ...subView(c.info.mountpoint, { topic: b.topic, qos: granted }), nl: Number(b.nl ?? 0), rap: Number(b.rap ?? 0), rh: Number(b.rh ?? 1) });
    },
  });

  route(app, 'delete', '/gateways/{name}/clients/{clientid}/subscriptions/{topic}', {
    schema: params,
    handler: async (req, reply) => {
      svc().need(req.params.name);
      const c = svc()
        .clients(req.params.name)
        .find((x) => x.info.clientid === req.params.clientid);
      if (!c || !c.channel.subscriptions().some((s) => s.topic === req.params.topic)) throw notFound('Resource not found');
      await c.channel.unsubscribe(req.params.topic);
      return reply.code(204).send();
    },
  });
}
