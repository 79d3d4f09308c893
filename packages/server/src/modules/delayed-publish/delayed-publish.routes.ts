// Delayed publish: GET|PUT /mqtt/delayed (enable, max_delayed_messages), GET /mqtt/delayed/messages
// (paged, release order), GET|DELETE /mqtt/delayed/messages/{node}/{msgid}, DELETE
// /mqtt/delayed/messages/{topic} (every held message for that destination topic). Texts are EMQX's.
import type { FastifyInstance } from 'fastify';
import type { ParamsOf } from '@mqdeck/api';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { parsePaging } from '../../shared/paging';
import { isValidTopicName } from '../../shared/topic';
import { rfc3339 } from '../../shared/time';
import { isObject } from '../../config/tree';
import { DelayedService } from './delayed-publish.service';
import type { DelayedMessage } from './delayed-publish.store';

/** EMQX shows payloads up to this size on GET …/{node}/{msgid}; larger ones read "PAYLOAD_TOO_LARGE" */
const MAX_PAYLOAD_LENGTH = 2048;

type MsgParams = ParamsOf<'/mqtt/delayed/messages/{node}/{msgid}', 'get'>;

export default async function delayedPublishRoutes(app: FastifyInstance): Promise<void> {
  const service = new DelayedService(app);
  app.addHook('onClose', async () => service.close());

  const format = (d: DelayedMessage) => ({
    msgid: d.msg.id.toUpperCase(),
    node: app.nodeName,
    publish_at: rfc3339(d.msg.timestamp),
    delayed_interval: d.delayedInterval,
    delayed_remaining: Math.max(0, Math.trunc((d.expectedAt - Date.now()) / 1000)),
    expected_at: rfc3339(d.expectedAt),
    topic: d.msg.topic,
    qos: d.msg.qos,
    // Erlang prints an undefined publisher as the literal "undefined"
    from_clientid: d.msg.fromClientid ?? 'undefined',
    from_username: d.msg.fromUsername ?? 'undefined',
  });

  /** node and msgid checks of …/{node}/{msgid}: 400 INVALID_NODE, 400 MESSAGE_ID_SCHEMA_ERROR, 404 MESSAGE_ID_NOT_FOUND */
  const find = (params: MsgParams): DelayedMessage => {
    if (params.node !== app.nodeName) throw new ApiError(400, 'INVALID_NODE', `The node name ${params.node} is invalid`);
    if (!/^[0-9a-fA-F]{32}$/.test(params.msgid)) throw new ApiError(400, 'MESSAGE_ID_SCHEMA_ERROR', `Message ID ${params.msgid} schema error`);
    const found = service.store.get(params.msgid);
    if (!found) throw new ApiError(404, 'MESSAGE_ID_NOT_FOUND', `Message ID ${params.msgid} not found`);
    return found;
  };

  route(app, 'get', '/mqtt/delayed', { handler: async () => service.settings() });

  route(app, 'put', '/mqtt/delayed', {
    handler: async (req) => {
      const body = req.body;
      if (!isObject(body)) throw new ApiError(400, 'BAD_REQUEST', 'expected an object {enable, max_delayed_messages}');
      const max = body.max_delayed_messages;
      if (typeof max === 'number' && max < 0) throw new ApiError(400, 'BAD_REQUEST', 'Max delayed must be equal or greater than 0');
      const value = Object.fromEntries(Object.entries(body).filter(([k]) => k === 'enable' || k === 'max_delayed_messages'));
      await app.config.update('delayed', value);
      return service.settings();
    },
  });

  route(app, 'get', '/mqtt/delayed/messages', {
    handler: async (req) => {
      const { page, limit } = parsePaging(req.query);
      const count = service.store.count();
      const data = service.store.page((page - 1) * limit, limit).map(format);
      return { data, meta: { page, limit, count, hasnext: page * limit < count } };
    },
  });

  route(app, 'get', '/mqtt/delayed/messages/{node}/{msgid}', {
    handler: async (req) => {
      const d = find(req.params);
      const payload = d.msg.payload.length > MAX_PAYLOAD_LENGTH ? 'PAYLOAD_TOO_LARGE' : d.msg.payload.toString('base64');
      return { ...format(d), payload };
    },
  });

  route(app, 'delete', '/mqtt/delayed/messages/{node}/{msgid}', {
    handler: async (req, reply) => {
      service.store.delete(find(req.params).msg.id);
      return reply.code(204).send();
    },
  });

  route(app, 'delete', '/mqtt/delayed/messages/{topic}', {
    handler: async (req, reply) => {
      const { topic } = req.params;
      if (!isValidTopicName(topic)) throw new ApiError(400, 'INVALID_TOPIC_NAME', `The topic name ${topic} is invalid`);
      if (service.store.deleteByTopic(topic) === 0) throw new ApiError(404, 'MESSAGE_NOT_FOUND', `Not found messages for ${topic}`);
      return reply.code(204).send();
    },
  });
}
