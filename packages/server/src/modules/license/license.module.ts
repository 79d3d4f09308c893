// The connection quota alarm of EMQX's emqx_license_resources: every 5 s, when the node has a connection limit
// (license.service.ts maxConnections, a number), `license_quota` is raised while the sessions exceed
// limit × connection_high_watermark ("License: live connection number exceeds 80%") and cleared once they drop
// below limit × connection_low_watermark. With no limit ("infinity") there is no quota and nothing is raised.
import type { FastifyInstance } from 'fastify';
import { parsePercent } from '../../config/units';
import { licenseSetting, maxConnections } from './license.service';

const CHECK_INTERVAL_MS = 5000;

/** One check; exported for tests. */
export function checkConnectionQuota(app: FastifyInstance): void {
  const max = maxConnections(app.config.get('listeners'));
  if (max === 'infinity') {
    // a limit removed since the alarm was raised: there is no quota left to exceed
    if (app.alarms.isActive('license_quota')) app.alarms.deactivate('license_quota');
    return;
  }
  const setting = licenseSetting(app);
  const high = parsePercent(setting.connection_high_watermark) ?? 0.8;
  const low = parsePercent(setting.connection_low_watermark) ?? 0.75;
  const count = app.broker.clientCount().sessions;
  if (count > max * high) {
    const percent = (high * 100).toFixed(0);
    if (!app.alarms.isActive('license_quota')) app.alarms.activate('license_quota', { high_watermark: percent }, `License: live connection number exceeds ${percent}%`);
  }
  if (count < max * low && app.alarms.isActive('license_quota')) app.alarms.deactivate('license_quota');
}

async function licenseModule(app: FastifyInstance): Promise<void> {
  const timer = setInterval(() => {
    try {
      checkConnectionQuota(app);
    } catch (err) {
      app.log.warn({ err }, 'license quota check failed');
    }
  }, CHECK_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export default licenseModule;
