// The push gateway client: while prometheus.push_gateway.enable is true, sends the text of every scrape
// document (stats, auth, data integration) to <url>/metrics/job/<job_name> every `interval` with the
// configured method and headers, as EMQX's emqx_prometheus does; a failed push is logged and retried at the
// next interval. Follows the `prometheus` root.
import type { FastifyInstance } from 'fastify';
import { parseDuration } from '../../config/units';
import { pushUrl, scrapeText, settings } from './prometheus.service';

export async function pushOnce(app: FastifyInstance): Promise<boolean> {
  const push = settings(app).push_gateway;
  const url = pushUrl(app, push);
  try {
    const body = (await scrapeText(app, 'stats', 'node')) + (await scrapeText(app, 'auth', 'node')) + (await scrapeText(app, 'data_integration', 'node'));
    const res = await fetch(url, {
      method: push.method.toUpperCase(),
      headers: { ...push.headers, 'content-type': 'text/plain' },
      body,
      signal: AbortSignal.timeout(5000),
    });
    if (res.ok) return true;
    app.log.error({ url, status: res.status }, 'post_to_push_gateway_failed');
  } catch (err) {
    app.log.error({ url, err: (err as Error).message }, 'post_to_push_gateway_failed');
  }
  return false;
}

async function prometheusModule(app: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const push = settings(app).push_gateway;
    if (!push.enable || app.closing) return;
    const interval = parseDuration(push.interval) ?? 15_000;
    timer = setTimeout(() => {
      void pushOnce(app).finally(schedule);
    }, interval);
    timer.unref();
  };
  const unwatch = app.config.watch('prometheus', schedule);
  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    unwatch();
    if (timer) clearTimeout(timer);
  });
}

export default prometheusModule;
