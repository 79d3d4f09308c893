// SQLite storage of delayed messages (migration 400): held messages survive a restart.
import type { PublishMessage, PublishProperties, QoS } from '@mqdeck/broker';
import type { Db } from '../../storage/db';

export interface DelayedMessage {
  msg: PublishMessage; // topic = destination topic
  expectedAt: number; // epoch ms
  delayedInterval: number; // seconds
}

interface Row {
  msgid: string;
  expected_at: number;
  delayed_interval: number;
  topic: string;
  qos: number;
  retain: number;
  payload: Buffer;
  from_clientid: string | null;
  from_username: string | null;
  publish_at: number;
  properties: string | null;
}

// correlation data is the one Buffer among the properties: kept as {"$b64": "..."} in JSON
const encodeProps = (p?: PublishProperties) => (p ? JSON.stringify(p, (_k, v: unknown) => (isBufferJson(v) ? { $b64: Buffer.from(v.data).toString('base64') } : v)) : null);
const decodeProps = (text: string | null): PublishProperties | undefined =>
  text
    ? (JSON.parse(text, (_k, v: unknown) => (v && typeof v === 'object' && '$b64' in v ? Buffer.from(String((v as { $b64: string }).$b64), 'base64') : v)) as PublishProperties)
    : undefined;

function isBufferJson(v: unknown): v is { type: 'Buffer'; data: number[] } {
  return typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'Buffer' && Array.isArray((v as { data?: unknown }).data);
}

function toDelayed(r: Row): DelayedMessage {
  const properties = decodeProps(r.properties);
  return {
    expectedAt: r.expected_at,
    delayedInterval: r.delayed_interval,
    msg: {
      id: r.msgid,
      topic: r.topic,
      payload: r.payload,
      qos: r.qos as QoS,
      retain: r.retain === 1,
      fromClientid: r.from_clientid,
      fromUsername: r.from_username,
      timestamp: r.publish_at,
      ...(properties ? { properties } : {}),
    },
  };
}

export class DelayedStore {
  /** `changed` runs after every insert or removal (the service keeps the broker's `delayed` gauge with it) */
  constructor(
    private readonly db: Db,
    private readonly changed: () => void = () => {},
  ) {}

  insert(d: DelayedMessage): void {
    const m = d.msg;
    this.db
      .prepare(
        `INSERT OR REPLACE INTO delayed_messages (msgid, expected_at, delayed_interval, topic, qos, retain, payload, from_clientid, from_username, publish_at, properties)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        m.id.toUpperCase(),
        d.expectedAt,
        d.delayedInterval,
        m.topic,
        m.qos,
        m.retain ? 1 : 0,
        m.payload,
        m.fromClientid,
        m.fromUsername,
        m.timestamp,
        encodeProps(m.properties),
      );
    this.changed();
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM delayed_messages').get() as { n: number }).n;
  }

  /** release order: expected time, then id */
  page(offset: number, limit: number): DelayedMessage[] {
    return (this.db.prepare('SELECT * FROM delayed_messages ORDER BY expected_at, msgid LIMIT ? OFFSET ?').all(limit, offset) as Row[]).map(toDelayed);
  }

  get(msgid: string): DelayedMessage | undefined {
    const row = this.db.prepare('SELECT * FROM delayed_messages WHERE msgid = ?').get(msgid.toUpperCase()) as Row | undefined;
    return row && toDelayed(row);
  }

  delete(msgid: string): boolean {
    const removed = this.db.prepare('DELETE FROM delayed_messages WHERE msgid = ?').run(msgid.toUpperCase()).changes > 0;
    if (removed) this.changed();
    return removed;
  }

  deleteByTopic(topic: string): number {
    const n = this.db.prepare('DELETE FROM delayed_messages WHERE topic = ?').run(topic).changes;
    if (n > 0) this.changed();
    return n;
  }

  clear(): void {
    this.db.prepare('DELETE FROM delayed_messages').run();
    this.changed();
  }

  /** removes and returns every message due at `now` */
  takeDue(now: number): DelayedMessage[] {
    const taken = this.db.transaction(() => {
      const rows = this.db.prepare('SELECT * FROM delayed_messages WHERE expected_at <= ? ORDER BY expected_at, msgid').all(now) as Row[];
      if (rows.length) this.db.prepare('DELETE FROM delayed_messages WHERE expected_at <= ?').run(now);
      return rows.map(toDelayed);
    })();
    if (taken.length) this.changed();
    return taken;
  }

  nextDue(): number | undefined {
    const row = this.db.prepare('SELECT MIN(expected_at) AS t FROM delayed_messages').get() as { t: number | null };
    return row.t ?? undefined;
  }
}
