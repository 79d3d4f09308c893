// Alarms as EMQX keeps them (emqx_alarm): one active alarm per name; deactivating moves it to the
// history, which keeps at most alarm.size_limit entries (oldest dropped) for alarm.validity_period.
// Actions (alarm.actions): log → a warning "alarm_is_activated" / "alarm_is_deactivated";
// publish → JSON on $SYS/brokers/<node>/alarms/activate | deactivate (times in microseconds, as EMQX).
import type { FastifyInstance } from 'fastify';
import { parseDuration } from '../../config/units';
import { countRows } from '../../storage/db';
import { readJson } from '../../storage/json-column';

export interface Alarm {
  name: string;
  message: string;
  details: Record<string, unknown>;
  activateAt: number; // epoch ms
  deactivateAt: number | null;
}

interface Row {
  name: string;
  message: string;
  details: string;
  activate_at: number;
  deactivate_at: number | null;
}

const toAlarm = (r: Row): Alarm => ({
  name: r.name,
  message: r.message,
  details: readJson<Record<string, unknown>>(r.details),
  activateAt: r.activate_at,
  deactivateAt: r.deactivate_at,
});

/** what `alarm.activated` / `alarm.deactivated` listeners get (the rule engine's `$events/sys/alarm_…` inputs) */
export type AlarmListener = (op: 'activate' | 'deactivate', alarm: Alarm) => void;

export class AlarmService {
  private readonly sweeper: NodeJS.Timeout;
  private readonly listeners = new Set<AlarmListener>();

  constructor(private readonly app: FastifyInstance) {
    // EMQX checks expiry whenever its alarm process is idle for validity_period; a minute is close enough
    this.sweeper = setInterval(() => this.deleteExpired(), 60_000);
    this.sweeper.unref();
  }

  private get db() {
    return this.app.db;
  }

  /**
   * Names of the active alarms, read from SQLite once and then kept in step by activate/deactivate: sysmon asks on
   * every client connect, and a query per CONNECT was the largest server cost of a connection storm.
   */
  private activeNames: Set<string> | null = null;

  isActive(name: string): boolean {
    if (!this.activeNames) {
      const rows = this.db.prepare<[], { name: string }>('SELECT name FROM alarms WHERE deactivate_at IS NULL').all();
      this.activeNames = new Set(rows.map((r) => r.name));
    }
    return this.activeNames.has(name);
  }

  /** false when an alarm of that name is already active (EMQX: already_existed) */
  activate(name: string, details: Record<string, unknown>, message: string): boolean {
    if (this.isActive(name)) return false;
    const alarm: Alarm = { name, details, message: message || name, activateAt: Date.now(), deactivateAt: null };
    this.db.prepare('INSERT INTO alarms (name, message, details, activate_at) VALUES (?, ?, ?, ?)').run(name, alarm.message, JSON.stringify(details), alarm.activateAt);
    this.activeNames?.add(name);
    this.actions('activate', alarm);
    return true;
  }

  /** false when no alarm of that name is active; details/message given describe the clearing (EMQX keeps the raised ones in history) */
  deactivate(name: string, details?: Record<string, unknown>, message?: string): boolean {
    const row = this.db.prepare<[string], Row>('SELECT * FROM alarms WHERE name = ? AND deactivate_at IS NULL').get(name);
    if (!row) return false;
    const now = Date.now();
    const limit = this.app.config.get<number>('alarm.size_limit');
    this.db.transaction(() => {
      const history = countRows(this.db, 'SELECT COUNT(*) AS n FROM alarms WHERE deactivate_at IS NOT NULL');
      if (limit > 0 && history >= limit) {
        this.db.prepare('DELETE FROM alarms WHERE id IN (SELECT id FROM alarms WHERE deactivate_at IS NOT NULL ORDER BY activate_at LIMIT ?)').run(history - limit + 1);
      }
      this.db.prepare('UPDATE alarms SET deactivate_at = ? WHERE name = ? AND deactivate_at IS NULL').run(now, name);
    })();
    this.activeNames?.delete(name);
    const raised = toAlarm(row);
    this.actions('deactivate', { ...raised, details: details ?? raised.details, message: message || raised.message, deactivateAt: now });
    return true;
  }

  active(): Alarm[] {
    return this.db.prepare<[], Row>('SELECT * FROM alarms WHERE deactivate_at IS NULL ORDER BY activate_at').all().map(toAlarm);
  }

  history(): Alarm[] {
    this.deleteExpired();
    return this.db.prepare<[], Row>('SELECT * FROM alarms WHERE deactivate_at IS NOT NULL ORDER BY activate_at').all().map(toAlarm);
  }

  clearHistory(): void {
    this.db.prepare('DELETE FROM alarms WHERE deactivate_at IS NOT NULL').run();
  }

  deleteExpired(): void {
    const period = parseDuration(this.app.config.get('alarm.validity_period'));
    if (!period) return;
    this.db.prepare('DELETE FROM alarms WHERE deactivate_at IS NOT NULL AND activate_at <= ?').run(Date.now() - period);
  }

  /** told of every activation and deactivation (EMQX's alarm.activated / alarm.deactivated hooks); returns the remover */
  onChange(listener: AlarmListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private actions(op: 'activate' | 'deactivate', alarm: Alarm): void {
    for (const l of this.listeners) {
      try {
        l(op, alarm);
      } catch (err) {
        this.app.log.error({ name: alarm.name, reason: err instanceof Error ? err.message : String(err) }, 'alarm_hook_failed');
      }
    }
    const actions = this.app.config.get<string[]>('alarm.actions') ?? [];
    if (actions.includes('log')) {
      if (op === 'activate') this.app.log.warn({ name: alarm.name, message: alarm.message }, 'alarm_is_activated');
      else this.app.log.warn({ name: alarm.name }, 'alarm_is_deactivated');
    }
    if (actions.includes('publish')) {
      const payload = {
        name: alarm.name,
        details: alarm.details,
        message: alarm.message,
        activate_at: alarm.activateAt * 1000,
        deactivate_at: alarm.deactivateAt === null ? 'infinity' : alarm.deactivateAt * 1000,
        activated: op === 'activate',
      };
      this.app.broker
        .publish({
          topic: `$SYS/brokers/${this.app.nodeName}/alarms/${op}`,
          payload: Buffer.from(JSON.stringify(payload)),
          qos: 0,
          retain: false,
          fromClientid: null,
          fromUsername: null,
          properties: { contentType: 'application/json' },
        })
        .catch(() => undefined);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}
