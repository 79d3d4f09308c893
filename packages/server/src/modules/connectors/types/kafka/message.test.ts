// Kafka message rendering as EMQX 5.8's producer does it (render/2, render_timestamp/2, kafka headers), and the
// connector/action field checks — all without a Kafka server.
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../../errors';
import { readBrokers, readConsumer, readKafkaConnector, readProducer } from './config';
import { kafkaReason } from './errors';
import { renderMessage } from './message';

const selected = {
  clientid: 'dev1',
  topic: 't/1',
  timestamp: 1700000000123,
  payload: '{"temp":21.5,"h":{"a":"1","b":2},"list":[{"key":"k1","value":"v1"}]}',
  pub_props: { 'User-Property': { u: 'p' } },
};

const render = (p: Record<string, unknown>, s: Record<string, unknown> = selected) => renderMessage(s, readProducer({ topic: 'kt', ...p }).templates);

describe('kafka message rendering', () => {
  test('defaults: key ${.clientid}, value ${.} as JSON, timestamp ${.timestamp}', () => {
    const m = render({});
    expect(m.topic).toBe('kt');
    expect(m.key.toString()).toBe('dev1');
    expect(JSON.parse(m.value.toString())).toMatchObject({ clientid: 'dev1', topic: 't/1' });
    expect(m.timestamp).toBe('1700000000123');
    expect(m.headers).toEqual({});
  });

  test('a missing value renders as nothing (not "undefined"); a timestamp that is not an integer is now', () => {
    const before = Date.now();
    const m = render({ message: { key: '${payload.nothing}', value: 'v=${payload.temp};x=${nope}', timestamp: '${payload.temp}' } });
    expect(m.key.toString()).toBe('');
    expect(m.value.toString()).toBe('v=21.5;x=');
    expect(Number(m.timestamp)).toBeGreaterThanOrEqual(before);
  });

  test('a topic template needs every value', () => {
    expect(render({ topic: 'iot-${clientid}' }).topic).toBe('iot-dev1');
    expect(() => render({ topic: 'iot-${payload.nothing}' })).toThrow(/topic template needs payload.nothing/);
  });

  test('kafka_headers from an object, a JSON list, and ext headers; none keeps text values only, json encodes all', () => {
    const none = render({
      kafka_headers: '${payload.h}',
      kafka_ext_headers: [
        { kafka_ext_header_key: 'clientid', kafka_ext_header_value: '${clientid}' },
        { kafka_ext_header_key: 'gone', kafka_ext_header_value: '${payload.nothing}' },
      ],
    });
    expect(Object.fromEntries(Object.entries(none.headers).map(([k, v]) => [k, v.toString()]))).toEqual({ a: '1', clientid: 'dev1' });
    const json = render({ kafka_headers: '${payload.h}', kafka_header_value_encode_mode: 'json' });
    expect(Object.fromEntries(Object.entries(json.headers).map(([k, v]) => [k, v.toString()]))).toEqual({ a: '"1"', b: '2' });
    const list = render({ kafka_headers: '${payload.list}' });
    expect(list.headers.k1.toString()).toBe('v1');
    expect(() => render({ kafka_headers: '${payload.temp}' })).toThrow(/neither an object nor a list/);
  });
});

describe('kafka field checks', () => {
  const refused = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      return (err as ApiError).message;
    }
    throw new Error('accepted');
  };

  test('bootstrap_hosts: default port 9092, bad entries refused', () => {
    expect(readBrokers('a, b:9093,[::1]:19092')).toEqual(['a:9092', 'b:9093', '[::1]:19092']);
    expect(refused(() => readBrokers('a:99999'))).toMatch(/bootstrap_hosts: "a:99999" is not a valid host:port/);
    expect(refused(() => readBrokers(''))).toMatch(/bootstrap_hosts: required/);
  });

  test('authentication per flavor; Kerberos is refused with a plain sentence', () => {
    expect(readKafkaConnector({ bootstrap_hosts: 'k:9092' }, 'kafka')).toMatchObject({ sasl: undefined, ssl: undefined });
    expect(readKafkaConnector({ bootstrap_hosts: 'k', authentication: { mechanism: 'scram_sha_512', username: 'u', password: 'p' } }, 'kafka').sasl).toEqual({
      mechanism: 'scram-sha-512',
      username: 'u',
      password: 'p',
    });
    expect(refused(() => readKafkaConnector({ bootstrap_hosts: 'k', authentication: { kerberos_principal: 'x', kerberos_keytab_file: 'y' } }, 'kafka'))).toMatch(/Kerberos/);
    const azure = readKafkaConnector({ bootstrap_hosts: 'ns.servicebus.windows.net:9093', authentication: { password: 'Endpoint=sb://…' } }, 'azure');
    expect(azure).toMatchObject({ sasl: { mechanism: 'plain', username: '$ConnectionString' }, ssl: { enable: true } });
    expect(refused(() => readKafkaConnector({ bootstrap_hosts: 'c:9092', authentication: {} }, 'confluent'))).toMatch(/authentication.username/);
  });

  test('producer and consumer parameters', () => {
    expect(readProducer({ topic: 't' })).toMatchObject({ acks: -1, compression: 'none', partitionStrategy: 'random', fixedTopic: 't' });
    expect(readProducer({ topic: 't-${clientid}', required_acks: 'none' })).toMatchObject({ acks: 0, fixedTopic: undefined });
    expect(refused(() => readProducer({ topic: 't', compression: 'snappy' }))).toMatch(/snappy is not available/);
    expect(refused(() => readProducer({ topic: 't', kafka_headers: 'not a placeholder' }))).toMatch(/kafka_headers: expected one placeholder/);
    expect(refused(() => readProducer({}))).toMatch(/topic: required/);
    expect(readConsumer({ topic: 't', offset_reset_policy: 'earliest', key_encoding_mode: 'base64' })).toMatchObject({
      fromBeginning: true,
      keyEncoding: 'base64',
      commitInterval: 5000,
    });
    expect(refused(() => readConsumer({ topic: 't', value_encoding_mode: 'hex' }))).toMatch(/value_encoding_mode/);
  });

  test('reasons in plain words', () => {
    const refusedErr = Object.assign(new Error('Connection error: connect ECONNREFUSED 127.0.0.1:9'), { name: 'KafkaJSConnectionError', code: 'ECONNREFUSED' });
    expect(kafkaReason(refusedErr)).toBe('Connection refused');
    expect(kafkaReason({ name: 'KafkaJSNumberOfRetriesExceeded', originalError: refusedErr })).toBe('Connection refused');
  });
});
