// GET|PUT /opentelemetry (EMQX EE emqx_otel_api): the settings; a bad body is a 400 naming every wrong field and
// nothing is stored.
import type { FastifyInstance } from 'fastify';
import type { ReplyOf } from '@mqdeck/api';
import { route } from '../../contract/route';
import { maskedSettings, updateSettings } from './opentelemetry.service';

// the answer carries e5.8.9's fields beside the 5.8.1 document's (headers, protocol…): typed by opentelemetry.config.ts
type Body = ReplyOf<'/opentelemetry', 'get', 200>;

export default async function opentelemetryRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/opentelemetry', { handler: async () => maskedSettings(app) as unknown as Body });
  route(app, 'put', '/opentelemetry', {
    // the 5.8.1 document lacks e5.8.9's fields (headers, protocol, queue sizes, trace modes) and EMQX's legacy
    // shape; opentelemetry.config.ts checks the body instead, naming each wrong field
    schema: {},
    handler: async (req) => (await updateSettings(app, req.body)) as unknown as Body,
  });
}
