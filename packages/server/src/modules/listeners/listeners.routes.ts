// Listeners: GET|POST /listeners, GET /listeners_status, GET|PUT|DELETE|POST(deprecated create) /listeners/{id},
// POST /listeners/{id}/start|stop|restart. Changes apply live through the ListenerManager.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { LISTENER_TYPES, type ListenerType } from '../../config/listeners';
import { ApiError } from '../../errors';
import { listenerDetail, listenerSummary, typeStatus } from './listeners.format';
import { badRequest, checkType, notFound, parseListenerId } from './manager';

type Body = Record<string, unknown>;

const isBody = (body: unknown): body is Body => typeof body === 'object' && body !== null && !Array.isArray(body);
/** a copy of the listener config the handler may strip keys from */
const asBody = (body: unknown): Body => {
  if (!isBody(body)) throw badRequest('body: expected the listener config object');
  return { ...body };
};

export default async function listenersRoutes(app: FastifyInstance): Promise<void> {
  const manager = () => app.listenerManager;
  const detail = (id: string) => {
    const e = manager().entry(id);
    if (!e) throw notFound();
    return listenerDetail(e, manager().status(e));
  };

  route(app, 'get', '/listeners', {
    handler: async (req) => {
      const type = req.query.type;
      if (type === 'quic') return []; // this node never runs QUIC listeners
      return manager()
        .entries(type)
        .map((e) => listenerSummary(app.nodeName, e, manager().status(e)));
    },
  });

  route(app, 'get', '/listeners_status', {
    handler: async () =>
      LISTENER_TYPES.map((type) =>
        manager()
          .entries(type)
          .map((e) => ({ e, s: manager().status(e) })),
      )
        .filter((rows) => rows.length > 0)
        .map((rows) => typeStatus(app.nodeName, rows[0].e.type, rows)),
  });

  const create = async (body: Body, fromPath?: { type: ListenerType; name: string }) => {
    let type: ListenerType;
    let name: string;
    if (fromPath) {
      ({ type, name } = fromPath);
      if (body.type !== undefined && body.type !== type) throw badRequest(`type ${JSON.stringify(body.type)} does not match listener id ${type}:${name}`);
    } else if (typeof body.id === 'string' && body.name === undefined) {
      ({ type, name } = parseListenerId(body.id));
    } else {
      if (typeof body.name !== 'string' || body.name === '') throw badRequest('name: required');
      type = checkType(body.type);
      name = body.name;
    }
    for (const key of ['id', 'type', 'name']) delete body[key];
    const e = await manager().create(type, name, body);
    return listenerDetail(e, manager().status(e));
  };

  route(app, 'post', '/listeners', {
    // the body is checked by create and the listener manager (the config schema), which answer hocon's error text as
    // EMQX's check of the listener union does; the contract's oneOf over the types would answer ajv's sentences
    schema: { body: { type: 'object' } },
    handler: async (req) => create(asBody(req.body)),
  });
  // deprecated create-by-id, still answered by EMQX 5.8 (hidden: not in the 5.8.1 document); create checks the body
  route(app, 'post', '/listeners/{id}', { schema: {}, handler: async (req) => create(asBody(req.body), parseListenerId(req.params.id)) });

  route(app, 'get', '/listeners/{id}', { handler: async (req) => detail(req.params.id) });

  route(app, 'put', '/listeners/{id}', {
    // the body is checked by the listener manager (the config schema), after EMQX's integer-text conversion below:
    // the contract's oneOf over the listener types would refuse `max_connections: "123"` with a union message
    schema: ({ params }) => ({ params, body: { type: 'object' } }),
    handler: async (req) => {
      const { type, name } = parseListenerId(req.params.id);
      const body = asBody(req.body);
      // hocon reads an integer field given as digits text as the integer (emqx_mgmt_api_listeners_SUITE t_list_listeners)
      for (const key of ['max_connections', 'acceptors']) {
        if (typeof body[key] === 'string' && /^\d+$/.test(body[key])) body[key] = Number(body[key]);
      }
      if (body.id !== undefined && body.id !== `${type}:${name}`) throw new ApiError(400, 'BAD_LISTENER_ID', "Path and body's listener id not match");
      if (body.type !== undefined && body.type !== type) throw badRequest(`type ${JSON.stringify(body.type)} does not match listener id ${type}:${name}`);
      const e = await manager().update(`${type}:${name}`, body);
      return listenerDetail(e, manager().status(e));
    },
  });

  route(app, 'delete', '/listeners/{id}', {
    handler: async (req, reply) => {
      await manager().remove(req.params.id);
      return reply.code(204).send();
    },
  });

  const action = (op: 'start' | 'stop' | 'restart') =>
    route(app, 'post', `/listeners/{id}/${op}`, {
      handler: async (req, reply) => {
        await manager().setEnabled(req.params.id, op !== 'stop', op === 'restart');
        return reply.code(200).send();
      },
    });
  action('start');
  action('stop');
  action('restart');
}
