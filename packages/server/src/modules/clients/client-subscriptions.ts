// Per-client subscriptions: GET /clients/{clientid}/subscriptions, POST .../subscribe(/bulk),
// POST .../unsubscribe(/bulk). Responses and errors follow emqx_mgmt_api_clients.
import type { ClientSubscription } from '@mqdeck/api';
import type { Broker, QoS, SubOptions, SubscriptionInfo } from '@mqdeck/broker';
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { isValidTopicFilter, parseShared } from '../../shared/topic';
import { requireClient } from './clients.service';

/** What the handler reads of one subscribe request; the route schema checked the rest (`topic` required). */
type SubscribeBody = { topic?: unknown; qos?: number; nl?: number; rap?: number; rh?: number };

/** `durable`: the session is kept in the durable session store (durable_sessions.enable, persistent session) */
export function toSubscription(sub: SubscriptionInfo, node: string, durable = false): ClientSubscription {
  return { topic: sub.topic, qos: sub.qos, nl: sub.nl, rap: sub.rap, rh: sub.rh, clientid: sub.clientid, node, durable };
}

function option<T extends number>(body: SubscribeBody, key: 'qos' | 'nl' | 'rap' | 'rh', allowed: readonly T[]): T {
  const value = body[key] ?? 0;
  const known = allowed.find((v) => v === value);
  if (known === undefined) {
    const max = allowed[allowed.length - 1];
    throw new ApiError(400, 'BAD_REQUEST', `${key}: must be an integer between 0 and ${max}, got ${JSON.stringify(body[key])}`);
  }
  return known;
}

const QOS: readonly QoS[] = [0, 1, 2];
const FLAG: readonly (0 | 1)[] = [0, 1];
const RETAIN_HANDLING: readonly (0 | 1 | 2)[] = [0, 1, 2];

/** Checks one subscribe request; throws 400 for what EMQX refuses before touching the session. */
function subscribeRequest(b: SubscribeBody | undefined): { topic: string; opts: SubOptions } {
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new ApiError(400, 'BAD_REQUEST', 'body: expected an object with a topic');
  if (typeof b.topic !== 'string' || b.topic === '') throw new ApiError(400, 'BAD_REQUEST', 'topic: required, a non-empty string');
  if (!isValidTopicFilter(b.topic)) throw new ApiError(400, 'BAD_REQUEST', `topic: invalid topic filter '${b.topic}'`);
  const opts: SubOptions = { qos: option(b, 'qos', QOS), nl: option(b, 'nl', FLAG), rap: option(b, 'rap', FLAG), rh: option(b, 'rh', RETAIN_HANDLING) };
  if (opts.nl === 1 && parseShared(b.topic)?.group !== undefined) {
    throw new ApiError(400, 'INVALID_PARAMETER', 'Invalid Subscribe options: `no_local` not allowed for shared-sub. See [MQTT-3.8.3-4]');
  }
  return { topic: b.topic, opts };
}

/**
 * Straight to the session, as EMQX 5.8 does (emqx_channel handle_info({subscribe, …}): enrich_subscribe, then the
 * subscription): no authorization and no `client.subscribe` hooks, so topic rewrite does not apply to API subscriptions.
 */
function doSubscribe(broker: Broker, clientid: string, topic: string, opts: SubOptions): SubscriptionInfo {
  try {
    return broker.subscribe(clientid, topic, opts);
  } catch (err) {
    throw new ApiError(500, 'UNKNOWN_ERROR', err instanceof Error ? err.message : String(err));
  }
}

function unsubscribeTopic(body: { topic?: unknown } | undefined): string {
  const topic = body?.topic;
  if (typeof topic !== 'string' || topic === '') throw new ApiError(400, 'BAD_REQUEST', 'topic: required, a non-empty string');
  return topic;
}

export async function clientSubscriptionRoutes(app: FastifyInstance): Promise<void> {
  const broker = app.broker;

  route(app, 'get', '/clients/{clientid}/subscriptions', {
    handler: async (req) => {
      const durable = requireClient(broker, req.params.clientid).durable === true;
      return (broker.subscriptionsOf(req.params.clientid) ?? []).map((s) => toSubscription(s, app.nodeName, durable));
    },
  });

  route(app, 'post', '/clients/{clientid}/subscribe', {
    handler: async (req) => {
      const { clientid } = req.params;
      requireClient(broker, clientid);
      const { topic, opts } = subscribeRequest(req.body);
      const sub = doSubscribe(broker, clientid, topic, opts);
      const { durable: _durable, ...body } = toSubscription(sub, app.nodeName);
      return body;
    },
  });

  route(app, 'post', '/clients/{clientid}/subscribe/bulk', {
    handler: async (req) => {
      const { clientid } = req.params;
      requireClient(broker, clientid);
      if (!Array.isArray(req.body)) throw new ApiError(400, 'BAD_REQUEST', 'body: expected an array of subscriptions');
      const requests = req.body.map(subscribeRequest); // all validated before any subscription changes
      const succeed: ClientSubscription[] = [];
      const failed: { data: unknown[]; reason: string }[] = [];
      for (const { topic, opts } of requests) {
        try {
          const { durable: _durable, ...sub } = toSubscription(broker.subscribe(clientid, topic, opts), app.nodeName);
          succeed.push(sub);
        } catch (err) {
          failed.push({ data: [clientid, topic, opts], reason: err instanceof Error ? err.message : String(err) });
        }
      }
      return failed.length === 0 ? succeed : { succeed, failed };
    },
  });

  route(app, 'post', '/clients/{clientid}/unsubscribe', {
    handler: async (req, reply) => {
      requireClient(broker, req.params.clientid);
      broker.unsubscribe(req.params.clientid, unsubscribeTopic(req.body));
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/clients/{clientid}/unsubscribe/bulk', {
    handler: async (req, reply) => {
      requireClient(broker, req.params.clientid);
      if (!Array.isArray(req.body)) throw new ApiError(400, 'BAD_REQUEST', 'body: expected an array of {topic}');
      const topics = req.body.map(unsubscribeTopic);
      for (const topic of topics) broker.unsubscribe(req.params.clientid, topic);
      return reply.code(204).send();
    },
  });
}
