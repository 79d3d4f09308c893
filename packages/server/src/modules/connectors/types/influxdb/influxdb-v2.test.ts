// API v2 has no server on this machine (Debian's InfluxDB is 1.6): what the type sends for it is checked against a
// plain HTTP server that records the requests — the path, the org/bucket/precision query, the Token header and the
// line protocol body — and that answers as InfluxDB 2 does (204; 401 and 400 with {"code","message"}).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ActionInstance, ConnectorInstance, TypeContext } from '../../resource/types';
import { influxdbType } from './index';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}
const seen: Seen[] = [];
let answer: { status: number; body: string } = { status: 204, body: '' };
let server: Server;
let port = 0;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let b = '';
    req.on('data', (c: Buffer) => (b += c.toString()));
    req.on('end', () => resolve(b));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    void read(req).then((body) => {
      seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
      if (req.url === '/ping') return res.writeHead(204).end();
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const ctx: TypeContext = { connectorId: 'influxdb:v2', nodeName: 'n@127.0.0.1', tls: () => undefined, log: { info: () => undefined, warn: () => undefined } };

test('v2: POST /api/v2/write with org, bucket, precision and the token; errors as EMQX classifies them', async () => {
  const connector: ConnectorInstance = await influxdbType.start(
    { server: `127.0.0.1:${port}`, pool_size: 1, ssl: { enable: false }, parameters: { influxdb_type: 'influxdb_api_v2', bucket: 'b 1', org: 'o', token: 'tok' } },
    ctx,
  );
  const action: ActionInstance = await influxdbType.action!.start({ write_syntax: 'm,t=${clientid} v=${payload.v}i', precision: 'us' }, connector, ctx);
  const a = action.render({ clientid: 'c', payload: '{"v": 5}', timestamp: 1000 }, {});
  const b = action.render({ clientid: 'd', payload: '{"v": 6}', timestamp: 2000 }, {});
  expect(await action.send([a, b])).toEqual({ ok: true });
  const write = seen.find((s) => s.url.startsWith('/api/v2/write'))!;
  expect(write).toMatchObject({ method: 'POST', url: '/api/v2/write?org=o&bucket=b+1&precision=us', authorization: 'Token tok', body: 'm,t=c v=5i 1000000\nm,t=d v=6i 2000000' });

  answer = { status: 401, body: '{"code":"unauthorized","message":"unauthorized access"}' };
  expect(await action.send([a])).toEqual({ ok: false, recoverable: false, reason: 'authorization failure' });
  answer = { status: 400, body: '{"code":"invalid","message":"partial write: field type conflict"}' };
  expect(await action.send([a])).toEqual({ ok: false, recoverable: false, reason: 'InfluxDB refused the write (HTTP 400): partial write: field type conflict' });
  await connector.stop();
  // the connection is gone: recoverable, kept in the buffer
  const after = await action.send([a]);
  expect(after).toMatchObject({ ok: false, recoverable: true });
});
