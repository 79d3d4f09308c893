// RetainStore in SQLite (retainer.backend.storage_type = disc): the retained messages survive a restart.
import { isValidTopicFilter, topicMatches, type PublishProperties, type QoS, type RetainStore, type RetainedMessage } from '@mqdeck/broker';
import type { Db } from '../../storage/db';
import { readJson, reviveBuffers, writeJson } from '../../storage/json-column';

interface Row {
  topic: string;
  id: string;
  payload: Buffer;
  qos: QoS; // written from a RetainedMessage
  from_clientid: string | null;
  from_username: string | null;
  timestamp: number;
  properties: string | null;
}

const BUFFER_TAG = '$base64'; // this table's stored format
const reviver = reviveBuffers(BUFFER_TAG);
const encodeProps = (p: PublishProperties | undefined): string | null => (p ? writeJson(p, BUFFER_TAG) : null);
const decodeProps = (text: string | null): PublishProperties | undefined => (text ? readJson<PublishProperties>(text, reviver) : undefined);

function toMessage(r: Row): RetainedMessage {
  const properties = decodeProps(r.properties);
  return {
    id: r.id,
    topic: r.topic,
    payload: r.payload,
    qos: r.qos,
    retain: true,
    fromClientid: r.from_clientid,
    fromUsername: r.from_username,
    timestamp: r.timestamp,
    ...(properties ? { properties } : {}),
  };
}

export class SqliteRetainStore implements RetainStore {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      upsert: db.prepare(
        `INSERT INTO retained_messages (topic, seq, id, payload, qos, from_clientid, from_username, timestamp, properties)
         VALUES (@topic, (SELECT COALESCE(MAX(seq), 0) + 1 FROM retained_messages), @id, @payload, @qos, @from_clientid, @from_username, @timestamp, @properties)
         ON CONFLICT (topic) DO UPDATE SET seq = excluded.seq, id = excluded.id, payload = excluded.payload, qos = excluded.qos,
           from_clientid = excluded.from_clientid, from_username = excluded.from_username, timestamp = excluded.timestamp, properties = excluded.properties`,
      ),
      delete: db.prepare('DELETE FROM retained_messages WHERE topic = ?'),
      get: db.prepare<[string], Row>('SELECT * FROM retained_messages WHERE topic = ?'),
      all: db.prepare<[], Row>('SELECT * FROM retained_messages ORDER BY seq'),
      page: db.prepare<[number, number], Row>('SELECT * FROM retained_messages ORDER BY seq LIMIT ? OFFSET ?'),
      count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM retained_messages'),
      clear: db.prepare('DELETE FROM retained_messages'),
    };
  }

  put(msg: RetainedMessage): void {
    // [MQTT-3.3.1-10] an empty retained payload removes the retained message
    if (msg.payload.length === 0) {
      this.delete(msg.topic);
      return;
    }
    this.stmts.upsert.run({
      topic: msg.topic,
      id: msg.id,
      payload: msg.payload,
      qos: msg.qos,
      from_clientid: msg.fromClientid,
      from_username: msg.fromUsername,
      timestamp: msg.timestamp,
      properties: encodeProps(msg.properties),
    });
  }

  delete(topic: string): boolean {
    return this.stmts.delete.run(topic).changes > 0;
  }

  get(topic: string): RetainedMessage | undefined {
    const row = this.stmts.get.get(topic);
    return row ? toMessage(row) : undefined;
  }

  match(filter: string): RetainedMessage[] {
    if (!filter.includes('+') && !filter.includes('#')) {
      const m = this.get(filter);
      return m ? [m] : [];
    }
    return this.stmts.all
      .all()
      .filter((r) => topicMatches(filter, r.topic))
      .map(toMessage);
  }

  list(offset: number, limit: number, filter?: string): RetainedMessage[] {
    const start = Math.max(0, offset);
    const size = Math.max(0, limit);
    if (filter && isValidTopicFilter(filter, 65535)) return this.match(filter).slice(start, start + size);
    return this.stmts.page.all(size, start).map(toMessage);
  }

  count(): number {
    // COUNT(*) without GROUP BY always yields one row
    return this.stmts.count.get()?.n ?? 0;
  }

  clear(): void {
    this.stmts.clear.run();
  }
}
