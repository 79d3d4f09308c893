// A new connector form's starting shape and labels, as EMQX's console shows them.
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import '../../shared/schema-form/schema-form.messages';
import { componentFields, defaultsOf, type SchemaDoc } from '../../shared/schema-form/schema';
import { fieldLabel } from '../../shared/schema-form/SchemaForm';
import { singleFirst } from './resource-form';

// EMQX 5.8.1's redis connector: `parameters` is one of cluster, sentinel, single — in that order.
const shape = (mode: string, extra: Record<string, object>) => ({
  type: 'object',
  required: ['redis_type'],
  properties: { redis_type: { type: 'enum', symbols: [mode] }, ...extra },
});
const DOC = {
  components: {
    schemas: {
      'redis.post_connector': {
        type: 'object',
        properties: {
          type: { type: 'enum', symbols: ['redis'] },
          name: { type: 'string' },
          parameters: { oneOf: [{ $ref: '#/components/schemas/redis.cluster' }, { $ref: '#/components/schemas/redis.sentinel' }, { $ref: '#/components/schemas/redis.single' }] },
        },
      },
      'redis.cluster': shape('cluster', { servers: { type: 'string' } }),
      'redis.sentinel': shape('sentinel', { servers: { type: 'string' }, sentinel: { type: 'string' } }),
      'redis.single': shape('single', { server: { type: 'string', default: '127.0.0.1:6379' }, database: { type: 'integer', default: 0 } }),
    },
  },
} as unknown as SchemaDoc;

describe('new connector form', () => {
  it('starts a Redis connector on single mode, the other modes still offered after it', () => {
    const fields = componentFields(DOC, 'redis.post_connector');
    expect(defaultsOf(fields).parameters).toMatchObject({ redis_type: 'cluster' }); // the document's own order
    const ordered = singleFirst(fields);
    expect(defaultsOf(ordered).parameters).toEqual({ redis_type: 'single', server: '127.0.0.1:6379', database: 0 });
    const parameters = ordered.find((f) => f.key === 'parameters');
    expect(parameters?.kind === 'variants' && parameters.variants.map((v) => v.tag)).toEqual(['single', 'cluster', 'sentinel']);
  });

  it('labels the SQL template field as EMQX does, in English and Chinese', async () => {
    await i18n.changeLanguage('zh');
    expect(fieldLabel({ key: 'sql' })).toBe('SQL 模板');
    await i18n.changeLanguage('en');
    expect(fieldLabel({ key: 'sql' })).toBe('SQL Template');
  });
});
