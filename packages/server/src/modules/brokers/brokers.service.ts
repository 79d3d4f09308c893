// Brokers managed from this node's console (docs/api-extensions.md): checked before they are kept (the credential
// must log in, and what the broker says of itself — version, edition — is kept for the console's menu), credentials
// sealed at rest and never shown, one UpstreamSession per broker for the pass-through.
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BrokerInput, BrokerView } from '@mqdeck/api';
import { ApiError } from '../../errors';
import { MASK } from '../configs/secrets';
import { SecretBox } from '../connectors/resource/secret-box';
import { BrokersStore, type BrokerAuthType, type StoredBroker } from './brokers.store';
import { UpstreamSession } from './upstream-session';

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

export const brokerView = (b: StoredBroker): BrokerView => ({
  id: b.id,
  name: b.name,
  url: b.url,
  auth_type: b.authType,
  username: b.username,
  secret: MASK,
  ca: b.ca,
  insecure: b.insecure,
  version: b.version,
  edition: b.edition,
  created_at: new Date(b.createdAt).toISOString(),
});

/** the fields of a POST (everything required but ca and insecure) or a PUT over `old` (`******` keeps the secret) */
function checkInput(body: BrokerInput, old?: StoredBroker): Omit<StoredBroker, 'id' | 'version' | 'edition' | 'createdAt'> {
  const text = (key: keyof BrokerInput, fallback?: string): string => {
    const v = body[key] ?? fallback;
    if (typeof v !== 'string') throw bad(v === undefined ? `${key} is required` : `${key} must be a string`);
    return v.trim();
  };
  const name = text('name', old?.name);
  if (name === '' || name.length > 64) throw bad('name must be 1 to 64 characters');
  const rawUrl = text('url', old?.url);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw bad(`url ${JSON.stringify(rawUrl)} is not a URL: write the broker's console address, e.g. https://emqx.example:18083`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad('url must start with http:// or https://');
  if (url.username || url.password) throw bad('url must not carry credentials: give them as username and secret');
  const authType = text('auth_type', old?.authType ?? 'password') as BrokerAuthType;
  if (authType !== 'password' && authType !== 'api_key') throw bad('auth_type must be password or api_key');
  const username = text('username', old?.username);
  if (username === '') throw bad(authType === 'api_key' ? 'the API key is required' : 'username is required');
  const given = body.secret;
  if (given !== undefined && typeof given !== 'string') throw bad('secret must be a string');
  const secret = given === undefined || given === MASK ? old?.secret : given;
  if (!secret) throw bad(authType === 'api_key' ? "the API key's secret is required" : 'the password is required');
  const ca = text('ca', old?.ca ?? '');
  if (ca !== '' && !ca.includes('-----BEGIN CERTIFICATE-----')) throw bad('ca must be PEM text (-----BEGIN CERTIFICATE----- …)');
  const insecure = body.insecure ?? old?.insecure ?? false;
  if (typeof insecure !== 'boolean') throw bad('insecure must be true or false');
  return { name, url: url.href.replace(/\/+$/, ''), authType, username, secret, ca, insecure };
}

export class BrokersService {
  private readonly store: BrokersStore;
  private readonly brokers = new Map<string, StoredBroker>();
  private readonly sessions = new Map<string, UpstreamSession>();

  constructor(app: FastifyInstance) {
    this.store = new BrokersStore(app.db, new SecretBox(dirname(app.db.name)));
    for (const b of this.store.all()) this.brokers.set(b.id, b);
  }

  list(): StoredBroker[] {
    return [...this.brokers.values()];
  }

  get(id: string): StoredBroker {
    const b = this.brokers.get(id);
    if (!b) throw new ApiError(404, 'NOT_FOUND', 'Broker not found');
    return b;
  }

  async create(body: BrokerInput): Promise<StoredBroker> {
    const fields = checkInput(body);
    this.uniqueName(fields.name);
    const draft: StoredBroker = { id: `b${randomBytes(5).toString('hex')}`, ...fields, version: '', edition: '', createdAt: Date.now() };
    return this.keep(draft);
  }

  async update(id: string, body: BrokerInput): Promise<StoredBroker> {
    const old = this.get(id);
    const fields = checkInput(body, old);
    this.uniqueName(fields.name, id);
    return this.keep({ ...old, ...fields });
  }

  delete(id: string): void {
    this.get(id);
    this.store.delete(id);
    this.brokers.delete(id);
    this.sessions.delete(id);
  }

  /** the session that speaks to a broker, made on first use */
  session(id: string): UpstreamSession {
    const broker = this.get(id);
    let s = this.sessions.get(id);
    if (!s) {
      s = new UpstreamSession(broker);
      this.sessions.set(id, s);
    }
    return s;
  }

  private uniqueName(name: string, self?: string): void {
    if ([...this.brokers.values()].some((b) => b.name === name && b.id !== self)) throw new ApiError(400, 'ALREADY_EXISTS', `A broker named "${name}" already exists`);
  }

  /** checked against the broker first: nothing is kept (and nothing replaced) when it cannot log in */
  private async keep(draft: StoredBroker): Promise<StoredBroker> {
    const session = new UpstreamSession(draft);
    let facts;
    try {
      facts = await session.facts();
    } catch (err) {
      throw bad((err as Error).message);
    }
    const broker = { ...draft, ...facts };
    this.store.put(broker);
    this.brokers.set(broker.id, broker);
    this.sessions.set(broker.id, new UpstreamSession(broker));
    return broker;
  }
}
