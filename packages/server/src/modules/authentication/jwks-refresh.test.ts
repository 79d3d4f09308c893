// JWT with a JWKS endpoint: the key set is fetched again every refresh_interval, so a key rotated at the identity
// provider is accepted (and the retired one refused) after one interval, without touching the authenticator.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, connackCode, waitFor } from '../../shared/testing';

const REFRESH_S = 10; // the smallest refresh_interval the authenticator takes

let node: TestNode;
let web: http.Server;
let served: { keys: JWK[] } = { keys: [] };
let fetches = 0;

beforeAll(async () => {
  web = http.createServer((_req, res) => {
    fetches++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(served));
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  node = await startTestNode();
});
afterAll(async () => {
  await node?.close();
  await new Promise((resolve) => web.close(resolve));
});

async function keyPair(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

const token = (key: Parameters<SignJWT['sign']>[0], kid: string, sub: string) =>
  new SignJWT({ sub }).setProtectedHeader({ alg: 'RS256', kid }).setIssuedAt().setExpirationTime('10m').sign(key);

test('a rotated key is picked up at the next refresh_interval', { timeout: 40_000 }, async () => {
  const first = await keyPair('k1');
  const second = await keyPair('k2');
  served = { keys: [first.jwk] };
  const created = await api(node, 'POST', '/authentication', {
    mechanism: 'jwt',
    use_jwks: true,
    endpoint: `http://127.0.0.1:${(web.address() as AddressInfo).port}/jwks`,
    refresh_interval: REFRESH_S,
    from: 'password',
  });
  expect(created.status).toBe(200);
  await waitFor(() => fetches >= 1, 5000, 'the first JWKS fetch');
  const oldToken = await token(first.privateKey, 'k1', 'u1');
  const newToken = await token(second.privateKey, 'k2', 'u2');
  await waitFor(async () => (await connackCode(node.mqttPort, { clientId: 'jwks-old', username: 'u1', password: oldToken })) === 0, 5000, 'the first key accepted');
  // the provider rotates: only the new key is published now; until the refresh the node still has the old set
  served = { keys: [second.jwk] };
  const fetchedBefore = fetches;
  expect(await connackCode(node.mqttPort, { clientId: 'jwks-new-early', username: 'u2', password: newToken })).toBe(0x86);

  await waitFor(() => fetches > fetchedBefore, (REFRESH_S + 5) * 1000, 'the refresh fetch');
  await waitFor(async () => (await connackCode(node.mqttPort, { clientId: 'jwks-new', username: 'u2', password: newToken })) === 0, 3000, 'the new key accepted');
  expect(await connackCode(node.mqttPort, { clientId: 'jwks-old-late', username: 'u1', password: oldToken })).toBe(0x86);
});
