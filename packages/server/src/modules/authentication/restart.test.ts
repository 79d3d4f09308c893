// The authentication chain survives a restart: authenticators, their order and settings, and the built-in
// users, which keep authenticating real clients on the restarted node.
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, connackCode } from '../../shared/testing';
import { BUILT_IN, createBuiltIn } from './authentication.testing';

const SCRAM = 'scram:built_in_database';
const enc = encodeURIComponent;

const node = restartableNode();

describe('authentication across a restart', () => {
  test('chain order, settings and a built-in user are kept and still decide CONNECT', async () => {
    expect((await createBuiltIn(node, 'clientid', 'prefix')).status).toBe(200);
    expect((await api(node, 'POST', '/authentication', { mechanism: 'scram', backend: 'built_in_database', algorithm: 'sha512', iteration_count: 2048 })).status).toBe(200);
    // SCRAM ignores clients without an authentication method, so the password check still decides
    expect((await api(node, 'PUT', `/authentication/${enc(SCRAM)}/position/front`)).status).toBe(204);
    expect((await api(node, 'POST', `/authentication/${enc(BUILT_IN)}/users`, { user_id: 'dev-7', password: 'pa55word', is_superuser: true })).status).toBe(201);
    expect(await connackCode(node.mqttPort, { clientId: 'dev-7', username: 'any', password: 'pa55word' })).toBe(0);
    const chain = (await api(node, 'GET', '/authentication')).body;

    await node.restart();

    const after = (await api(node, 'GET', '/authentication')).body;
    expect(after.map((a: { id: string }) => a.id)).toEqual([SCRAM, BUILT_IN]);
    expect(after).toEqual(chain);
    expect(after[1]).toMatchObject({ user_id_type: 'clientid', password_hash_algorithm: { name: 'sha256', salt_position: 'prefix' } });
    expect(after[0]).toMatchObject({ algorithm: 'sha512', iteration_count: 2048 });
    expect((await api(node, 'GET', `/authentication/${enc(BUILT_IN)}/users/dev-7`)).body).toEqual({ user_id: 'dev-7', is_superuser: true });
    expect(await connackCode(node.mqttPort, { clientId: 'dev-7', username: 'any', password: 'pa55word' })).toBe(0);
    expect(await connackCode(node.mqttPort, { clientId: 'dev-7', username: 'any', password: 'wrong' })).toBe(0x86);
    // an unknown client id: no authenticator knows it, so the chain ends in 'not authorized'
    expect(await connackCode(node.mqttPort, { clientId: 'dev-8', username: 'any', password: 'pa55word' })).toBe(0x87);
  });
});
