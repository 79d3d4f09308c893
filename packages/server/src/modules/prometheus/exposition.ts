// Metric families and their two outputs, as EMQX's /prometheus/* endpoints give them: the Prometheus text
// format (0.0.4: `# TYPE`, an empty `# HELP`, one sample line per point) and the JSON form for
// `Accept: application/json` (a family group is one object of name → value, or a list of objects, one per
// label set, with the labels as keys). Mode all_nodes_unaggregated adds the `node` label to every point.

export type Mode = 'node' | 'all_nodes_aggregated' | 'all_nodes_unaggregated';
export const MODES: readonly Mode[] = ['node', 'all_nodes_aggregated', 'all_nodes_unaggregated'];

export interface Point {
  labels: Record<string, string>;
  value: number;
}
export interface Family {
  name: string;
  type: 'gauge' | 'counter';
  points: Point[];
}

/** EMQX falls back to `node` for an unknown mode value. */
export function parseMode(raw: unknown): Mode {
  return MODES.includes(raw as Mode) ? (raw as Mode) : 'node';
}

export function family(name: string, type: Family['type'], points: Point[] | number): Family {
  return { name, type, points: typeof points === 'number' ? [{ labels: {}, value: points }] : points };
}

/** Adds the node label in unaggregated mode (the node label comes first, as EMQX writes it). */
export function withNode(families: Family[], mode: Mode, node: string): Family[] {
  if (mode !== 'all_nodes_unaggregated') return families;
  return families.map((f) => ({ ...f, points: f.points.map((p) => ({ ...p, labels: { node, ...p.labels } })) }));
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const formatValue = (v: number) => (Number.isFinite(v) ? String(v) : v > 0 ? '+Inf' : v < 0 ? '-Inf' : 'NaN');

export function toText(families: Family[]): string {
  let out = '';
  for (const f of families) {
    out += `# TYPE ${f.name} ${f.type}\n# HELP ${f.name} \n`;
    for (const p of f.points) {
      const labels = Object.entries(p.labels);
      const set = labels.length ? `{${labels.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
      out += `${f.name}${set} ${formatValue(p.value)}\n`;
    }
  }
  return out;
}

type JsonRow = Record<string, string | number>;

/** One group as EMQX's JSON: points zipped by label set; an unlabeled single set in node modes is one object. */
export function toJsonGroup(families: Family[], mode: Mode, asObject = true): JsonRow | JsonRow[] {
  const rows = new Map<string, JsonRow>();
  for (const f of families) {
    for (const p of f.points) {
      const key = JSON.stringify(p.labels);
      const row = rows.get(key) ?? { ...p.labels };
      row[f.name] = p.value;
      rows.set(key, row);
    }
  }
  const list = [...rows.values()];
  if (asObject && mode !== 'all_nodes_unaggregated') return list[0] ?? {};
  return list;
}
