// GET|PUT /configs/flapping_detect: the flapping_detect root on its own (EMQX 5.8 also shows it inside
// /configs/global_zone; both read the same config path). PUT replaces the root: omitted keys fall back
// to their defaults, as EMQX's PUT of a root does.
import type { FastifyInstance } from 'fastify';

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
  app.get('/configs/flapping_detect', async () => app.config.get('flapping_detect'));

  app.put('/configs/flapping_detect', { schema: { body } }, async (req) => {
    await app.config.update('flapping_detect', req.body);
    return app.config.get('flapping_detect');
  });
}
