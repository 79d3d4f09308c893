// GET|PUT /configs/flapping_detect: the flapping_detect root on its own (EMQX 5.8 also shows it inside
// /configs/global_zone; both read the same config path). PUT replaces the root: omitted keys fall back
// to their defaults, as EMQX's PUT of a root does.
import type { FastifyInstance } from 'fastify';
import type { FlappingDetect } from '@mqdeck/api';
import { route } from '../../contract/route';

const body = {
  type: 'object',
  additionalProperties: false,
  properties: {
    enable: { type: 'boolean' },
    window_time: { type: ['string', 'integer'] },
    max_count: { type: 'integer', minimum: 0 },
    ban_time: { type: ['string', 'integer'] },
  },
};

export default async function flappingRoutes(app: FastifyInstance): Promise<void> {
  const current = () => app.config.get<FlappingDetect>('flapping_detect');

  // an MQDeck extension (docs/api-extensions.md): no schema for GET, the PUT body as declared above
  route(app, 'get', '/configs/flapping_detect', { schema: {}, handler: async () => current() });

  route(app, 'put', '/configs/flapping_detect', {
    schema: { body },
    handler: async (req) => {
      await app.config.update('flapping_detect', req.body);
      return current();
    },
  });
}
