// The `mongodb` connector type (EMQX 5.8 emqx_bridge_mongodb over emqx_mongodb) with the official Node driver:
// single, rs (replica set) and sharded deployments (config.ts), and actions that insert one document per rule
// output (document.ts). No MongoDB server runs on this machine: what needs one is not tested here.
//   connector health = a find_one on collection `foo` answers (EMQX check_worker_health); otherwise disconnected
//                      with the driver's reason in plain words ("Connection refused", "Authentication failed")
//   one message      = insertOne into the rendered collection with the connector's write concern (w_mode)
//   outcome          = a network error or no server to select is recoverable (kept and retried); an error the
//                      server answers (duplicate key, validation, not authorized…) is unrecoverable, as EMQX's
//   batches          = no: EMQX's mongodb action sends one document per query (always_sync, no batch callback)
import type { Db, MongoClient } from 'mongodb';
import { mongodb } from '../../../../shared/drivers';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, SendOutcome } from '../../resource/types';
import { mongoOptions, mongoUrl, readMongo, type MongoSettings } from './config';
import { compileDocument, renderDocument, type DocumentTemplates, type MongoInsert } from './document';

const NETWORK: [RegExp, string][] = [
  [/ECONNREFUSED/, 'Connection refused'],
  [/ENOTFOUND|EAI_AGAIN|querySrv/, 'Could not resolve host'],
  [/ETIMEDOUT|timed out/i, 'Connection timed out'],
  [/ECONNRESET/, 'Connection reset by the server'],
  [/EHOSTUNREACH/, 'Host unreachable'],
  [/ENETUNREACH/, 'Network unreachable'],
];

/** the operator's words for what the driver threw; a server selection failure says why the servers were not usable */
export function mongoReason(err: unknown): string {
  const e = err as { message?: string; code?: unknown; reason?: { servers?: Map<string, { error?: { message?: string } | null }> } } | undefined;
  let text = e?.message ?? String(err);
  // a driver error exists only once the driver has loaded
  const m = mongodb.loaded;
  if (m && err instanceof m.MongoServerSelectionError && e?.reason?.servers) {
    for (const d of e.reason.servers.values()) if (d.error?.message) text = `${d.error.message} ${text}`;
  }
  if (m && err instanceof m.MongoServerError) {
    if (e?.code === 18) return 'Authentication failed.';
    return text;
  }
  for (const [re, words] of NETWORK) if (re.test(text)) return words;
  return text;
}

/** the connection, not the document, failed: no server to select, the network, a closed client */
function isRecoverable(err: unknown): boolean {
  const m = mongodb.loaded;
  if (!m) return false;
  return err instanceof m.MongoNetworkError || err instanceof m.MongoServerSelectionError || err instanceof m.MongoTopologyClosedError || err instanceof m.MongoNotConnectedError;
}

class MongoConnector implements ConnectorInstance {
  readonly db: Db;
  constructor(
    readonly client: MongoClient,
    readonly settings: MongoSettings,
  ) {
    this.db = client.db(settings.database);
  }

  async health(): Promise<Health> {
    try {
      await this.db.collection('foo').findOne({});
      return { status: 'connected' };
    } catch (err) {
      return { status: 'disconnected', reason: mongoReason(err) };
    }
  }

  stop(): Promise<void> {
    return this.client.close().catch(() => undefined);
  }
}

class MongoAction implements ActionInstance {
  constructor(
    private readonly connector: MongoConnector,
    private readonly templates: DocumentTemplates,
  ) {}

  render(selected: Record<string, unknown>): MongoInsert {
    return renderDocument(this.templates, selected);
  }

  async send(requests: unknown[]): Promise<SendOutcome> {
    for (const r of requests as MongoInsert[]) {
      try {
        await this.connector.db.collection(r.collection).insertOne({ ...r.document });
      } catch (err) {
        const reason = mongoReason(err);
        return isRecoverable(err) ? { ok: false, recoverable: true, reason } : { ok: false, recoverable: false, reason };
      }
    }
    return { ok: true };
  }
}

export const mongodbType: ConnectorType = {
  type: 'mongodb',
  check(config) {
    readMongo(config);
  },
  async start(config, ctx) {
    const settings = readMongo(config);
    const { MongoClient } = mongodb();
    const client = new MongoClient(mongoUrl(settings), mongoOptions(settings, ctx.tls(settings.ssl)));
    // a topology event with no listener must not take the node down
    client.on('error', () => undefined);
    const connector = new MongoConnector(client, settings);
    try {
      await client.connect();
    } catch (err) {
      await connector.stop();
      throw new Error(mongoReason(err));
    }
    const health = await connector.health();
    if (health.status !== 'connected') {
      await connector.stop();
      throw new Error(health.reason ?? 'The MongoDB server cannot be reached');
    }
    ctx.log.info('mongodb connector started', { connector: ctx.connectorId, mongo_type: settings.type, hosts: settings.hosts.map((h) => `${h.host}:${h.port}`) });
    return connector;
  },
  action: {
    batches: false,
    start(parameters, connector): Promise<ActionInstance> {
      if (!(connector instanceof MongoConnector)) return Promise.reject(new Error('A mongodb action needs a mongodb connector.'));
      return Promise.resolve(new MongoAction(connector, compileDocument(parameters)));
    },
  },
};
