// SQLite persistence of monitor samples (migration 100_monitor.sql). Deltas of samples that land on
// the same aligned instant are added up, so a late timer tick never loses counts.
import type { Db } from '../../storage/db';

export const DELTA_FIELDS = [
  'received',
  'sent',
  'dropped',
  'persisted',
  'validation_succeeded',
  'validation_failed',
  'transformation_succeeded',
  'transformation_failed',
  'received_bytes',
  'sent_bytes',
] as const;

export const GAUGE_FIELDS = ['connections', 'live_connections', 'subscriptions', 'subscriptions_durable', 'disconnected_durable_sessions', 'topics'] as const;

export type DeltaField = (typeof DELTA_FIELDS)[number];
export type GaugeField = (typeof GAUGE_FIELDS)[number];
export type Sample = { time_stamp: number } & Record<DeltaField | GaugeField, number>;

/** Aim of EMQX's downsampling: about this many points per query. */
export const MAX_POINTS = 1000;

const COLUMNS = ['time_stamp', ...GAUGE_FIELDS, ...DELTA_FIELDS];

export class MonitorStore {
  private readonly insert;
  private readonly prune;
  private readonly selectAll;
  private readonly selectNode;
  private readonly clearAll;

  constructor(db: Db) {
    const updates = [...GAUGE_FIELDS.map((f) => `${f} = excluded.${f}`), ...DELTA_FIELDS.map((f) => `${f} = ${f} + excluded.${f}`)];
    this.insert = db.prepare(
      `INSERT INTO monitor_samples (node, ${COLUMNS.join(', ')}) VALUES (@node, ${COLUMNS.map((c) => `@${c}`).join(', ')})
       ON CONFLICT (node, time_stamp) DO UPDATE SET ${updates.join(', ')}`,
    );
    this.prune = db.prepare('DELETE FROM monitor_samples WHERE time_stamp < ?');
    // The cluster view sums the nodes at each instant (samples of an earlier node name included).
    this.selectAll = db.prepare<[number], Sample>(
      `SELECT time_stamp, ${[...GAUGE_FIELDS, ...DELTA_FIELDS].map((f) => `SUM(${f}) AS ${f}`).join(', ')}
       FROM monitor_samples WHERE time_stamp >= ? GROUP BY time_stamp ORDER BY time_stamp`,
    );
    this.selectNode = db.prepare<[string, number], Sample>(`SELECT ${COLUMNS.join(', ')} FROM monitor_samples WHERE node = ? AND time_stamp >= ? ORDER BY time_stamp`);
    this.clearAll = db.prepare('DELETE FROM monitor_samples');
  }

  write(node: string, sample: Sample, keepSince: number): void {
    this.insert.run({ node, ...sample });
    this.prune.run(keepSince);
  }

  /** Samples since `since` (epoch ms), for one node or the whole cluster, downsampled to ~MAX_POINTS. */
  read(node: string | undefined, since: number): Sample[] {
    const rows = node === undefined ? this.selectAll.all(since) : this.selectNode.all(node, since);
    return downsample(rows, MAX_POINTS);
  }

  clear(): void {
    this.clearAll.run();
  }
}

/** Merge runs of k consecutive samples: deltas are summed, gauges and the time stamp are the run's last. */
export function downsample(rows: Sample[], maxPoints: number): Sample[] {
  if (rows.length <= maxPoints) return rows;
  const k = Math.ceil(rows.length / maxPoints);
  const out: Sample[] = [];
  for (let i = 0; i < rows.length; i += k) {
    const run = rows.slice(i, i + k);
    const merged = { ...run[run.length - 1] };
    for (const f of DELTA_FIELDS) merged[f] = run.reduce((sum, r) => sum + r[f], 0);
    out.push(merged);
  }
  return out;
}
