// External schema registries (EMQX 5.8 EE emqx_schema_registry_external + _config): Confluent-compatible registries
// the node is a client of. Each is stored (migration 823) with its password sealed by the node's SecretBox and
// answered with the password as ****** (EMQX emqx_utils:redact); an update that sends ****** back keeps the stored
// password (emqx_utils:deobfuscate).
//
// The client speaks the part of Confluent's REST API that EMQX's avlizer_confluent uses: POST
// /subjects/{subject}/versions (register a schema, answer {id}) and GET /schemas/ids/{id} (answer {schema}), with
// HTTP basic auth when configured. Plain fetch rather than @kafkajs/confluent-schema-registry: that client brings
// its own HTTP stack (mappersmith) and its own copies of avsc/protobufjs/ajv, while the node needs only these two
// calls and encodes with the avsc serde the registry already has (serde.ts), as EMQX encodes with its own avro.
// Wire format (Confluent's): magic byte 0, the schema id as 4 bytes big-endian, then the Avro binary.
import { createHash } from 'node:crypto';
import type { Db } from '../../storage/db';
import { ApiError } from '../../errors';
import { isObject } from '../../config/tree';
import { MASK } from '../configs/secrets';
import type { SecretBox } from '../connectors/resource/secret-box';
import { maskIntegrationSecrets, restoreIntegrationSecrets } from '../connectors/resource/secrets';
import { SerdeError, makeSerde, type Serde } from './serde';

export interface BasicAuth {
  mechanism: 'basic';
  username: string;
  password: string;
}

export interface ExternalRegistryConfig {
  type: 'confluent';
  url: string;
  auth: 'none' | BasicAuth;
}

/** EMQX's error reasons of emqx_schema_registry_external, raised by the rule functions */
export class ExternalRegistryError extends Error {
  constructor(
    readonly reason: string,
    detail?: string,
  ) {
    super(detail ? `${reason} (${detail})` : reason);
  }
}

const NOT_FOUND = () => new ApiError(404, 'NOT_FOUND', 'External registry not found');
const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

/** EMQX's hocon check of confluent_schema_registry, with its defaults (type confluent, auth none, mechanism basic) */
export function checkConfig(raw: unknown): ExternalRegistryConfig {
  if (!isObject(raw)) throw bad('Expected a body {type, url, auth}.');
  const type = raw.type ?? 'confluent';
  if (type !== 'confluent') throw bad(`Unknown external registry type ${JSON.stringify(type)}: expected confluent.`);
  if (typeof raw.url !== 'string' || raw.url === '') throw bad('url: required field, the URL of the registry.');
  let url: URL;
  try {
    url = new URL(raw.url);
  } catch {
    throw bad(`url: ${raw.url} is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(`url: ${raw.url} must be an http:// or https:// URL.`);
  const auth = raw.auth ?? 'none';
  if (auth === 'none') return { type, url: raw.url, auth };
  if (!isObject(auth)) throw bad('auth: expected "none" or {mechanism: "basic", username, password}.');
  const mechanism = auth.mechanism ?? 'basic';
  if (mechanism !== 'basic') throw bad(`auth.mechanism: unknown mechanism ${JSON.stringify(mechanism)}: expected basic.`);
  if (typeof auth.username !== 'string' || auth.username === '') throw bad('auth.username: required field.');
  if (typeof auth.password !== 'string' || auth.password === '' || auth.password === MASK) throw bad('auth.password: required field.');
  return { type, url: raw.url, auth: { mechanism, username: auth.username, password: auth.password } };
}

class ExternalRegistryStore {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  all(): [string, ExternalRegistryConfig][] {
    return this.db
      .prepare<[], { name: string; config: string }>('SELECT name, config FROM schema_registry_external ORDER BY name')
      .all()
      .map((r) => [r.name, this.box.openTree(JSON.parse(r.config)) as ExternalRegistryConfig]);
  }

  put(name: string, config: ExternalRegistryConfig): void {
    this.db
      .prepare(
        `INSERT INTO schema_registry_external (name, config, created_at) VALUES (?, ?, ?)
         ON CONFLICT(name) DO UPDATE SET config = excluded.config`,
      )
      .run(name, JSON.stringify(this.box.sealTree(config)), Date.now());
  }

  delete(name: string): void {
    this.db.prepare('DELETE FROM schema_registry_external WHERE name = ?').run(name);
  }
}

const TIMEOUT_MS = 15_000;

/** One registry's client (avlizer_confluent): schemas fetched by id are cached, as are the ids of our schemas */
export class ConfluentClient {
  private readonly byId = new Map<number, Promise<Serde>>();
  /** our schema name → md5 of its source → the id the registry gave it (EMQX's context cache) */
  private readonly registered = new Map<string, { hash: string; id: Promise<number> }>();

  constructor(readonly config: ExternalRegistryConfig) {}

  private async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = { accept: 'application/vnd.schemaregistry.v1+json, application/json' };
    if (body !== undefined) headers['content-type'] = 'application/vnd.schemaregistry.v1+json';
    if (this.config.auth !== 'none') {
      headers.authorization = `Basic ${Buffer.from(`${this.config.auth.username}:${this.config.auth.password}`).toString('base64')}`;
    }
    let res: Response;
    try {
      res = await fetch(new URL(path, this.config.url.endsWith('/') ? this.config.url : `${this.config.url}/`), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err instanceof Error ? err.message : String(err));
      throw new ExternalRegistryError('external_registry_unavailable', cause);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  }

  /** POST /subjects/{subject}/versions: the id of `source` under `subject` (registered when new) */
  async register(subject: string, source: string): Promise<number> {
    const { status, json } = await this.request('POST', `subjects/${encodeURIComponent(subject)}/versions`, { schema: source });
    if (status === 200 && isObject(json) && Number.isInteger(json.id)) return json.id as number;
    throw httpError(status);
  }

  /** The serde of the schema with this id (GET /schemas/ids/{id}), fetched once */
  serde(id: number): Promise<Serde> {
    let hit = this.byId.get(id);
    if (!hit) {
      hit = (async () => {
        const { status, json } = await this.request('GET', `schemas/ids/${id}`);
        if (status !== 200 || !isObject(json) || typeof json.schema !== 'string') throw httpError(status);
        if (json.schemaType !== undefined && json.schemaType !== 'AVRO')
          throw new ExternalRegistryError('bad_schema_source', `schema ${id} is ${String(json.schemaType)}, not Avro`);
        return makeSerde('avro', json.schema);
      })();
      this.byId.set(id, hit);
      hit.catch(() => this.byId.delete(id)); // a failed fetch is tried again next time
    }
    return hit;
  }

  /** EMQX's ensure_registered: our schema's id, registering it under `subject` once per source */
  idOf(ourSchemaName: string, source: string, subject: string): Promise<number> {
    const hash = createHash('md5').update(source).digest('hex');
    const hit = this.registered.get(ourSchemaName);
    if (hit && hit.hash === hash) return hit.id;
    const id = this.register(subject, source);
    this.registered.set(ourSchemaName, { hash, id });
    id.catch(() => {
      if (this.registered.get(ourSchemaName)?.id === id) this.registered.delete(ourSchemaName);
    });
    return id;
  }
}

/** avlizer's HTTP answers as EMQX names them */
function httpError(status: number): ExternalRegistryError {
  switch (status) {
    case 401:
      return new ExternalRegistryError('bad_registry_credentials');
    case 404:
      return new ExternalRegistryError('schema_not_found');
    case 409:
    case 422:
      return new ExternalRegistryError('bad_schema_source');
    case 500:
      return new ExternalRegistryError('external_registry_unavailable');
    default:
      return new ExternalRegistryError('bad_http_code', String(status));
  }
}

export function tag(id: number, encoded: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(id, 1);
  return Buffer.concat([head, encoded]);
}

export function untag(data: Buffer): { id: number; body: Buffer } {
  if (data.length < 5 || data[0] !== 0) throw new ExternalRegistryError('bad_input', 'not tagged with the Confluent wire format (magic byte 0, 4-byte schema id)');
  return { id: data.readUInt32BE(1), body: data.subarray(5) };
}

/** encode/decode with a serde, its failure being EMQX's bad_input */
export function withSerde<T>(f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof SerdeError) throw new ExternalRegistryError('bad_input', err.message);
    throw err;
  }
}

export class ExternalRegistries {
  private readonly store: ExternalRegistryStore;
  private readonly configs = new Map<string, ExternalRegistryConfig>();
  private readonly clients = new Map<string, ConfluentClient>();

  constructor(db: Db, box: SecretBox) {
    this.store = new ExternalRegistryStore(db, box);
    for (const [name, config] of this.store.all()) this.start(name, config);
  }

  private start(name: string, config: ExternalRegistryConfig): void {
    this.configs.set(name, config);
    this.clients.set(name, new ConfluentClient(config));
  }

  /** GET /schema_registry_external: name → registry, passwords masked */
  list(): Record<string, unknown> {
    return Object.fromEntries([...this.configs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([n, c]) => [n, maskIntegrationSecrets(c)]));
  }

  get(name: string): unknown {
    const c = this.configs.get(name);
    if (!c) throw NOT_FOUND();
    return maskIntegrationSecrets(c);
  }

  create(name: string, raw: unknown, nameProblem: (n: string) => string | undefined): unknown {
    const problem = nameProblem(name);
    if (problem) throw bad(problem);
    if (this.configs.has(name)) throw bad('External registry already exists');
    return this.save(name, checkConfig(raw));
  }

  update(name: string, raw: unknown): unknown {
    const current = this.configs.get(name);
    if (!current) throw NOT_FOUND();
    return this.save(name, checkConfig(restoreIntegrationSecrets(raw, current)));
  }

  /** 204 whether or not it existed (EMQX) */
  remove(name: string): void {
    this.store.delete(name);
    this.configs.delete(name);
    this.clients.delete(name);
  }

  private save(name: string, config: ExternalRegistryConfig): unknown {
    this.store.put(name, config);
    this.start(name, config); // a new client: caches of the old URL or credentials go
    return maskIntegrationSecrets(config);
  }

  client(name: unknown): ConfluentClient {
    const c = typeof name === 'string' ? this.clients.get(name) : undefined;
    if (!c) throw new ExternalRegistryError('registry_not_found', typeof name === 'string' ? name : undefined);
    return c;
  }
}
