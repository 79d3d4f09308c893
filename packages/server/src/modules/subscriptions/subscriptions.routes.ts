// GET /subscriptions: every subscription of the node, paged, with EMQX's filters. `topic` is exact
// (a shared subscription is found by its bare topic plus `share_group`); `match_topic` is a filter
// matched against subscribed topics and makes the search fuzzy (no meta.count) unless `topic` is given.
import type { Broker, SubscriptionInfo } from '@mqdeck/broker';
import type { QueryOf } from '@mqdeck/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { boolParam, intParam, pageOf, parsePaging, single } from '../../shared/paging';
import { isValidTopicFilter, parseShared, topicMatches } from '../../shared/topic';
import { toSubscription } from '../clients/client-subscriptions';

/** whether a client's session is durable (written to the session store), asked once per client per request */
function durableLookup(broker: Broker): (clientid: string) => boolean {
  const known = new Map<string, boolean>();
  return (clientid) => {
    let durable = known.get(clientid);
    if (durable === undefined) known.set(clientid, (durable = broker.client(clientid)?.durable === true));
    return durable;
  };
}

function subscriptionFilter(query: QueryOf<'/subscriptions', 'get'>, nodeName: string, isDurable: (clientid: string) => boolean) {
  const checks: ((s: SubscriptionInfo) => boolean)[] = [];
  const node = single(query.node);
  // as GET /clients?node= (clients/filter.ts): 404 for a node outside the cluster, not EMQX 5.8's 500 NODE_DOWN
  if (node !== undefined && node !== nodeName) throw new ApiError(404, 'NOT_FOUND', `Node not found: ${node}`);

  const clientid = single(query.clientid);
  if (clientid !== undefined) checks.push((s) => s.clientid === clientid);
  if (single(query.qos) !== undefined) {
    const qos = intParam(query, 'qos', 0, 0, 2);
    checks.push((s) => s.qos === qos);
  }
  const topic = single(query.topic);
  const group = single(query.share_group);
  if (topic !== undefined || group !== undefined) {
    checks.push((s) => {
      const parsed = parseShared(s.topic);
      if (!parsed) return false;
      if (topic !== undefined && parsed.topic !== topic) return false;
      return group === undefined ? parsed.group === undefined || topic === undefined : parsed.group === group;
    });
  }
  // durable: the subscriptions of sessions kept in the durable session store (offline ones included)
  const durable = boolParam(query, 'durable');
  if (durable !== undefined) checks.push((s) => isDurable(s.clientid) === durable);

  const match = single(query.match_topic);
  if (match !== undefined) {
    if (match.startsWith('$share/') || match.startsWith('$queue/') || !isValidTopicFilter(match)) {
      throw new ApiError(400, 'INVALID_PARAMETER', 'match_topic_invalid');
    }
    // A shared subscription is matched by its bare topic. EMQX drops a fuzzy key that an exact one names
    // (emqx_mgmt_api:parse_qstring): next to `topic`, `match_topic` is checked but not applied, and count is kept.
    if (topic === undefined) checks.push((s) => topicMatches(match, parseShared(s.topic)?.topic ?? s.topic));
  }
  return { predicate: checks.length ? (s: SubscriptionInfo) => checks.every((c) => c(s)) : undefined, fuzzy: match !== undefined && topic === undefined };
}

export default async function subscriptionsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/subscriptions', {
    handler: async (req) => {
      const paging = parsePaging(req.query);
      const isDurable = durableLookup(app.broker);
      const { predicate, fuzzy } = subscriptionFilter(req.query, app.nodeName, isDurable);
      return pageOf(app.broker.subscriptions(), paging, {
        filter: predicate,
        map: (s) => toSubscription(s, app.nodeName, isDurable(s.clientid)),
        count: !fuzzy,
      });
    },
  });
}
