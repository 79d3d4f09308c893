import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/node';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ listen: false });
});
afterAll(async () => {
  await node.close();
});

describe('GET /schemas/hotconf', () => {
  test('served without auth; global_zone path and components describe our config shapes', async () => {
    const res = await node.app.inject({ method: 'GET', url: '/api/v5/schemas/hotconf' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/configs/global_zone'].get.responses[200].content['application/json'].schema.properties.mqtt).toEqual({ $ref: '#/components/schemas/emqx.mqtt' });
    const mqtt = doc.components.schemas['emqx.mqtt'];
    expect(mqtt.properties.max_qos_allowed).toMatchObject({ type: 'integer', minimum: 0, maximum: 2, default: 2 });
    expect(mqtt.properties.keepalive_multiplier.default).toBe(1.5);
    expect(mqtt.properties.max_inflight.description).toMatch(/QoS 1 and QoS 2/);
    expect(mqtt.properties.mqueue_default_priority).toMatchObject({ type: 'string', enum: ['highest', 'lowest'] });
    expect(mqtt.properties.max_packet_size).toMatchObject({ type: 'string', default: '1MB' });
    expect(doc.components.schemas['emqx.sys_topics'].properties.sys_event_messages.$ref).toMatch(/^#\/components\/schemas\/emqx\./);
    expect(doc.components.schemas['emqx.durable_sessions'].properties.enable).toEqual({ type: 'boolean', default: false });
    for (const p of ['/configs/sys_topics', '/configs/sysmon', '/configs/log', '/configs/limiter', '/mqtt/retainer']) expect(doc.paths[p], p).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('"$ref":"#/components/schemas/undefined"');
    expect((await node.app.inject({ method: 'GET', url: '/api/v5/schemas/nope' })).statusCode).toBe(400);
  });

  test('every $ref resolves and our own current config validates against the components', async () => {
    const doc = (await node.app.inject({ method: 'GET', url: '/api/v5/schemas/hotconf' })).json();
    const refs = JSON.stringify(doc).match(/#\/components\/schemas\/[^"]+/g) ?? [];
    for (const ref of refs) expect(doc.components.schemas[ref.split('/').pop()!], ref).toBeDefined();
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addSchema({ components: doc.components }, 'hotconf');
    ajv.addFormat('duration', true).addFormat('bytesize', true).addFormat('password', true);
    for (const root of ['mqtt', 'sys_topics', 'sysmon', 'alarm', 'force_shutdown', 'force_gc', 'flapping_detect']) {
      const validate = ajv.compile({ $ref: `hotconf#/components/schemas/emqx.${root}` });
      expect(validate(node.app.config.get(root)), `${root}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
