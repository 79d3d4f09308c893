import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ApiError } from '../errors';
import { ConfigService } from './config.service';
import { parseBind, parseBytes, parseDuration, parsePercent, parseRate } from './units';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'mqdeck-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('units', () => {
  it('parses durations, sizes, rates and binds', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('1m')).toBe(60_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('infinity')).toBeNull();
    expect(parseDuration('soon')).toBeUndefined();
    expect(parseBytes('1MB')).toBe(1_048_576);
    expect(parseBytes('16kb')).toBe(16_384);
    expect(parseBytes('lots')).toBeUndefined();
    expect(parseRate('1000/s')).toEqual({ amount: 1000, perMs: 1000 });
    expect(parseRate('10/10s')).toEqual({ amount: 10, perMs: 10_000 });
    expect(parseRate('infinity')).toBeNull();
    expect(parseRate('fast')).toBeUndefined();
    expect(parseBind('0.0.0.0:1883')).toEqual({ host: '0.0.0.0', port: 1883 });
    expect(parseBind(18083)).toEqual({ host: '0.0.0.0', port: 18083 });
    expect(parseBind(':8083')).toEqual({ host: '0.0.0.0', port: 8083 });
    expect(parseBind('[::1]:1883')).toEqual({ host: '::1', port: 1883 });
    expect(parseBind('host:99999')).toBeUndefined();
  });

  it("reads percents as EMQX's hocon does: whole or fractional, rounded to a hundredth of a percent", () => {
    expect(parsePercent('80%')).toBe(0.8);
    expect(parsePercent('0%')).toBe(0);
    expect(parsePercent('12.5%')).toBe(0.125);
    expect(parsePercent('050%')).toBe(0.5);
    expect(parsePercent('99.999%')).toBe(1);
    expect(parsePercent('100.5%')).toBe(1.005);
    for (const bad of ['80', '%', '-5%', '5.%', '.5%', '1e2%', ' 80%', 0.8]) expect(parsePercent(bad)).toBeUndefined();
  });
});

describe('ConfigService', () => {
  it('fills EMQX defaults', () => {
    const config = new ConfigService({ dataDir: tempDir() });
    expect(config.get('mqtt.max_packet_size')).toBe('1MB');
    expect(config.get('listeners.tcp.default.bind')).toBe('0.0.0.0:1883');
    expect(config.get('listeners.ws.default.websocket.mqtt_path')).toBe('/mqtt');
    expect(config.get('dashboard.token_expired_time')).toBe('60m');
    expect(config.get('retainer')).toMatchObject({ enable: true, delivery_rate: '1000/s', backend: { type: 'built_in_database', storage_type: 'ram' } });
    expect(config.get('authorization')).toEqual({
      no_match: 'allow',
      deny_action: 'ignore',
      cache: { enable: true, max_size: 32, ttl: '1m', excludes: [] },
      sources: [{ type: 'file', enable: true, path: '${EMQX_ETC_DIR}/acl.conf' }],
    });
    expect(config.get('authentication')).toEqual([]);
  });

  it('precedence: defaults < file < persisted < env', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, 'mqdeck.json');
    writeFileSync(file, JSON.stringify({ mqtt: { max_packet_size: '2MB', max_inflight: 10 }, retainer: { max_payload_size: '2MB' } }));
    const first = new ConfigService({ dataDir, configFile: file });
    expect(first.get('mqtt.max_packet_size')).toBe('2MB');
    await first.update('mqtt.max_inflight', 20);
    await first.update('mqtt.max_packet_size', '3MB');
    const env = { EMQX_MQTT__MAX_PACKET_SIZE: '4MB', emqx_listeners__tcp__default__bind: '0.0.0.0:11883', EMQX_DASHBOARD__LISTENERS__HTTP__BIND: '28083' };
    const second = new ConfigService({ dataDir, configFile: file, env });
    expect(second.get('mqtt.max_packet_size')).toBe('4MB'); // env beats persisted
    expect(second.get('mqtt.max_inflight')).toBe(20); // persisted beats file
    expect(second.get('retainer.max_payload_size')).toBe('2MB'); // file beats defaults
    expect(second.get('listeners.tcp.default.bind')).toBe('0.0.0.0:11883');
    expect(second.get('dashboard.listeners.http.bind')).toBe(28083);
    expect(second.get('mqtt.max_topic_levels')).toBe(128);
  });

  it('refuses bad values with 400 and changes nothing', async () => {
    const config = new ConfigService({ dataDir: tempDir() });
    for (const [path, value] of [
      ['mqtt.max_qos_allowed', 3],
      ['mqtt.max_packet_size', 'big'],
      ['mqtt.session_expiry_interval', 'forever'],
      ['mqtt.nope', 1],
      ['retainer', { enable: 'yes' }],
    ] as const) {
      const err = await config.update(path, value).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).statusCode).toBe(400);
      expect((err as ApiError).code).toBe('BAD_REQUEST');
      expect((err as ApiError).message).toContain(path.split('.')[0]);
    }
    expect(config.get('mqtt.max_qos_allowed')).toBe(2);
    expect(config.get('retainer.enable')).toBe(true);
  });

  it('emits change and rejects bad env or file values clearly', async () => {
    const dataDir = tempDir();
    const config = new ConfigService({ dataDir });
    const seen: string[] = [];
    config.on('change', (p) => seen.push(p));
    await config.update('retainer', { ...config.get<object>('retainer'), max_payload_size: '4MB' });
    expect(seen).toEqual(['retainer']);
    expect(config.get('retainer.max_payload_size')).toBe('4MB');
    expect(() => new ConfigService({ dataDir, env: { EMQX_MQTT__MAX_QOS_ALLOWED: '7' } })).toThrow(/EMQX_MQTT__MAX_QOS_ALLOWED/);
    const bad = join(dataDir, 'bad.json');
    writeFileSync(bad, '{not json');
    expect(() => new ConfigService({ dataDir, configFile: bad })).toThrow(/Cannot read config file/);
    const unknown = new ConfigService({ dataDir, env: { EMQX_MQTT__NOT_A_KEY: '1', EMQX_ETC_DIR: '/etc' } });
    expect(unknown.warnings.join()).toContain('EMQX_MQTT__NOT_A_KEY');
  });

  it('watch(root) is called for changes inside that root only, until unwatched', async () => {
    const config = new ConfigService({ dataDir: tempDir() });
    const retainer: string[] = [];
    const sys: string[] = [];
    const unwatch = config.watch('retainer', (p) => retainer.push(p));
    config.watch('sys_topics', (p) => sys.push(p));
    await config.update('retainer.max_payload_size', '2MB');
    await config.update('retainer', { ...config.get<object>('retainer'), max_payload_size: '4MB' });
    await config.update('mqtt.max_qos_allowed', 1);
    await config.reset('retainer.max_payload_size');
    expect(retainer).toEqual(['retainer.max_payload_size', 'retainer', 'retainer.max_payload_size']);
    expect(sys).toEqual([]);
    unwatch();
    await config.update('retainer.max_payload_size', '3MB');
    expect(retainer).toHaveLength(3);
    await config.update('sys_topics.sys_msg_interval', '2m');
    expect(sys).toEqual(['sys_topics.sys_msg_interval']);
    // watchers are not 'change' listeners: no listener count to raise for the feature modules
    expect(config.listenerCount('change')).toBe(0);
  });
});

describe('config in the app', () => {
  it('persists updates across a restart and applies mqtt settings to the broker', async () => {
    const dataDir = tempDir();
    const first = await buildApp({ dataDir, listen: false });
    expect(first.broker.settings.maxPacketSize).toBe(1_048_576);
    await first.config.update('mqtt.max_packet_size', '2MB');
    expect(first.broker.settings.maxPacketSize).toBe(2 * 1_048_576);
    await first.close();
    const second = await buildApp({ dataDir, listen: false });
    try {
      expect(second.config.get('mqtt.max_packet_size')).toBe('2MB');
      expect(second.broker.settings.maxPacketSize).toBe(2 * 1_048_576);
    } finally {
      await second.close();
    }
  });

  it('uses node.name and the default password from the environment', async () => {
    const dataDir = tempDir();
    mkdirSync(dataDir, { recursive: true });
    const app = await buildApp({ dataDir, listen: false, env: { EMQX_NODE__NAME: 'mqdeck@10.0.0.1', EMQX_DASHBOARD__DEFAULT_PASSWORD: 'changed123' } });
    try {
      expect(app.nodeName).toBe('mqdeck@10.0.0.1');
      const res = await app.inject({ method: 'POST', url: '/api/v5/login', payload: { username: 'admin', password: 'changed123' } });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
