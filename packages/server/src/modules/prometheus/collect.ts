// What /prometheus/stats, /auth and /data_integration expose, from the node's real counters and gauges with
// EMQX's metric names (emqx_prometheus*.erl). Node.js counterparts of Erlang VM figures:
// emqx_vm_cpu_use/idle = the host CPU busy/idle share since the previous scrape; emqx_vm_total_memory/used_memory
// = the host memory (MemTotal, MemTotal − MemAvailable) as EMQX reads it. EMQX's run queue, mailbox and Mnesia
// gauges have no counterpart and are not sent. Connectors and bridge actions do not exist on this node yet, so
// their counts are 0 and their per-item families are empty.
import os from 'node:os';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { nodeStats } from '../metrics/metrics.service';
import { countRows } from '../../storage/db';
import { family, type Family } from './exposition';

/** broker counter keys EMQX names differently */
const RENAMED: Record<string, string> = {
  'packets.connect.received': 'emqx_packets_connect',
  'messages.dropped.await_pubrel_timeout': 'emqx_messages_dropped_expired',
};
/** counters EMQX exposes on other endpoints (schema validation, message transformation) or not at all */
const NOT_EXPOSED = /^messages\.(validation_|transformation_|persisted)/;

/** The JSON groups of /prometheus/stats, each with the counter key prefixes it holds. */
const COUNTER_GROUPS: [group: string, prefixes: string[]][] = [
  ['packets', ['bytes.', 'packets.']],
  ['messages', ['messages.']],
  ['delivery', ['delivery.']],
  ['client', ['client.']],
  ['session', ['session.']],
  ['olp', ['overload_protection.']],
  ['acl', ['authorization.']],
  ['authn', ['authentication.']],
];

export const metricName = (key: string) => RENAMED[key] ?? `emqx_${key.replace(/\./g, '_')}`;

let lastCpu: { idle: number; total: number } | undefined;
function cpuShares(): { use: number; idle: number } {
  const now = os.cpus().reduce(
    (acc, c) => {
      const t = c.times;
      acc.idle += t.idle;
      acc.total += t.user + t.nice + t.sys + t.idle + t.irq;
      return acc;
    },
    { idle: 0, total: 0 },
  );
  const prev = lastCpu ?? { idle: 0, total: 0 };
  lastCpu = now;
  const total = now.total - prev.total;
  const idle = total > 0 ? (now.idle - prev.idle) / total : 1;
  const round = (n: number) => Math.round(n * 10000) / 100;
  return { use: round(1 - idle), idle: round(idle) };
}

function usedMemory(): number {
  try {
    const avail = /MemAvailable:\s+(\d+) kB/.exec(readFileSync('/proc/meminfo', 'utf8'));
    if (avail) return os.totalmem() - Number(avail[1]) * 1024;
  } catch {
    // not Linux: free memory is the closest figure
  }
  return os.totalmem() - os.freemem();
}

export interface StatsGroups {
  stats: Family[];
  metrics: Family[];
  cluster: Family[];
  counters: Record<string, Family[]>;
}

export function statsFamilies(app: FastifyInstance): StatsGroups {
  const stats: Record<string, number> = { ...app.broker.stats(), ...nodeStats(app) };
  const counters = app.broker.metrics();
  const cpu = cpuShares();
  const groups: Record<string, Family[]> = {};
  for (const [group, prefixes] of COUNTER_GROUPS) {
    groups[group] = Object.entries(counters)
      .filter(([key]) => prefixes.some((p) => key.startsWith(p)) && !NOT_EXPOSED.test(key))
      .map(([key, value]) => family(metricName(key), 'counter', value));
  }
  return {
    stats: Object.entries(stats).map(([key, value]) => family(metricName(key), 'gauge', value)),
    metrics: [
      family('emqx_vm_cpu_use', 'gauge', cpu.use),
      family('emqx_vm_cpu_idle', 'gauge', cpu.idle),
      family('emqx_vm_total_memory', 'gauge', os.totalmem()),
      family('emqx_vm_used_memory', 'gauge', usedMemory()),
    ],
    // a standalone node: itself running, none stopped
    cluster: [family('emqx_cluster_nodes_running', 'gauge', 1), family('emqx_cluster_nodes_stopped', 'gauge', 0)],
    counters: groups,
  };
}

const bool = (b: unknown) => (b === false ? 0 : 1);
const statusNumber = (status: string) => (status === 'connected' ? 1 : 0);

export interface AuthGroups {
  authn: Family[];
  authz: Family[];
  banned: Family[];
}

export async function authFamilies(app: FastifyInstance): Promise<AuthGroups> {
  const authn: Record<string, Family> = {};
  const push = (target: Record<string, Family>, name: string, type: Family['type'], labels: Record<string, string>, value: number) => {
    (target[name] ??= family(name, type, [])).points.push({ labels, value });
  };
  for (const id of app.authn.ids()) {
    const config = app.authn.configOf(id) as { enable?: boolean; backend?: string };
    const answer = await app.authn.status(id);
    const status = String(answer.status);
    const metrics: Record<string, number | undefined> = { ...answer.metrics };
    const labels = { id };
    push(authn, 'emqx_authn_enable', 'gauge', labels, bool(config.enable));
    push(authn, 'emqx_authn_status', 'gauge', labels, statusNumber(status));
    push(authn, 'emqx_authn_nomatch', 'counter', labels, metrics.nomatch ?? 0);
    push(authn, 'emqx_authn_total', 'counter', labels, metrics.total ?? 0);
    push(authn, 'emqx_authn_success', 'counter', labels, metrics.success ?? 0);
    push(authn, 'emqx_authn_failed', 'counter', labels, metrics.failed ?? 0);
  }
  const users: Family = family('emqx_authn_users_count', 'gauge', []);
  for (const id of app.authn.ids()) {
    if (!id.endsWith(':built_in_database')) continue;
    users.points.push({ labels: { id }, value: countRows(app.db, 'SELECT COUNT(*) AS n FROM authn_users WHERE authenticator = ?', id) });
  }
  const authz: Record<string, Family> = {};
  for (const source of app.authz.list()) {
    const type = String(source.type);
    const answer = await app.authz.status(type);
    const status = String(answer.status);
    const metrics: Record<string, number | undefined> = { ...answer.metrics };
    const labels = { type };
    push(authz, 'emqx_authz_enable', 'gauge', labels, bool(source.enable));
    push(authz, 'emqx_authz_status', 'gauge', labels, statusNumber(status));
    push(authz, 'emqx_authz_nomatch', 'counter', labels, metrics.nomatch ?? 0);
    push(authz, 'emqx_authz_total', 'counter', labels, metrics.total ?? 0);
    push(authz, 'emqx_authz_allow', 'counter', labels, metrics.allow ?? 0);
    push(authz, 'emqx_authz_deny', 'counter', labels, metrics.deny ?? 0);
  }
  const rules: Family = family('emqx_authz_rules_count', 'gauge', []);
  if (app.authz.has('built_in_database')) {
    const n = countRows(app.db, 'SELECT COALESCE(SUM(json_array_length(rules)), 0) AS n FROM authz_rules');
    rules.points.push({ labels: { type: 'built_in_database' }, value: n });
  }
  return {
    authn: [...Object.values(authn), users],
    authz: [...Object.values(authz), rules],
    banned: [family('emqx_banned_count', 'gauge', app.banned.list().length)],
  };
}

/** the per-rule counters, in EMQX's family order */
const RULE_FAMILIES: [name: string, key: string][] = [
  ['emqx_rule_matched', 'matched'],
  ['emqx_rule_failed', 'failed'],
  ['emqx_rule_passed', 'passed'],
  ['emqx_rule_failed_exception', 'failed.exception'],
  ['emqx_rule_failed_no_result', 'failed.no_result'],
  ['emqx_rule_actions_total', 'actions.total'],
  ['emqx_rule_actions_success', 'actions.success'],
  ['emqx_rule_actions_failed', 'actions.failed'],
  ['emqx_rule_actions_failed_out_of_service', 'actions.failed.out_of_service'],
  ['emqx_rule_actions_failed_unknown', 'actions.failed.unknown'],
  ['emqx_rule_actions_discarded', 'actions.discarded'],
];

export interface DataIntegrationGroups {
  overview: Family[];
  rules: Family[];
  actions: Family[];
  connectors: Family[];
}

export function dataIntegrationFamilies(app: FastifyInstance): DataIntegrationGroups {
  const rules = app.rules.list();
  const enable = family('emqx_rule_enable', 'gauge', []);
  const counters = RULE_FAMILIES.map(([name]) => family(name, 'counter', []));
  for (const rule of rules) {
    const labels = { id: rule.stored.id };
    enable.points.push({ labels, value: rule.stored.enable ? 1 : 0 });
    const view: Record<string, number> = { ...rule.metrics.view() };
    RULE_FAMILIES.forEach(([, key], i) => counters[i].points.push({ labels, value: view[key] ?? 0 }));
  }
  return {
    overview: [
      family('emqx_rules_count', 'gauge', rules.length),
      family('emqx_actions_count', 'gauge', 0),
      family('emqx_schema_registrys_count', 'gauge', 0),
      family('emqx_connectors_count', 'gauge', 0),
    ],
    rules: [enable, ...counters],
    actions: [],
    connectors: [],
  };
}
