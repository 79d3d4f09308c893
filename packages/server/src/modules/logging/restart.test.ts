// A change of /configs/log survives a restart and the restarted node logs with it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

const node = restartableNode();

describe('log config across a restart', () => {
  test('level, formatter and rotation are kept; the new node writes info lines as JSON', async () => {
    const log = (await api(node, 'GET', '/configs/log')).body;
    const file = { ...log.file.default, level: 'info', formatter: 'json', rotation_count: 3 };
    const console = { ...log.console, level: 'error', time_offset: '+02:00' };
    expect((await api(node, 'PUT', '/configs/log', { ...log, console, file: { default: file } })).status).toBe(200);
    const saved = (await api(node, 'GET', '/configs/log')).body;

    await node.restart();

    const after = (await api(node, 'GET', '/configs/log')).body;
    expect(after).toEqual(saved);
    expect(after.file.default).toMatchObject({ level: 'info', formatter: 'json', rotation_count: 3 });
    expect(after.console).toMatchObject({ level: 'error', time_offset: '+02:00' });
    const path = join(node.dataDir, 'log', 'emqx.log');
    const c = await connectClient(node.mqttPort, { clientId: 'log-after-restart' });
    await waitFor(() => existsSync(path) && readFileSync(path, 'utf8').includes('log-after-restart'), 2000, 'connect line');
    const line = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.clientid === 'log-after-restart');
    expect(line).toMatchObject({ level: 'info', msg: 'client_connected' });
    await closeClients([c]);
  });
});
