// What of the mongodb type runs without a MongoDB server: the three modes' fields and what the driver is given for
// them, refused configs, the document a rule output becomes (EMQX's emqx_bridge_v2_mongodb_SUITE payload cases).
import { describe, expect, test } from 'vitest';
import { mongoOptions, mongoUrl, readMongo } from './config';
import { compileDocument, renderDocument } from './document';

const base = { database: 'mqtt', pool_size: 4, ssl: { enable: false } };

describe('the three modes', () => {
  test('single: one server, a direct connection, default port 27017, w_mode unsafe is w: 0', () => {
    const s = readMongo({ ...base, parameters: { mongo_type: 'single', server: 'db.example' } });
    expect(mongoUrl(s)).toBe('mongodb://db.example:27017/');
    expect(mongoOptions(s, undefined)).toMatchObject({ directConnection: true, maxPoolSize: 4, writeConcern: { w: 0 }, readPreference: 'primary', serverSelectionTimeoutMS: 5000 });
    expect(mongoOptions(s, undefined)).not.toHaveProperty('replicaSet');
  });

  test('rs: servers, replica_set_name, r_mode slave_ok reads from secondaries; w_mode safe is w: 1', () => {
    const s = readMongo({
      ...base,
      username: 'u',
      password: 'p',
      auth_source: 'admin',
      parameters: { mongo_type: 'rs', servers: 'a:27018, b:27019,[::1]:27020', replica_set_name: 'rs0', r_mode: 'slave_ok', w_mode: 'safe' },
      topology: { server_selection_timeout_ms: '2s', connect_timeout_ms: '1500ms', heartbeat_frequency_ms: '200s' },
    });
    expect(mongoUrl(s)).toBe('mongodb://a:27018,b:27019,[::1]:27020/');
    const o = mongoOptions(s, undefined);
    expect(o).toMatchObject({ replicaSet: 'rs0', readPreference: 'secondaryPreferred', writeConcern: { w: 1 }, authSource: 'admin', auth: { username: 'u', password: 'p' } });
    expect(o).toMatchObject({ serverSelectionTimeoutMS: 2000, connectTimeoutMS: 1500, heartbeatFrequencyMS: 200_000 });
    expect(o).not.toHaveProperty('directConnection');
  });

  test('sharded: the mongos routers, no replica set, r_mode not read', () => {
    const s = readMongo({ ...base, parameters: { mongo_type: 'sharded', servers: 'm1:27017,m2', r_mode: 'slave_ok' } });
    expect(mongoUrl(s)).toBe('mongodb://m1:27017,m2:27017/');
    expect(mongoOptions(s, undefined)).toMatchObject({ readPreference: 'primary' });
    expect(mongoOptions(s, undefined)).not.toHaveProperty('replicaSet');
    expect(mongoOptions(s, undefined)).not.toHaveProperty('directConnection');
  });

  test('srv_record: mongodb+srv with the first host, no port', () => {
    const s = readMongo({ ...base, srv_record: true, parameters: { mongo_type: 'rs', servers: 'cluster.example,other', replica_set_name: 'x' } });
    expect(mongoUrl(s)).toBe('mongodb+srv://cluster.example/');
  });

  test('TLS: only the options the driver takes', () => {
    const s = readMongo({ ...base, parameters: { mongo_type: 'single', server: 'a' } });
    expect(mongoOptions(s, { ca: 'CA', rejectUnauthorized: false, minVersion: 'TLSv1.2', servername: 'a' })).toMatchObject({
      tls: true,
      ca: 'CA',
      rejectUnauthorized: false,
      servername: 'a',
    });
    expect(mongoOptions(s, { ca: 'CA', minVersion: 'TLSv1.2' })).not.toHaveProperty('minVersion');
  });
});

describe('refused configs: plain sentences naming the field', () => {
  test.each([
    [{ parameters: { mongo_type: 'single' } }, 'parameters.server: required field missing'],
    [{ parameters: { mongo_type: 'rs', servers: 'a,b' } }, 'parameters.replica_set_name: required field missing'],
    [{ parameters: { mongo_type: 'sharded' } }, 'parameters.servers: required field missing'],
    [{ parameters: { mongo_type: 'cluster', server: 'a' } }, 'parameters.mongo_type: expected single, rs or sharded, got "cluster"'],
    [{ parameters: { mongo_type: 'single', server: 'a:99999' } }, 'parameters.server: "a:99999" is not a valid host:port'],
    [{ parameters: { mongo_type: 'single', server: 'a,b' } }, 'parameters.server: a single MongoDB takes one host:port'],
    [{ parameters: { mongo_type: 'single', server: 'a', w_mode: 'fast' } }, 'parameters.w_mode: expected unsafe or safe, got "fast"'],
    [{ parameters: { mongo_type: 'single', server: 'a' }, database: '' }, 'database: required field missing'],
    [{ parameters: { mongo_type: 'single', server: 'a' }, use_legacy_protocol: 'true' }, /use_legacy_protocol: .*choose auto or false/],
    [{ parameters: { mongo_type: 'single', server: 'a' }, topology: { connect_timeout_ms: 'soon' } }, 'topology.connect_timeout_ms: expected a duration such as "10s", got "soon"'],
  ])('%j', (cfg, message) => {
    expect(() => readMongo({ ...base, ...cfg })).toThrow(message);
  });
});

describe('the document a rule output becomes', () => {
  const selected = { clientid: 'c1', topic: 't/1', payload: JSON.stringify({ temp: 21.5, tags: ['a'], nested: { k: 1 } }), qos: 1, timestamp: 1700000000000 };

  test('no payload_template: the rule output itself, into collection "mqtt" by default', () => {
    expect(renderDocument(compileDocument({}), selected)).toEqual({ collection: 'mqtt', document: selected });
  });

  test('a payload_template: rendered as text and decoded as JSON (numbers, objects as JSON, missing as undefined)', () => {
    const t = compileDocument({
      collection: 'dev_${clientid}',
      payload_template: '{"t": ${payload.temp}, "n": ${payload.nested}, "tags": ${payload.tags}, "who": "${clientid}", "ts": ${timestamp}}',
    });
    expect(renderDocument(t, selected)).toEqual({ collection: 'dev_c1', document: { t: 21.5, n: { k: 1 }, tags: ['a'], who: 'c1', ts: 1700000000000 } });
    const missing = compileDocument({ payload_template: '{"x": "${payload.nope}"}' });
    expect(renderDocument(missing, selected).document).toEqual({ x: 'undefined' });
  });

  test('a template that does not make a JSON object fails the message with a plain sentence', () => {
    expect(() => renderDocument(compileDocument({ payload_template: '{"x": ${payload.nope}}' }), selected)).toThrow(
      /^The payload template did not render valid JSON: \{"x": undefined\}/,
    );
    expect(() => renderDocument(compileDocument({ payload_template: '[${qos}]' }), selected)).toThrow('The payload template must render a JSON object, it rendered: [1]');
  });
});
