import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';

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

  test('MQTT listeners: the map values are the listener structs, so their fields are described', async () => {
    const doc = (await node.app.inject({ method: 'GET', url: '/api/v5/schemas/hotconf' })).json();
    expect(doc.paths['/configs/listeners'].get.responses[200].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/emqx.listeners' });
    const tcp = doc.components.schemas['emqx.listeners'].properties.tcp.additionalProperties;
    expect(tcp.anyOf[0]).toEqual({ $ref: '#/components/schemas/emqx.mqtt_tcp_listener' });
    expect(doc.components.schemas['emqx.mqtt_tcp_listener'].properties.bind.description).toMatch(/IP address and port/);
    expect(doc.components.schemas['emqx.log'].properties.file.anyOf[1].additionalProperties).toEqual({ $ref: '#/components/schemas/emqx.log_file_handler' });
  });

  test('lang=zh answers the same document with Chinese descriptions; default and unknown lang are English', async () => {
    const get = async (query: string) => {
      const res = await node.app.inject({ method: 'GET', url: `/api/v5/schemas/hotconf${query}` });
      expect(res.statusCode, query).toBe(200);
      return res.json();
    };
    const maxInflight = (doc: any) => doc.components.schemas['emqx.mqtt'].properties.max_inflight.description as string;
    const en = await get('');
    const zh = await get('?lang=zh');
    expect(maxInflight(en)).toMatch(/^Maximum number of QoS 1 and QoS 2 messages/);
    expect(maxInflight(zh)).toBe('在完成确认之前，允许同时投递的 QoS 1 和 QoS 2 消息的最大数量。');
    // the notation paragraph after <br/> is translated too; identifiers and units stay as they are
    expect(zh.components.schemas['emqx.retainer'].properties.max_payload_size.description).toMatch(/<br\/>表示字节数的字符串，例如：<code>10B<\/code>/);
    const shape = (doc: unknown) => JSON.stringify(doc, (k, v) => (k === 'description' ? '' : v));
    expect(shape(zh)).toBe(shape(en));
    expect(await get('?lang=en')).toEqual(en);
    expect(await get('?lang=fr')).toEqual(en);
    expect(await get('?lang=ZH')).toEqual(en);
  });

  test("without lang the node's dashboard.i18n_lang decides, as in EMQX", async () => {
    const dashboard = node.app.config.get<Record<string, unknown>>('dashboard');
    await node.app.config.update('dashboard', { ...dashboard, i18n_lang: 'zh' });
    try {
      const doc = (await node.app.inject({ method: 'GET', url: '/api/v5/schemas/hotconf' })).json();
      expect(doc.components.schemas['emqx.mqtt'].properties.max_qos_allowed.description).toBe('允许的最大 QoS 等级。');
      const en = (await node.app.inject({ method: 'GET', url: '/api/v5/schemas/hotconf?lang=en' })).json();
      expect(en.components.schemas['emqx.mqtt'].properties.max_qos_allowed.description).toBe('Maximum QoS allowed.');
    } finally {
      await node.app.config.reset('dashboard');
    }
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
