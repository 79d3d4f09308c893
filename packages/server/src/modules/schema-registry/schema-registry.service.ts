// The schema registry (EMQX emqx_schema_registry): registered schemas, persisted, each compiled once into a serde
// that is replaced when the schema is updated and dropped when it is deleted. A source that does not compile is
// refused (400) and nothing changes. The built-in Sparkplug B schema (EMQX's sparkplug_b.proto) backs
// sparkplug_decode/encode and is not listed. The rule SQL reaches the serdes through `callRuleFunction`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { RuleFunctionError } from '../rules/funcs/types';
import { binaryResult, bytesOf, isBinary, isMap, show } from '../rules/funcs/values';
import { SecretBox } from '../connectors/resource/secret-box';
import { ExternalRegistries, ExternalRegistryError, tag, untag, withSerde } from './external';
import { SchemaRegistryStore, type StoredSchema } from './schema-registry.store';
import { SERDE_TYPES, SchemaSourceError, SerdeError, makeSerde, type Serde, type SerdeType } from './serde';

/** EMQX's ?EMQX_SCHEMA_REGISTRY_SPARKPLUGB_SCHEMA_NAME */
export const SPARKPLUG_B_SCHEMA = '__CiYAWBja87PleCyKZ58h__SparkPlug_B_BUILT-IN';

export interface SchemaInput {
  type: SerdeType;
  source: string;
  description?: string;
}

/** EMQX emqx_resource:validate_name/1, the rule for schema names; the sentence is EMQX's */
export function nameProblem(name: string): string | undefined {
  if (name === '') return 'Name cannot be empty string';
  if (Buffer.byteLength(name) >= 255) return 'Name length must be less than 255';
  if (!/^[0-9a-zA-Z][-0-9a-zA-Z_]*$/.test(name)) {
    return `Invalid name format. The name must begin with a letter or number (0-9, a-z, A-Z) and can only include underscores and hyphens as non-initial characters. Got: ${name}`;
  }
  return undefined;
}

/** EMQX's built-in sparkplug_b.proto, kept once in the contract package: the console decodes with the same file */
export const SPARKPLUG_B_PROTO = createRequire(import.meta.url).resolve('@mqdeck/api/sparkplug_b.proto');

export class SchemaRegistry {
  private readonly store: SchemaRegistryStore;
  private readonly serdes = new Map<string, Serde>();
  /** the built-in Sparkplug B serde, compiled on first use: protobufjs is not loaded at start for it */
  private sparkplugB: Serde | undefined;
  /** the Confluent-compatible registries the node is a client of (external.ts) */
  readonly external: ExternalRegistries;

  constructor(app: FastifyInstance) {
    this.store = new SchemaRegistryStore(app.db);
    this.external = new ExternalRegistries(app.db, new SecretBox(dirname(app.db.name)));
    for (const s of this.store.all()) {
      try {
        this.serdes.set(s.name, makeSerde(s.type, s.source));
      } catch (err) {
        // EMQX logs error_building_serde and keeps going: the schema stays listed, its functions fail
        app.log.error({ name: s.name, type: s.type, reason: err instanceof Error ? err.message : String(err) }, 'error_building_serde');
      }
    }
  }

  list(): StoredSchema[] {
    return this.store.all();
  }

  get(name: string): StoredSchema | undefined {
    return this.store.get(name);
  }

  serde(name: string): Serde | undefined {
    if (name === SPARKPLUG_B_SCHEMA) return (this.sparkplugB ??= makeSerde('protobuf', readFileSync(SPARKPLUG_B_PROTO, 'utf8')));
    return this.serdes.get(name);
  }

  /** EMQX's is_existing_type/2: the schema exists and (Protobuf) has the message type named by `path` */
  isExistingType(name: string, path: string[] = []): boolean {
    return this.serde(name)?.hasType(path) ?? false;
  }

  create(name: string, input: SchemaInput): StoredSchema {
    const problem = nameProblem(name);
    if (problem) throw new ApiError(400, 'BAD_REQUEST', problem);
    if (this.store.get(name)) throw new ApiError(400, 'ALREADY_EXISTS', 'Schema already exists');
    return this.save(name, input);
  }

  update(name: string, input: SchemaInput): StoredSchema {
    if (!this.store.get(name)) throw new ApiError(404, 'NOT_FOUND', 'Schema not found');
    return this.save(name, input);
  }

  remove(name: string): void {
    if (!this.store.delete(name)) throw new ApiError(404, 'NOT_FOUND', 'Schema not found');
    this.serdes.delete(name);
  }

  /** compiles first: a source that does not compile changes nothing */
  private save(name: string, input: SchemaInput): StoredSchema {
    if (!SERDE_TYPES.includes(input.type)) throw new ApiError(400, 'BAD_REQUEST', `Unknown schema type ${String(input.type)}: expected avro, protobuf or json.`);
    let serde: Serde;
    try {
      serde = makeSerde(input.type, input.source);
    } catch (err) {
      if (err instanceof SchemaSourceError) throw new ApiError(400, 'BAD_REQUEST', err.message);
      throw err;
    }
    const stored: StoredSchema = { name, type: input.type, source: input.source, description: input.description ?? '' };
    this.store.put(stored);
    this.serdes.set(name, serde);
    return stored;
  }

  // ------------------------------------------------------------ rule functions (emqx_schema_registry_serde)

  private serdeFor(fn: string, name: unknown): Serde {
    const key = isBinary(name) ? String(name) : undefined;
    const serde = key === undefined ? undefined : this.serde(key);
    if (!serde) throw new RuleFunctionError(`${fn}: schema ${key === undefined ? show(name) : key} not found`, fn);
    return serde;
  }

  private decode(fn: string, [name, data, ...more]: unknown[]): unknown {
    return this.run(fn, () => this.serdeFor(fn, name).decode(data, more));
  }

  private encode(fn: string, [name, term, ...more]: unknown[]): unknown {
    return this.run(fn, () => this.serdeFor(fn, name).encode(term, more));
  }

  private run(fn: string, f: () => unknown): unknown {
    try {
      return f();
    } catch (err) {
      if (err instanceof SerdeError) throw new RuleFunctionError(`${fn}: ${err.message}`, fn);
      throw err;
    }
  }

  /** schema_check: true when the binary decodes (or the map encodes) with the schema */
  private check(fn: string, [name, data, ...more]: unknown[]): boolean {
    const serde = this.serdeFor(fn, name);
    if (!isBinary(data) && !isMap(data)) throw new RuleFunctionError(`${fn}: the data must be a binary or a map`, fn);
    try {
      if (isBinary(data)) serde.decode(data, more);
      else serde.encode(data, more);
      return true;
    } catch (err) {
      if (err instanceof SerdeError) return false;
      throw err;
    }
  }

  /** The names the rule SQL calls; each needs at least `min` arguments (EMQX: args_count_error) */
  static readonly RULE_FUNCTIONS: Readonly<Record<string, number>> = {
    schema_decode: 2,
    schema_encode: 2,
    schema_check: 2,
    sparkplug_decode: 1,
    sparkplug_encode: 1,
    spb_decode: 1,
    spb_encode: 1,
    avro_encode: 3,
    avro_decode: 2,
    schema_encode_and_tag: 4,
    schema_decode_tagged: 2,
  };

  callRuleFunction(fn: string, args: unknown[]): unknown {
    const min = SchemaRegistry.RULE_FUNCTIONS[fn];
    if (min === undefined || args.length < min) throw new RuleFunctionError(`The SQL function ${fn}/${args.length} is not supported.`, fn);
    const spb = (rest: unknown[]) => [SPARKPLUG_B_SCHEMA, args[0], ...(rest.length > 0 ? rest : ['Payload'])];
    switch (fn) {
      case 'schema_decode':
        return this.decode(fn, args);
      case 'schema_encode':
        return this.encode(fn, args);
      case 'schema_check':
        return this.check(fn, args);
      case 'sparkplug_decode':
        return this.decode(fn, spb(args.slice(1)));
      case 'sparkplug_encode':
        return this.encode(fn, spb(args.slice(1)));
      case 'avro_encode':
      case 'avro_decode':
      case 'schema_encode_and_tag':
      case 'schema_decode_tagged':
        return this.viaExternal(fn, args);
      case 'spb_decode':
        return mapMetricBytes(this.decode(fn, spb(args.slice(1))), (b) => (isBinary(b) ? bytesOf(b).toString('base64') : b));
      default: // spb_encode
        return this.encode(fn, [
          SPARKPLUG_B_SCHEMA,
          mapMetricBytes(args[0], (b) => (isBinary(b) ? Buffer.from(String(b), 'base64') : b)),
          ...(args.length > 1 ? args.slice(1) : ['Payload']),
        ]);
    }
  }

  // ------------------------------------------- external registries (emqx_schema_registry_external), asynchronous

  private async viaExternal(fn: string, args: unknown[]): Promise<unknown> {
    try {
      switch (fn) {
        case 'avro_encode': {
          // avro_encode(Registry, Map, SchemaId): Avro of a schema the registry holds, untagged
          const [registry, term, id] = args;
          const serde = await this.external.client(registry).serde(schemaId(id));
          return withSerde(() => serde.encode(term, []));
        }
        case 'schema_encode_and_tag': {
          // schema_encode_and_tag(OurSchema, Registry, Map, Subject): our Avro schema registered under Subject
          const [ours, registry, term, subject] = args;
          const stored = isBinary(ours) ? this.store.get(String(ours)) : undefined;
          if (!stored) throw new ExternalRegistryError('not_found', `schema ${show(ours)}`);
          if (stored.type !== 'avro') throw new ExternalRegistryError('bad_schema_source', `schema ${stored.name} is ${stored.type}: only Avro schemas are tagged`);
          if (!isBinary(subject)) throw new ExternalRegistryError('bad_input', 'the subject must be a string');
          const client = this.external.client(registry);
          const id = await client.idOf(stored.name, stored.source, String(subject));
          const serde = await client.serde(id);
          return binaryResult(tag(id, bytesOf(withSerde(() => serde.encode(term, [])))));
        }
        default: {
          // avro_decode / schema_decode_tagged(Registry, Data[, SchemaId]): with an id the data is untagged
          const [registry, data, id] = args;
          if (!isBinary(data)) throw new ExternalRegistryError('bad_input', 'the data must be a binary');
          const client = this.external.client(registry);
          const { id: sid, body } = args.length > 2 ? { id: schemaId(id), body: bytesOf(data) } : untag(bytesOf(data));
          const serde = await client.serde(sid);
          return withSerde(() => serde.decode(body, []));
        }
      }
    } catch (err) {
      if (err instanceof ExternalRegistryError) throw new RuleFunctionError(`${fn}: ${err.message}`, fn);
      throw err;
    }
  }
}

function schemaId(v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new ExternalRegistryError('bad_schema_id', show(v));
  return v;
}

/** spb_decode/spb_encode: a metric's bytes_value as base64 text in the decoded map (EMQX map_decoded_sparkplug) */
function mapMetricBytes(value: unknown, f: (b: unknown) => unknown): unknown {
  if (!isMap(value) || !Array.isArray(value.metrics)) return value;
  const metrics = value.metrics.map((m: unknown) => (isMap(m) && m.bytes_value !== undefined ? { ...m, bytes_value: f(m.bytes_value) } : m));
  return { ...value, metrics };
}
