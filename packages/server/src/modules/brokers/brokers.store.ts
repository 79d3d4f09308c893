// The brokers table (migration 880): one row per managed broker, its credential sealed by the node's SecretBox.
import type { Db } from '../../storage/db';
import type { SecretBox } from '../connectors/resource/secret-box';

export type BrokerAuthType = 'password' | 'api_key';

export interface StoredBroker {
  id: string;
  name: string;
  /** the broker's console base URL (http or https, with a path prefix when it sits behind a proxy) */
  url: string;
  authType: BrokerAuthType;
  /** a dashboard username, or an API key */
  username: string;
  /** its password, or the API key's secret (in memory opened, on disk sealed) */
  secret: string;
  /** PEM of the CA its certificate is checked against; empty = the system's */
  ca: string;
  insecure: boolean;
  /** what the broker said of itself when last checked */
  version: string;
  edition: string;
  createdAt: number;
}

interface Row {
  id: string;
  name: string;
  url: string;
  auth_type: BrokerAuthType;
  username: string;
  secret: string;
  ca: string;
  insecure: number;
  version: string;
  edition: string;
  created_at: number;
}

export class BrokersStore {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  all(): StoredBroker[] {
    return this.db
      .prepare<[], Row>('SELECT * FROM brokers ORDER BY created_at, id')
      .all()
      .map((r) => ({
        id: r.id,
        name: r.name,
        url: r.url,
        authType: r.auth_type,
        username: r.username,
        secret: r.secret ? this.box.open(r.secret) : '',
        ca: r.ca,
        insecure: r.insecure === 1,
        version: r.version,
        edition: r.edition,
        createdAt: r.created_at,
      }));
  }

  put(b: StoredBroker): void {
    this.db
      .prepare(
        `INSERT INTO brokers (id, name, url, auth_type, username, secret, ca, insecure, version, edition, created_at)
         VALUES (@id, @name, @url, @auth_type, @username, @secret, @ca, @insecure, @version, @edition, @created_at)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, url = excluded.url, auth_type = excluded.auth_type,
           username = excluded.username, secret = excluded.secret, ca = excluded.ca, insecure = excluded.insecure,
           version = excluded.version, edition = excluded.edition`,
      )
      .run({
        id: b.id,
        name: b.name,
        url: b.url,
        auth_type: b.authType,
        username: b.username,
        secret: b.secret ? this.box.seal(b.secret) : '',
        ca: b.ca,
        insecure: b.insecure ? 1 : 0,
        version: b.version,
        edition: b.edition,
        created_at: b.createdAt,
      });
  }

  delete(id: string): boolean {
    return this.db.prepare('DELETE FROM brokers WHERE id = ?').run(id).changes > 0;
  }
}
