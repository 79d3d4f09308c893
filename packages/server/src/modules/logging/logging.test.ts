import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';
import { formatRecord, logTimestamp } from './log-format';
import { RotatingFile } from './log-router';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});

describe('log formats', () => {
  test('text and json, time offsets', () => {
    const rec = { time: Date.UTC(2024, 0, 2, 3, 4, 5, 678), level: 40, msg: 'alarm_is_activated', fields: { name: 'x' } };
    expect(logTimestamp(rec.time, '+08:00')).toBe('2024-01-02T11:04:05.678000+08:00');
    expect(logTimestamp(rec.time, 'utc')).toBe('2024-01-02T03:04:05.678000Z');
    expect(formatRecord(rec, { formatter: 'text', timestampFormat: 'auto', timeOffset: '-02:30' })).toBe(
      '2024-01-02T00:34:05.678000-02:30 [warning] msg: alarm_is_activated, name: x\n',
    );
    expect(JSON.parse(formatRecord(rec, { formatter: 'json', timestampFormat: 'auto', timeOffset: 'utc' }))).toEqual({
      time: rec.time * 1000,
      level: 'warning',
      msg: 'alarm_is_activated',
      name: 'x',
    });
  });

  test('rotation keeps rotation_count files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mqdeck-log-'));
    const file = new RotatingFile(join(dir, 'emqx.log'), 100, 2);
    for (let i = 0; i < 10; i++) file.write(`${String(i).repeat(60)}\n`);
    file.close();
    expect(existsSync(join(dir, 'emqx.log.1'))).toBe(true);
    expect(existsSync(join(dir, 'emqx.log.2'))).toBe(true);
    expect(existsSync(join(dir, 'emqx.log.3'))).toBe(false);
    expect(readFileSync(join(dir, 'emqx.log'), 'utf8')).toBe(`${'9'.repeat(60)}\n`);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('logging config', () => {
  test('file handler writes <dataDir>/log/emqx.log; level and formatter apply live; bad values change nothing', async () => {
    const path = join(node.dataDir, 'log', 'emqx.log');
    const log = (await api(node, 'GET', '/configs/log')).body;
    expect(log.file.default).toMatchObject({ enable: true, level: 'warning', path: '${EMQX_LOG_DIR}/emqx.log' });

    // info: client connects are logged, as json
    const res = await api(node, 'PUT', '/configs/log', { ...log, file: { default: { ...log.file.default, level: 'info', formatter: 'json' } } });
    expect(res.status).toBe(200);
    const c = await connectClient(node.mqttPort, { clientId: 'log-client' });
    await waitFor(() => existsSync(path) && readFileSync(path, 'utf8').includes('log-client'), 2000, 'connect line');
    const line = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .find((l) => l.clientid === 'log-client');
    expect(line).toMatchObject({ level: 'info', msg: 'client_connected', tag: 'MQTT' });

    // back to warning text: the next connect is not logged
    await api(node, 'PUT', '/configs/log', { ...log, file: { default: { ...log.file.default, level: 'warning', formatter: 'text' } } });
    const quiet = await connectClient(node.mqttPort, { clientId: 'log-quiet' });
    // a fixed wait on purpose: it proves nothing is logged within 200 ms
    await new Promise((r) => setTimeout(r, 200));
    expect(readFileSync(path, 'utf8')).not.toContain('log-quiet');
    node.app.log.warn({ name: 'demo' }, 'alarm_is_activated');
    expect(readFileSync(path, 'utf8')).toMatch(/\[warning\] msg: alarm_is_activated, name: demo\n$/);

    for (const bad of [{ console: { time_offset: '+25:00' } }, { file: { default: { rotation_count: 0 } } }, { file: { default: { formatter: 'xml' } } }]) {
      expect((await api(node, 'PUT', '/configs/log', bad)).status).toBe(400);
    }
    expect((await api(node, 'GET', '/configs/log')).body.file.default.level).toBe('warning');
    await closeClients([c, quiet]);
  });
});
