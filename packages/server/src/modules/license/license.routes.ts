// /license, /license/setting (EMQX EE emqx_license_http_api) and GET /sso/running (SSO is off: []).
// The official console calls /license on every screen and /sso/running at login, so both must answer.
// What the license says is explained in license.service.ts.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { checkSetting, licenseInfo, licenseSetting } from './license.service';

export default async function licenseRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/license', { handler: async () => licenseInfo(app) });

  route(app, 'post', '/license', {
    // EMQX answers its own texts ('Invalid request params' without a key), so no schema check comes first
    schema: {},
    handler: async (req) => {
      const key: unknown = (req.body as { key?: unknown } | undefined)?.key;
      if (typeof key !== 'string') throw new ApiError(400, 'BAD_REQUEST', 'Invalid request params');
      // MQDeck has no license keys to verify: only "default" (EMQX's word for the built-in license) is accepted
      if (key !== 'default') throw new ApiError(400, 'BAD_REQUEST', 'Bad license key');
      await app.config.update('license.key', 'default');
      return licenseInfo(app);
    },
  });

  route(app, 'get', '/license/setting', { handler: async () => licenseSetting(app) });

  route(app, 'put', '/license/setting', {
    // EMQX refuses any bad value with one text, 'Bad license setting' (low must stay below high)
    schema: {},
    handler: async (req) => {
      const next = checkSetting(licenseSetting(app), req.body);
      if (!next) throw new ApiError(400, 'BAD_REQUEST', 'Bad license setting');
      await app.config.update('license', { ...app.config.get<object>('license'), ...next });
      return licenseSetting(app);
    },
  });

  route(app, 'get', '/sso/running', { handler: async () => [] });
}
