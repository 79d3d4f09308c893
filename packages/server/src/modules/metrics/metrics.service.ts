// Counters (/metrics) and gauges (/stats) of this node, with EMQX's key names.
import type { FastifyInstance } from 'fastify';

/** The counters, as the broker keeps them ("messages.received", "packets.connect.received" ...). */
export function nodeMetrics(app: FastifyInstance): Record<string, number> {
  return { ...app.broker.metrics() };
}

/** The stats object of one node. `durable_subscriptions.count` is left out as EMQX does in these APIs. */
export function nodeStats(app: FastifyInstance): Record<string, number> {
  const stats: Record<string, number> = { ...app.broker.stats() };
  delete stats['durable_subscriptions.count'];
  delete stats['durable_subscriptions.max'];
  // The retained count lives in the store, which the server may have swapped (disk mode).
  if (stats['retained.count'] === undefined) stats['retained.count'] = app.broker.retained.count();
  if (stats['retained.max'] === undefined) stats['retained.max'] = stats['retained.count'];
  return stats;
}
