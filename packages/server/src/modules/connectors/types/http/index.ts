// The `http` connector type (EMQX's webhook): a keep-alive pool to one HTTP(S) origin, and actions that send one
// templated request per rule output. EMQX's http action does not batch (its resource_opts have no batch_size).
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, TypeContext } from '../../resource/types';
import { HttpAction } from './action';
import { readAction, readConnector, type ConnectorSettings } from './config';
import { HttpPool } from './pool';

class HttpConnector implements ConnectorInstance {
  constructor(
    readonly settings: ConnectorSettings,
    readonly pool: HttpPool,
  ) {}
  health(): Promise<Health> {
    return this.pool.health();
  }
  stop(): Promise<void> {
    return this.pool.close();
  }
}

/** TLS options for an https url: EMQX turns ssl on for https whatever `ssl.enable` says, and ignores it for http */
function tlsOptions(settings: ConnectorSettings, ctx: TypeContext) {
  return settings.base.scheme === 'https' ? (ctx.tls({ ...settings.ssl, enable: true }) ?? {}) : undefined;
}

export const httpType: ConnectorType = {
  type: 'http',
  check(config) {
    readConnector(config);
  },
  // as EMQX's on_start: the pool, then a health check; a target that cannot be reached fails the start with the reason
  async start(config, ctx) {
    const settings = readConnector(config);
    const pool = new HttpPool(settings, tlsOptions(settings, ctx));
    const health = await pool.health();
    if (health.status !== 'connected') {
      await pool.close();
      throw new Error(health.reason ?? 'the HTTP server cannot be reached');
    }
    ctx.log.info('http connector started', { connector: ctx.connectorId, origin: settings.base.origin });
    return new HttpConnector(settings, pool);
  },
  action: {
    batches: false,
    check(parameters) {
      readAction(parameters);
    },
    async start(parameters, connector): Promise<ActionInstance> {
      if (!(connector instanceof HttpConnector)) throw new Error('the http action needs an http connector');
      return new HttpAction(connector.settings, readAction(parameters), connector.pool);
    },
  },
};
