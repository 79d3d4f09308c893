// The metrics export: while opentelemetry.metrics.enable is true, a MeterProvider of the official SDK with EMQX's
// instruments (instruments.ts) and a PeriodicExportingMetricReader sends the node's metrics every `interval` to
// the exporter (exporter.ts). Any change of the root (or of overload protection, which decides the olp counters)
// rebuilds it; disabling shuts it down, flushing nothing more. A failed export is logged and the next interval
// tries again (the SDK's reader).
import type { FastifyInstance } from 'fastify';
import type { DiagLogger } from '@opentelemetry/api';
import type { MeterProvider, PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { otelApi, otelResources, otelSdkMetrics } from '../../shared/drivers'; // loaded when metrics export is first enabled
import { createExporter } from './exporter';
import { registerInstruments } from './instruments';
import { intervalMs } from './opentelemetry.config';
import { onApplied, settings } from './opentelemetry.service';

/** the exporter with each failed export logged once per failure, by its reason */
function logged(app: FastifyInstance, exporter: PushMetricExporter, endpoint: string): PushMetricExporter {
  return {
    export: (metrics, done) =>
      exporter.export(metrics, (result) => {
        if (result.error) app.log.warn({ endpoint, err: result.error.message }, 'opentelemetry metrics export failed');
        done(result);
      }),
    forceFlush: () => exporter.forceFlush(),
    shutdown: () => exporter.shutdown(),
    selectAggregationTemporality: exporter.selectAggregationTemporality?.bind(exporter),
    selectAggregation: exporter.selectAggregation?.bind(exporter),
  };
}

async function opentelemetryModule(app: FastifyInstance): Promise<void> {
  let provider: MeterProvider | undefined;
  // the SDK reports its own trouble through diag, into the node's log; its errors are mostly a collector that is not
  // there or too slow, the operator's to fix: warnings, not node errors
  const log: DiagLogger = {
    error: (msg, ...args) => app.log.warn({ args }, `opentelemetry: ${msg}`),
    warn: (msg, ...args) => app.log.warn({ args }, `opentelemetry: ${msg}`),
    info: () => undefined,
    debug: () => undefined,
    verbose: () => undefined,
  };

  const stop = async () => {
    const p = provider;
    provider = undefined;
    await p?.shutdown().catch(() => undefined);
  };
  const apply = async () => {
    await stop();
    const s = settings(app);
    if (!s.metrics.enable || app.closing) return;
    const interval = intervalMs(s);
    try {
      const { diag, DiagLogLevel } = otelApi();
      diag.setLogger(log, { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
      const { MeterProvider, PeriodicExportingMetricReader } = otelSdkMetrics();
      const exporter = logged(app, createExporter(s, Math.min(interval, 30_000)), s.exporter.endpoint);
      const [name] = app.nodeName.split('@');
      provider = new MeterProvider({
        resource: otelResources().resourceFromAttributes({ 'service.name': name, 'service.instance.id': app.nodeName }),
        readers: [new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: interval, exportTimeoutMillis: Math.min(interval, 30_000) })],
      });
      registerInstruments(app, provider.getMeter('emqx'));
    } catch (err) {
      // e.g. a CA file removed since it was saved: no export until the settings change
      app.log.error({ err: (err as Error).message }, 'opentelemetry metrics export not started');
      await stop();
    }
  };
  // changes apply in order, each after the previous one finished
  let chain = Promise.resolve();
  const queue = () => {
    chain = chain.then(apply, apply);
  };
  onApplied(app, () => chain);
  const unwatch = [app.config.watch('opentelemetry', queue), app.config.watch('overload_protection', () => provider && queue())];
  app.addHook('onReady', async () => queue());
  app.addHook('preClose', async () => {
    for (const u of unwatch) u();
    await chain;
    await stop();
  });
}

export default opentelemetryModule;
