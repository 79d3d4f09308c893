// SQLite storage of delayed messages (migration 400): held messages survive a restart.
import type { PublishMessage, PublishProperties, QoS } from '@mqdeck/broker';
import { countRows, type Db } from '../../storage/db';
import { readJson, reviveBuffers, writeJson } from '../../storage/json-column';

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
  qos: QoS; // written from a PublishMessage
  retain: number;
  payload: Buffer;
  from_clientid: string | null;
  from_username: string | null;
  publish_at: number;
  properties: string | null;
}

const reviver = reviveBuffers();
const encodeProps = (p?: PublishProperties) => (p ? writeJson(p) : null);
const decodeProps = (text: string | null): PublishProperties | undefined => (text ? readJson<PublishProperties>(text, reviver) : undefined);

function toDelayed(r: Row): DelayedMessage {
  const properties = decodeProps(r.properties);
  return {
    expectedAt: r.expected_at,
    delayedInterval: r.delayed_interval,
    msg: {
      id: r.msgid,
      topic: r.topic,
      payload: r.payload,
      qos: r.qos,
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
    return countRows(this.db, 'SELECT COUNT(*) AS n FROM delayed_messages');
  }

  /** release order: expected time, then id */
  page(offset: number, limit: number): DelayedMessage[] {
    return this.db.prepare<[number, number], Row>('SELECT * FROM delayed_messages ORDER BY expected_at, msgid LIMIT ? OFFSET ?').all(limit, offset).map(toDelayed);
  }

  get(msgid: string): DelayedMessage | undefined {
    const row = this.db.prepare<[string], Row>('SELECT * FROM delayed_messages WHERE msgid = ?').get(msgid.toUpperCase());
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
      const rows = this.db.prepare<[number], Row>('SELECT * FROM delayed_messages WHERE expected_at <= ? ORDER BY expected_at, msgid').all(now);
      if (rows.length) this.db.prepare('DELETE FROM delayed_messages WHERE expected_at <= ?').run(now);
      return rows.map(toDelayed);
    })();
    if (taken.length) this.changed();
    return taken;
  }

  nextDue(): number | undefined {
    // MIN() without GROUP BY yields one row, t = NULL on an empty table
    return this.db.prepare<[], { t: number | null }>('SELECT MIN(expected_at) AS t FROM delayed_messages').get()?.t ?? undefined;
  }
}
