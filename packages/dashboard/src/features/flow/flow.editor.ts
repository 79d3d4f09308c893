// The flow designer's model, as EMQX 5.8's Flow Designer has it: Source nodes (messages on a topic, an event, a
// data-integration source) → optional Processing (a Function node: the SELECT fields; a Filter node: the WHERE
// condition) → Sink nodes (republish, console, a data-integration action). A rule opens as such a graph and a graph
// saves as a rule (SQL + actions). A rule whose SQL the builder cannot represent (FOREACH…) opens with one SQL node
// holding its whole statement; its FROM still follows the source nodes. Pure: the page renders and edits this.
import type { RuleAction, RuleActionView } from '../rules/rules.types';
import { fromView, isRepublish } from '../rules/actions';
import { BRIDGE_PREFIX, fromInputs, inputKind, setFromInputs } from '../rules/sql';
import { buildSql, fieldsText, leafConditions, parseField, parseWhere, splitSql, splitTopLevel, whereText, type FilterForm, type SelectField } from './flow.sql';

export type SourceKind = 'message' | 'event' | 'source';
export type ProcessingKind = 'function' | 'filter' | 'sql';
export type SinkKind = 'republish' | 'console' | 'action';
export type FlowNodeKind = SourceKind | ProcessingKind | SinkKind;
export type Column = 'source' | 'processing' | 'sink';

export type EditMode = 'form' | 'sql';

export type NodeData =
  | { kind: 'message'; topic: string }
  | { kind: 'event'; event: string }
  /** a data-integration source `<type>:<name>`; with a draft, one drawn here and created when the flow is saved */
  | { kind: 'source'; id: string; draft?: BridgeDraft }
  | { kind: 'function'; mode: EditMode; fields: SelectField[]; sql: string }
  | { kind: 'filter'; mode: EditMode; form: FilterForm; sql: string }
  /** a whole statement the builder cannot split (its FROM is rewritten from the source nodes) */
  | { kind: 'sql'; sql: string }
  /** republish, console, or any other built-in function action, kept as it is */
  | { kind: 'republish' | 'console'; action: RuleAction }
  /** a data-integration action `<type>:<name>`; with a draft, one drawn here and created when the flow is saved */
  | { kind: 'action'; id: string; draft?: BridgeDraft };

/**
 * An action or source set up in the flow's node drawer and not created yet: saving the flow POSTs `body` to
 * /actions (or /sources) first, then saves the rule that names it (EMQX's useSubmitFlowData).
 */
export interface BridgeDraft {
  type: string;
  name: string;
  body: Record<string, unknown>;
}

export interface GraphNode {
  id: string;
  data: NodeData;
  position: { x: number; y: number };
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
}

export interface Graph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export const SOURCE_KINDS: SourceKind[] = ['message', 'event', 'source'];
export const PROCESSING_KINDS: ProcessingKind[] = ['function', 'filter'];
export const SINK_KINDS: SinkKind[] = ['republish', 'console', 'action'];

export function columnOf(kind: FlowNodeKind): Column {
  if ((SOURCE_KINDS as string[]).includes(kind)) return 'source';
  if ((SINK_KINDS as string[]).includes(kind)) return 'sink';
  return 'processing';
}

/** A new node's data, as the palette adds it (the operator fills it in its form). */
export function emptyData(kind: FlowNodeKind): NodeData {
  switch (kind) {
    case 'message':
      return { kind, topic: '' };
    case 'event':
      return { kind, event: '' };
    case 'source':
    case 'action':
      return { kind, id: '' };
    case 'function':
      return { kind, mode: 'form', fields: [{ expression: '*', alias: '' }], sql: '*' };
    case 'filter':
      return { kind, mode: 'form', form: { operator: 'AND', conditions: [] }, sql: '' };
    case 'sql':
      return { kind, sql: '' };
    case 'republish':
      return {
        kind,
        action: {
          function: 'republish',
          args: { topic: '', qos: '${qos}', retain: '${retain}', payload: '${payload}', user_properties: '${user_properties}', mqtt_properties: {}, direct_dispatch: false },
        },
      };
    case 'console':
      return { kind, action: { function: 'console' } };
  }
}

/** True when the node still lacks what it needs to be saved (its form was not filled in). */
export function isIncomplete(d: NodeData): boolean {
  switch (d.kind) {
    case 'message':
      return !d.topic.trim();
    case 'event':
      return !d.event;
    case 'source':
    case 'action':
      return !d.id;
    case 'function':
      return d.mode === 'sql' ? !d.sql.trim() : d.fields.every((f) => !f.expression.trim());
    case 'filter':
      return d.mode === 'sql' ? !d.sql.trim() : leafConditions(d.form).length === 0 || leafConditions(d.form).some((c) => !c.field.trim());
    case 'sql':
      return !d.sql.trim();
    case 'republish':
      return isRepublish(d.action) && !d.action.args.topic?.trim();
    case 'console':
      return false;
  }
}

/* ---------------------------------------------------------------- layout */

export const NODE_WIDTH = 220;
const COLUMN_SPACING = 100;
const ROW_SPACING = 90;
const COLUMN_INDEX: Record<Column | 'function' | 'filter', number> = { source: 0, function: 1, filter: 2, processing: 1, sink: 3 };

/** Columns left to right (sources, function, filter, sinks), each centred on the tallest. */
function layout(columns: GraphNode[][]): void {
  const tallest = Math.max(1, ...columns.map((c) => c.length));
  let x = 0;
  for (const col of columns) {
    if (col.length === 0) continue;
    const start = ((tallest - col.length) * ROW_SPACING) / 2;
    col.forEach((n, i) => (n.position = { x, y: start + i * ROW_SPACING }));
    x += NODE_WIDTH + COLUMN_SPACING;
  }
}

/** Where the palette puts a new node of a column: below that column's lowest node. */
export function nextPosition(nodes: readonly GraphNode[], kind: FlowNodeKind): { x: number; y: number } {
  const column = columnOf(kind);
  const index = column === 'processing' ? COLUMN_INDEX[kind === 'filter' ? 'filter' : 'function'] : COLUMN_INDEX[column];
  const same = nodes.filter((n) => columnOf(n.data.kind) === column);
  const x = same[0]?.position.x ?? index * (NODE_WIDTH + COLUMN_SPACING);
  const y = same.length ? Math.max(...same.map((n) => n.position.y)) + ROW_SPACING : 0;
  return { x, y };
}

/* ---------------------------------------------------------------- rule → graph */

export interface RuleLike {
  id: string;
  sql: string;
  from?: readonly string[];
  actions: readonly RuleActionView[];
}

/** Node IDs follow EMQX's: `message-<topic>`, `event-<event>`, `source-<id>`, `function`, `filter`, `sql`, sinks by index. */
function sourceNode(input: string): GraphNode {
  const kind = inputKind(input);
  const data: NodeData =
    kind === 'topic' ? { kind: 'message', topic: input } : kind === 'event' ? { kind: 'event', event: input } : { kind: 'source', id: input.slice(BRIDGE_PREFIX.length) };
  return { id: `${data.kind}-${input}`, data, position: { x: 0, y: 0 } };
}

function sinkNode(a: RuleActionView, index: number): GraphNode {
  const action = fromView(a);
  const data: NodeData = typeof action === 'string' ? { kind: 'action', id: action } : isRepublish(action) ? { kind: 'republish', action } : { kind: 'console', action };
  return { id: `${data.kind}-${index}`, data, position: { x: 0, y: 0 } };
}

/** Every edge from one column to the next non-empty one (as EMQX draws a rule). */
function chain(columns: GraphNode[][]): GraphEdge[] {
  const filled = columns.filter((c) => c.length > 0);
  const edges: GraphEdge[] = [];
  for (let i = 0; i < filled.length - 1; i++) for (const a of filled[i]) for (const b of filled[i + 1]) edges.push({ id: `${a.id}->${b.id}`, source: a.id, target: b.id });
  return edges;
}

export function ruleToGraph(rule: RuleLike): Graph {
  const from = rule.from && rule.from.length ? rule.from : fromInputs(rule.sql);
  const sources = from.map(sourceNode);
  const sinks = rule.actions.map(sinkNode);
  const parts = splitSql(rule.sql);
  let processing: GraphNode[][];
  if (!parts) {
    processing = [[{ id: 'sql', data: { kind: 'sql', sql: rule.sql }, position: { x: 0, y: 0 } }]];
  } else {
    const fn: GraphNode[] =
      parts.fields.replace(/\s+/g, '') === '*'
        ? []
        : [{ id: 'function', data: { kind: 'function', mode: 'form', fields: splitTopLevel(parts.fields).map(parseField), sql: parts.fields }, position: { x: 0, y: 0 } }];
    const form = parts.where === undefined ? undefined : parseWhere(parts.where);
    const filter: GraphNode[] =
      parts.where === undefined
        ? []
        : [
            {
              id: 'filter',
              data: { kind: 'filter', mode: form ? 'form' : 'sql', form: form ?? { operator: 'AND', conditions: [] }, sql: parts.where },
              position: { x: 0, y: 0 },
            },
          ];
    processing = [fn, filter];
  }
  const columns = [sources, ...processing, sinks];
  layout(columns);
  return { nodes: columns.flat(), edges: chain(columns) };
}

/* ---------------------------------------------------------------- graph → rule */

/** A reason the graph cannot be saved: a message key of ns 'flow' and its values. */
export interface FlowProblem {
  key:
    | 'flowEmptyError'
    | 'flowIntegrityError'
    | 'isolatedNodeError'
    | 'incorrectConnection'
    | 'filterFunctionsWrongOrder'
    | 'multipleFlowError'
    | 'oneProcessingEach'
    | 'sqlWithProcessing'
    | 'incompleteNode';
  values?: Record<string, string | number>;
  /** the nodes concerned, to point at */
  nodes?: string[];
}

export class FlowError extends Error {
  constructor(readonly problem: FlowProblem) {
    super(problem.key);
  }
}

/** Why connecting `source` to `target` is wrong (EMQX's checkConnection), or undefined when it is fine. */
export function connectionProblem(source: GraphNode | undefined, target: GraphNode | undefined): FlowProblem | undefined {
  if (!source || !target) return { key: 'incorrectConnection' };
  const a = columnOf(source.data.kind);
  const b = columnOf(target.data.kind);
  // a node to itself, into a source or out of a sink (so never source → source or sink → sink)
  if (source.id === target.id || b === 'source' || a === 'sink') return { key: 'incorrectConnection' };
  if (source.data.kind === 'filter' && target.data.kind === 'function') return { key: 'filterFunctionsWrongOrder' };
  if (source.data.kind === 'sql' && (target.data.kind === 'function' || target.data.kind === 'filter')) return { key: 'sqlWithProcessing' };
  return undefined;
}

/** EMQX's checks before saving, in its order, then MQDeck's: one Function and one Filter at most, all filled in. */
export function validateGraph({ nodes, edges }: Graph): FlowProblem | undefined {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const sources = nodes.filter((n) => columnOf(n.data.kind) === 'source');
  const sinks = nodes.filter((n) => columnOf(n.data.kind) === 'sink');
  if (!sources.length && !sinks.length) return { key: 'flowEmptyError' };
  if (!sources.length || !sinks.length) return { key: 'flowIntegrityError', values: { missing: !sources.length ? 'Source' : 'Sink' } };
  const linked = new Set(edges.flatMap((e) => [e.source, e.target]));
  const isolated = nodes.filter((n) => !linked.has(n.id));
  if (isolated.length) return { key: 'isolatedNodeError', values: { count: isolated.length }, nodes: isolated.map((n) => n.id) };
  for (const e of edges) {
    const p = connectionProblem(byId.get(e.source), byId.get(e.target));
    if (p) return { ...p, nodes: [e.source, e.target] };
  }
  // a source or a function feeds one column only (processing or sinks); anything else is fed from one column only
  for (const n of nodes) {
    const out = n.data.kind === 'function' || columnOf(n.data.kind) === 'source';
    const kinds = new Set(
      edges
        .filter((e) => (out ? e.source : e.target) === n.id)
        .map((e) => byId.get(out ? e.target : e.source)!.data.kind)
        .map(columnOf),
    );
    if (kinds.size > 1) return { key: 'incorrectConnection', nodes: [n.id] };
  }
  if (components(nodes, edges) > 1) return { key: 'multipleFlowError' };
  const count = (k: FlowNodeKind) => nodes.filter((n) => n.data.kind === k).length;
  if (count('function') > 1 || count('filter') > 1 || count('sql') > 1) return { key: 'oneProcessingEach' };
  if (count('sql') && (count('function') || count('filter'))) return { key: 'sqlWithProcessing' };
  const incomplete = nodes.filter((n) => isIncomplete(n.data));
  if (incomplete.length) return { key: 'incompleteNode', values: { count: incomplete.length }, nodes: incomplete.map((n) => n.id) };
  return undefined;
}

function components(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): number {
  const parent = new Map(nodes.map((n) => [n.id, n.id]));
  const find = (x: string): string => (parent.get(x) === x ? x : find(parent.get(x)!));
  for (const e of edges) if (parent.has(e.source) && parent.has(e.target)) parent.set(find(e.source), find(e.target));
  return new Set(nodes.map((n) => find(n.id))).size;
}

export interface RuleParts {
  sql: string;
  actions: RuleAction[];
}

/** The FROM input a source node stands for. */
export function inputOf(d: NodeData): string | undefined {
  if (d.kind === 'message') return d.topic.trim();
  if (d.kind === 'event') return d.event;
  if (d.kind === 'source') return `${BRIDGE_PREFIX}${d.id}`;
  return undefined;
}

export function functionFields(d: Extract<NodeData, { kind: 'function' }>): string {
  return d.mode === 'sql' ? d.sql.trim() : fieldsText(d.fields.filter((f) => f.expression.trim()));
}

export function filterWhere(d: Extract<NodeData, { kind: 'filter' }>): string {
  return d.mode === 'sql' ? d.sql.trim() : whereText(d.form);
}

/** The rule SQL and actions of a valid graph; throws a FlowError with the first problem otherwise. */
export function graphToRule(graph: Graph): RuleParts {
  const problem = validateGraph(graph);
  if (problem) throw new FlowError(problem);
  // nodes in the order they are drawn, top to bottom, so the SQL and actions read as the picture does
  const ordered = [...graph.nodes].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);
  const from = [...new Set(ordered.map((n) => inputOf(n.data)).filter((i): i is string => !!i))];
  const actions = ordered.flatMap((n): RuleAction[] => (n.data.kind === 'action' ? [n.data.id] : n.data.kind === 'republish' || n.data.kind === 'console' ? [n.data.action] : []));
  const sqlNode = graph.nodes.find((n) => n.data.kind === 'sql');
  if (sqlNode?.data.kind === 'sql') return { sql: setFromInputs(sqlNode.data.sql.trim(), from), actions };
  const fn = graph.nodes.find((n) => n.data.kind === 'function');
  const filter = graph.nodes.find((n) => n.data.kind === 'filter');
  const fields = fn?.data.kind === 'function' ? functionFields(fn.data) : '*';
  const where = filter?.data.kind === 'filter' ? filterWhere(filter.data) : undefined;
  return { sql: buildSql(fields, from, where), actions };
}

/** The text a node shows under its title (EMQX's node info): the topic, the number of conditions… */
export function nodeSummary(d: NodeData): string {
  switch (d.kind) {
    case 'message':
      return d.topic;
    case 'event':
      return d.event;
    case 'source':
    case 'action':
      return d.id;
    case 'function':
      return functionFields(d).replace(/\s+/g, ' ');
    case 'filter':
      return filterWhere(d).replace(/\s+/g, ' ');
    case 'sql':
      return d.sql.replace(/\s+/g, ' ');
    case 'republish':
      return isRepublish(d.action) ? (d.action.args.topic ?? '') : '';
    case 'console':
      return typeof d.action === 'string' || d.action.function === 'console' ? '' : (d.action.function ?? '');
  }
}
