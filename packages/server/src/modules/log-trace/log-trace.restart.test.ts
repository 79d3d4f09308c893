// Traces live in SQLite like EMQX's table: after a restart the node lists the same traces and a running one
// keeps appending to the same file.
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

const node = restartableNode();

describe('traces across a restart', () => {
  test('the trace is listed as it was and its file grows on the restarted node', async () => {
    await api(node, 'POST', '/trace', { name: 'kept', type: 'clientid', clientid: 'kept-1', payload_encode: 'hex', formatter: 'json' });
    const c1 = await connectClient(node.mqttPort, { clientId: 'kept-1' });
    await closeClients([c1]);
    const size = async () => (await api(node, 'GET', '/trace')).body[0].log_size[node.app.nodeName] as number;
    await waitFor(async () => (await size()) > 0, 3000, 'first lines');
    const before = (await api(node, 'GET', '/trace')).body;
    const firstSize = await size();
    await node.restart();
    const after = (await api(node, 'GET', '/trace')).body;
    expect(after.map((t: Record<string, unknown>) => ({ ...t, log_size: undefined }))).toEqual(before.map((t: Record<string, unknown>) => ({ ...t, log_size: undefined })));
    const c2 = await connectClient(node.mqttPort, { clientId: 'kept-1' });
    await waitFor(async () => (await size()) > firstSize, 3000, 'more lines');
    const lines = (await api(node, 'GET', '/trace/kept/log?bytes=1000000')).body.items.trim().split('\n');
    expect(lines.filter((l: string) => JSON.parse(l).msg === 'client_connected')).toHaveLength(2);
    await closeClients([c2]);
  });
});
