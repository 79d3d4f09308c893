// A STAND-IN for a Confluent Schema Registry, for tests only: there is no Confluent registry server on the test
// machines. It speaks the subset of Confluent's REST API the node calls (POST /subjects/{subject}/versions →
// {id}, GET /schemas/ids/{id} → {schema}, Confluent's error bodies {error_code, message}) and, when given
// credentials, demands HTTP basic auth (401 otherwise), as Confluent's basic-auth setup does. It is not the real
// registry: compatibility checks, schema types other than Avro and every other endpoint are absent.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ConfluentStandIn {
  url: string;
  /** the requests received, as "METHOD path" */
  requests: string[];
  /** registers a schema as a producer would, outside the node: its id */
  register(subject: string, schema: string): number;
  close(): Promise<void>;
}

export async function startConfluentStandIn(auth?: { username: string; password: string }): Promise<ConfluentStandIn> {
  const ids = new Map<string, number>(); // schema text → id (Confluent gives one id per distinct schema)
  const schemas = new Map<number, string>();
  const requests: string[] = [];
  const register = (_subject: string, schema: string): number => {
    let id = ids.get(schema);
    if (id === undefined) {
      id = ids.size + 1;
      ids.set(schema, id);
      schemas.set(id, schema);
    }
    return id;
  };
  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    requests.push(`${req.method} ${path}`);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/vnd.schemaregistry.v1+json' });
      res.end(JSON.stringify(json));
    };
    const text = await body(req);
    if (auth) {
      const expected = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(401, { error_code: 401, message: 'Unauthorized' });
    }
    const subject = /^\/subjects\/([^/]+)\/versions$/.exec(path);
    if (req.method === 'POST' && subject) {
      let schema: unknown;
      try {
        schema = (JSON.parse(text) as { schema?: unknown }).schema;
        JSON.parse(String(schema));
      } catch {
        return send(422, { error_code: 42201, message: 'Invalid schema' });
      }
      if (typeof schema !== 'string') return send(422, { error_code: 42201, message: 'Invalid schema' });
      return send(200, { id: register(decodeURIComponent(subject[1]), schema) });
    }
    const byId = /^\/schemas\/ids\/(\d+)$/.exec(path);
    if (req.method === 'GET' && byId) {
      const schema = schemas.get(Number(byId[1]));
      return schema === undefined ? send(404, { error_code: 40403, message: 'Schema not found' }) : send(200, { schema });
    }
    return send(404, { error_code: 404, message: 'HTTP 404 Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    register,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
