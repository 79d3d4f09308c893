// The probes behind the console's Test button (EMQX create_dry_run): a connector is started from the body, health
// checked and stopped; an action or source is started on its running connector, checked and stopped. Success is a
// 204; a failure a 400 TEST_FAILED with the reason the operator reads.
import { ApiError } from '../../errors';
import { isObject } from '../../config/tree';
import { restoreIntegrationSecrets as restoreSecrets } from './resource/secrets';
import { readResourceOptions } from './resource/options';
import { idOf, typeConfig } from './resource/runtime';
import { NAME_RE, requestConfig } from './resource/ids';
import type { Kind } from './resource/store';
import type { ConnectorInstance } from './resource/types';
import type { IntegrationService } from './connectors.service';

type Json = Record<string, unknown>;

/** POST /connectors_probe, /actions_probe, /sources_probe: start, check, stop; throws 400 TEST_FAILED with the reason */
export async function probe(svc: IntegrationService, kind: Kind, body: Json): Promise<void> {
  const failed = (reason: string) => new ApiError(400, 'TEST_FAILED', reason);
  const type = svc.checkType(kind, body.type);
  const name = typeof body.name === 'string' && body.name !== '' ? body.name : 'probe';
  // a probe of an existing resource may send the masked secrets back (EMQX maybe_deobfuscate_…_probe)
  const existing = kind === 'connectors' ? svc.connectors.get(idOf(type, name)) : svc.channels[kind].get(idOf(type, name));
  const given = existing ? (restoreSecrets(requestConfig(kind, body), existing.stored.config) as Json) : requestConfig(kind, body);
  let config: Json;
  try {
    config = svc.prepare(kind, type, NAME_RE.test(name) ? name : 'probe', 'post', given);
  } catch (err) {
    if (err instanceof ApiError) {
      if (kind !== 'connectors' && err.message.includes('connector_not_found_or_wrong_type')) throw failed(`Connector <<"${String(given.connector)}">> not found`);
      throw failed(err.message);
    }
    throw err;
  }
  const impl = svc.runtime.impl(type)!;
  const ctxId = idOf(type, `PROBE_${name}`);
  if (kind === 'connectors') {
    const opts = readResourceOptions('connectors', config.resource_opts);
    let instance: ConnectorInstance | undefined;
    try {
      instance = await withDeadline(impl.start(typeConfig(config), svc.runtime.ctx(ctxId)), opts.startTimeoutMs, 'connect timed out');
      const h = await withDeadline(instance.health(), opts.startTimeoutMs, 'health check timed out');
      if (h.status !== 'connected') throw new Error(h.reason ?? `the connector is ${h.status}`);
    } catch (err) {
      throw failed(err instanceof Error ? err.message : String(err));
    } finally {
      await instance?.stop().catch(() => undefined);
    }
    return;
  }
  // an action or source is tried on its running connector
  const c = svc.connectors.get(idOf(type, String(config.connector)))!;
  if (!c.instance || c.status !== 'connected') throw failed(c.reason ?? `the connector ${c.id} is ${c.status}`);
  const params = isObject(config.parameters) ? config.parameters : {};
  let started: { stop?(): Promise<void>; health?(): Promise<{ status: string; reason?: string }> } | undefined;
  try {
    started =
      kind === 'actions'
        ? await impl.action!.start(params, c.instance, svc.runtime.ctx(c.id))
        : await impl.source!.start(params, c.instance, { ...svc.runtime.ctx(c.id), sourceId: ctxId }, () => undefined);
    const h = started.health ? await started.health() : await c.instance.health();
    if (h.status !== 'connected') throw new Error(h.reason ?? `the ${kind === 'actions' ? 'action' : 'source'} is ${h.status}`);
  } catch (err) {
    throw failed(err instanceof Error ? err.message : String(err));
  } finally {
    await started?.stop?.().catch(() => undefined);
  }
}

async function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(what)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
