// OpenTelemetry as emqx_otel_api_SUITE checks its settings (defaults, enable/disable, invalid and valid bodies,
// the legacy shape and the interval alias, PEM text stored as a file), and the metrics export for real: OTLP
// receivers started by this test (OTLP/HTTP JSON, OTLP/HTTP protobuf, gRPC) get EMQX's instrument names with the
// values /metrics and /stats show.
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { generate } from 'selfsigned';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { Server as GrpcServer, ServerCredentials } from '@grpc/grpc-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';

interface Received {
  path: string;
  contentType: string;
  body: Buffer;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** an OTLP/HTTP receiver: keeps every request, answers 200 with an empty export response (https with `tls`) */
async function httpReceiver(tls?: { cert: string; key: string }) {
  const got: Received[] = [];
  const handler: RequestListener = (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', contentType: String(req.headers['content-type']), body: Buffer.concat(chunks) });
      const json = String(req.headers['content-type']).includes('json');
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' }).end(json ? '{}' : '');
    });
  };
  const server: Server = tls ? createHttpsServer({ cert: tls.cert, key: tls.key }, handler) : createServer(handler);
  const refused = { count: 0 };
  server.on('tlsClientError', () => refused.count++);
  const port = await listen(server);
  return { got, port, refused, close: () => new Promise<void>((r) => server.close(() => r())) };
}

type Point = { asInt?: number | string; asDouble?: number };
interface JsonMetric {
  name: string;
  unit?: string;
  description?: string;
  gauge?: { dataPoints: Point[] };
  sum?: { dataPoints: Point[]; isMonotonic?: boolean };
}

/** name → { value, metric } of the last export in OTLP JSON */
function lastJsonExport(got: Received[]): Map<string, { value: number; metric: JsonMetric }> {
  const body = JSON.parse(got.at(-1)!.body.toString('utf8')) as {
    resourceMetrics: { resource: { attributes: { key: string }[] }; scopeMetrics: { metrics: JsonMetric[] }[] }[];
  };
  const out = new Map<string, { value: number; metric: JsonMetric }>();
  for (const rm of body.resourceMetrics)
    for (const sm of rm.scopeMetrics)
      for (const m of sm.metrics) {
        const p = (m.gauge ?? m.sum)!.dataPoints[0];
        out.set(m.name, { value: Number(p.asInt ?? p.asDouble), metric: m });
      }
  return out;
}

describe('opentelemetry', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());
  const put = (body: unknown) => api(node, 'PUT', '/opentelemetry', body);
  // as the EMQX suite's init_per_testcase: every signal off
  beforeEach(async () => {
    expect((await put({ metrics: { enable: false } })).status).toBe(200);
  });

  it('GET answers the root with EMQX e5.8.9 defaults', async () => {
    const res = await api(node, 'GET', '/opentelemetry');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      metrics: { enable: false, interval: '10s' },
      logs: { enable: false, level: 'warning', scheduled_delay: '1s' },
      traces: { enable: false, scheduled_delay: '5s', max_queue_size: 2048, filter: { trace_all: false, trace_mode: 'legacy' } },
      exporter: { endpoint: 'http://localhost:4317', protocol: 'grpc', headers: {}, ssl_options: { enable: false } },
    });
    expectContract('get', '/opentelemetry', 200, res.body);
  });

  it('PUT: what EMQX refuses is a 400 naming the field, and nothing changes', async () => {
    const before = (await api(node, 'GET', '/opentelemetry')).body;
    const bad: [unknown, RegExp][] = [
      [{ exporter: { endpoint: '' } }, /exporter\.endpoint/],
      [{ exporter: { endpoint: 'unknown://somehost.org' } }, /scheme must be http or https/],
      [{ exporter: { endpoint: 'https://somehost.org:99999' } }, /not a valid URL/],
      [{ exporter: { unknown_field: 'foo' } }, /exporter\.unknown_field: unknown field/],
      [{ exporter: { protocol: 'unknown' } }, /exporter\.protocol: must be one of grpc, http\/protobuf, http\/json/],
      [{ traces: { filter: { unknown_filter: 'foo' } } }, /traces\.filter\.unknown_filter/],
      [{ logs: { level: 'foo' } }, /logs\.level/],
      [{ metrics: { interval: 'foo' } }, /metrics\.interval: a duration/],
      [{ logs: { unknown_field: 'foo' } }, /logs\.unknown_field/],
      [{ unknown_field: 'foo' }, /unknown_field: unknown field/],
      [{ metrics: { enable: 'yes' } }, /metrics\.enable: a boolean is required/],
      [[], /JSON object/],
      // this node exports metrics only: a switch for logs or traces would do nothing, so it is refused
      [{ logs: { enable: true } }, /exporting logs over OpenTelemetry is not available on this node/],
      [{ traces: { enable: true } }, /exporting traces over OpenTelemetry is not available on this node/],
    ];
    for (const [body, message] of bad) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
      expect(res.body.message).toMatch(message);
    }
    expect((await api(node, 'GET', '/opentelemetry')).body).toEqual(before);
  });

  it('PUT: valid bodies as the EMQX suite sends them; omitted fields fall back to the defaults', async () => {
    const host = await put({ exporter: { endpoint: 'nohost.com' } });
    expect(host.status).toBe(200);
    expect(host.body.exporter.endpoint).toBe('http://nohost.com');
    for (const body of [{ exporter: {} }, {}, { traces: {} }, { logs: {} }, { metrics: {} }, { exporter: {}, traces: {}, logs: {}, metrics: {} }]) {
      expect((await put(body)).status, JSON.stringify(body)).toBe(200);
    }
    const full = await put({
      exporter: { endpoint: 'https://localhost:4317', protocol: 'grpc' },
      traces: { enable: false, max_queue_size: 10, exporting_timeout: '10s', scheduled_delay: '20s', filter: { trace_all: true } },
      logs: { level: 'warning', max_queue_size: 100, exporting_timeout: '10s', scheduled_delay: '1s' },
      // the alias of interval
      metrics: { scheduled_delay: '15321ms' },
    });
    expect(full.status).toBe(200);
    expect(full.body.metrics.interval).toBe('15321ms');
    expect(full.body.traces).toMatchObject({ max_queue_size: 10, scheduled_delay: '20s', filter: { trace_all: true, trace_mode: 'legacy' } });
    // the root is replaced: the endpoint set before is back to its default
    expect((await put({ metrics: { enable: false } })).body.exporter.endpoint).toBe('http://localhost:4317');
    // legacy shape (before 5.4): a top-level enable and exporter.interval
    const legacy = await put({ enable: false, exporter: { endpoint: 'http://127.0.0.1:4317', interval: '7s' } });
    expect(legacy.status).toBe(200);
    expect(legacy.body.metrics).toEqual({ enable: false, interval: '7s' });
    expect(legacy.body.exporter).not.toHaveProperty('interval');
  });

  it('PUT: PEM text becomes a file under the data dir; header secrets are masked and kept', async () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n';
    const res = await put({ exporter: { headers: { authorization: 'Bearer s3cret' }, ssl_options: { enable: true, cacertfile: pem } } });
    expect(res.status).toBe(200);
    const file = res.body.exporter.ssl_options.cacertfile as string;
    expect(file.startsWith(node.dataDir)).toBe(true);
    expect(existsSync(file) && readFileSync(file, 'utf8')).toBe(pem);
    expect(res.body.exporter.headers).toEqual({ authorization: '******' });
    // the GET answer sent back keeps the stored secret
    expect((await put(res.body)).status).toBe(200);
    expect(node.app.config.get('opentelemetry.exporter.headers')).toEqual({ authorization: 'Bearer s3cret' });
  });

  it('metrics enabled: an OTLP/HTTP JSON receiver gets EMQX names with the values of /metrics and /stats', async () => {
    const rx = await httpReceiver();
    try {
      const client = await connectClient(node.mqttPort, { clientId: 'otel-1' });
      await client.subscribeAsync('otel/t');
      await client.publishAsync('otel/t', 'x', { qos: 1 });
      const res = await put({
        metrics: { enable: true, interval: '300ms' },
        exporter: { endpoint: `http://127.0.0.1:${rx.port}`, protocol: 'http/json', headers: { 'x-tenant': 't1' } },
      });
      expect(res.status).toBe(200);
      const counters = (await api(node, 'GET', '/metrics')).body[0] as Record<string, number>;
      const stats = (await api(node, 'GET', '/stats')).body[0] as Record<string, number>;
      // an export taken after the traffic settled carries exactly what the API shows
      await waitFor(() => rx.got.length > 0 && lastJsonExport(rx.got).get('messages.received')?.value === counters['messages.received'], 5000, 'an export');
      const last = rx.got.at(-1)!;
      expect(last.path).toBe('/v1/metrics');
      expect(last.contentType).toMatch(/application\/json/);
      const m = lastJsonExport(rx.got);
      expect(m.get('connections.count')?.value).toBe(stats['connections.count']);
      expect(m.get('subscriptions.count')?.value).toBe(1);
      expect(m.get('packets.connect')?.value).toBe(counters['packets.connect.received']);
      expect(m.get('packets.connect')?.metric).toMatchObject({ unit: 'kb', description: 'observable packets.connect counter', sum: { isMonotonic: true } });
      expect(m.get('messages.received')?.metric.unit).toBe('1');
      expect(m.get('messages.dropped.expired')?.value).toBe(counters['messages.dropped.await_pubrel_timeout']);
      expect(m.get('node.running')?.value).toBe(1);
      expect(m.get('total.memory')?.value).toBeGreaterThan(0);
      expect(m.has('cpu.use')).toBe(true);
      expect(m.get('connections.count')?.metric.description).toBe('observable connections.count gauge');
      // overload protection is off: its counters are not sent, as EMQX
      expect([...m.keys()].some((k) => k.startsWith('overload_protection.'))).toBe(false);
      await closeClients([client]);
      // disabled: no more exports
      await put({ metrics: { enable: false } });
      const count = rx.got.length;
      await new Promise((r) => setTimeout(r, 700)); // two intervals of silence are the observation itself
      expect(rx.got.length).toBe(count);
    } finally {
      await rx.close();
    }
  });

  it('an https endpoint: TLS with the CA given as PEM; verify_peer without it sends nothing', async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      days: 1,
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    } as Parameters<typeof generate>[1]);
    const rx = await httpReceiver({ cert: pems.cert, key: pems.private });
    try {
      const exporter = { endpoint: `https://127.0.0.1:${rx.port}`, protocol: 'http/json' };
      await put({ metrics: { enable: true, interval: '300ms' }, exporter: { ...exporter, ssl_options: { enable: true, verify: 'verify_peer' } } });
      // the exporter refuses the untrusted certificate (the handshake fails): nothing arrives
      await waitFor(() => rx.refused.count > 0, 5000, 'a refused handshake');
      expect(rx.got).toHaveLength(0);
      await put({ metrics: { enable: true, interval: '300ms' }, exporter: { ...exporter, ssl_options: { enable: true, verify: 'verify_peer', cacertfile: pems.cert } } });
      await waitFor(() => rx.got.length > 0, 5000, 'an https export');
      expect(lastJsonExport(rx.got).has('messages.received')).toBe(true);
    } finally {
      await put({ metrics: { enable: false } });
      await rx.close();
    }
  });

  it('metrics over OTLP/HTTP protobuf and over gRPC (EMQX default protocol)', async () => {
    const rx = await httpReceiver();
    try {
      await put({ metrics: { enable: true, interval: '300ms' }, exporter: { endpoint: `http://127.0.0.1:${rx.port}/custom/path`, protocol: 'http/protobuf' } });
      await waitFor(() => rx.got.length > 0, 5000, 'a protobuf export');
      expect(rx.got[0].path).toBe('/custom/path');
      expect(rx.got[0].contentType).toBe('application/x-protobuf');
      // protobuf strings are their UTF-8 bytes
      expect(rx.got[0].body.includes('messages.received')).toBe(true);
    } finally {
      await rx.close();
    }
    // a gRPC collector: the OTLP MetricsService, raw bytes in and an empty ExportMetricsServiceResponse out
    const grpc = new GrpcServer();
    const calls: Buffer[] = [];
    const raw = { serialize: (b: Buffer) => b, deserialize: (b: Buffer) => b };
    grpc.addService(
      {
        Export: {
          path: '/opentelemetry.proto.collector.metrics.v1.MetricsService/Export',
          requestStream: false,
          responseStream: false,
          requestSerialize: raw.serialize,
          requestDeserialize: raw.deserialize,
          responseSerialize: raw.serialize,
          responseDeserialize: raw.deserialize,
        },
      },
      {
        Export: (call: { request: Buffer; metadata: { get(k: string): unknown[] } }, cb: (e: null, r: Buffer) => void) => {
          calls.push(call.request);
          cb(null, Buffer.alloc(0));
        },
      },
    );
    const port = await new Promise<number>((resolve, reject) => grpc.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
    try {
      await put({ metrics: { enable: true, interval: '300ms' }, exporter: { endpoint: `http://127.0.0.1:${port}` } });
      await waitFor(() => calls.length > 0, 5000, 'a gRPC export');
      expect(calls[0].includes('connections.count')).toBe(true);
      expect(calls[0].includes('messages.received')).toBe(true);
    } finally {
      await put({ metrics: { enable: false } });
      grpc.forceShutdown();
    }
  });
});
