// The /exhooks answers (emqx_exhook_api.erl): the server's configuration (secrets masked) with its status, metrics
// and registered hooks on this node; a standalone node is the whole cluster, so node_status and node_metrics hold
// one entry each and `metrics` equals that entry.
import type { FastifyInstance } from 'fastify';
import { maskSecrets } from '../configs/secrets';
import type { ExhookService } from './exhook.service';

type Server = ReturnType<ExhookService['get']>;

const zero = () => ({ succeed: 0, failed: 0, rate: 0, max_rate: 0 });

function serverMetrics(s: Server) {
  const total = zero();
  for (const m of s.metrics.values()) {
    const v = m.view();
    total.succeed += v.succeed;
    total.failed += v.failed;
    total.rate += v.rate;
    total.max_rate += v.max_rate;
  }
  return total;
}

export const hooksOf = (s: Server) => [...s.hooks.entries()].map(([name, params]) => ({ name, params }));

export function serverView(app: FastifyInstance, s: Server) {
  const metrics = serverMetrics(s);
  return {
    ...(maskSecrets(s.config) as typeof s.config),
    metrics,
    node_metrics: [{ node: app.nodeName, metrics }],
    node_status: [{ node: app.nodeName, status: s.status }],
    hooks: hooksOf(s),
  };
}

export function hooksView(app: FastifyInstance, s: Server) {
  return hooksOf(s).map((h) => {
    const metrics = s.metrics.get(h.name)?.view() ?? zero();
    return { ...h, metrics, node_metrics: [{ node: app.nodeName, metrics }] };
  });
}
