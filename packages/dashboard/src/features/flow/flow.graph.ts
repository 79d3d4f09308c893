// The flow of data as the node has it configured: each rule (one lane) with its inputs on the left (topic filters,
// events, sources `$bridges/<type>:<name>`) and its outputs on the right (data-integration actions `<type>:<name>`
// with their connector, and the built-in console and republish), plus the sources and actions no rule uses.
// Pure: the page renders what this returns from GET /rules, /actions, /sources and /connectors.
import type { RuleActionView } from '@mqdeck/api';
import { BRIDGE_PREFIX, inputKind } from '../rules/sql';

/** What the lists answer for a connector, action or source: the fields read here. */
export interface Resource {
  type: string;
  name: string;
  enable?: boolean;
  status?: string;
  connector?: string;
}

export interface FlowRule {
  id: string;
  enable: boolean;
  from: readonly string[];
  actions: readonly RuleActionView[];
  description?: string;
}

export type NodeKind = 'topic' | 'event' | 'source' | 'rule' | 'action' | 'console' | 'republish';

/** disabled, stopped, running, a connection status, or 'missing' (named by a rule, absent from its list). */
export type NodeStatus = string;

export interface FlowNode {
  kind: NodeKind;
  /** topic filter, event name, `type:name`, rule ID, or the republish topic */
  id: string;
  status?: NodeStatus;
  /** For a source or action: its connector's `type:name` and status. */
  connector?: { id: string; status: NodeStatus };
}

export interface Lane {
  rule: FlowNode & { description?: string };
  inputs: FlowNode[];
  outputs: FlowNode[];
}

export interface Flow {
  lanes: Lane[];
  unusedSources: FlowNode[];
  unusedActions: FlowNode[];
}

const idOf = (r: Resource) => `${r.type}:${r.name}`;

/** A resource's status as its node shows it: disabled when switched off, else what the node reports. */
export const resourceStatus = (r: Resource | undefined): NodeStatus => (!r ? 'missing' : r.enable === false ? 'disabled' : (r.status ?? 'connecting'));

export function buildFlow(rules: readonly FlowRule[], actions: readonly Resource[], sources: readonly Resource[], connectors: readonly Resource[]): Flow {
  const byId = (list: readonly Resource[]) => new Map(list.map((r) => [idOf(r), r]));
  const actionById = byId(actions);
  const sourceById = byId(sources);
  const connectorById = byId(connectors);
  const usedActions = new Set<string>();
  const usedSources = new Set<string>();

  const resourceNode = (kind: 'source' | 'action', id: string, r: Resource | undefined): FlowNode => {
    const connectorId = r?.connector ? `${r.type}:${r.connector}` : undefined;
    return { kind, id, status: resourceStatus(r), ...(connectorId ? { connector: { id: connectorId, status: resourceStatus(connectorById.get(connectorId)) } } : {}) };
  };

  const lanes = rules.map((rule): Lane => {
    const inputs = rule.from.map((input): FlowNode => {
      const kind = inputKind(input);
      if (kind !== 'source') return { kind, id: input };
      const id = input.slice(BRIDGE_PREFIX.length);
      usedSources.add(id);
      return resourceNode('source', id, sourceById.get(id));
    });
    const outputs = rule.actions.map((a): FlowNode => {
      if (typeof a === 'string') {
        usedActions.add(a);
        return resourceNode('action', a, actionById.get(a));
      }
      if (a.function === 'republish') return { kind: 'republish', id: String(a.args?.topic ?? '') };
      return { kind: 'console', id: a.function };
    });
    return { rule: { kind: 'rule', id: rule.id, status: rule.enable ? 'running' : 'stopped', description: rule.description }, inputs, outputs };
  });

  return {
    lanes,
    unusedSources: sources.filter((s) => !usedSources.has(idOf(s))).map((s) => resourceNode('source', idOf(s), s)),
    unusedActions: actions.filter((a) => !usedActions.has(idOf(a))).map((a) => resourceNode('action', idOf(a), a)),
  };
}

/** The status an edge shows: a source's or action's own (its data goes through it), else the rule's. */
export function edgeStatus(node: FlowNode, rule: FlowNode): NodeStatus {
  return node.kind === 'source' || node.kind === 'action' ? (rule.status === 'stopped' ? 'stopped' : (node.status ?? 'connecting')) : (rule.status ?? 'running');
}

/** Lanes whose rule, inputs or outputs mention `text` (case-insensitive). */
export function filterLanes(lanes: readonly Lane[], text: string): Lane[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...lanes];
  return lanes.filter((l) => [l.rule, ...l.inputs, ...l.outputs].some((n) => n.id.toLowerCase().includes(q) || n.connector?.id.toLowerCase().includes(q)));
}
