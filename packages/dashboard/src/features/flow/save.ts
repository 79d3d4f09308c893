// Saving a flow as EMQX's Flow Designer does (useSubmitFlowData): the actions and sources drawn in the flow and not
// created yet are created first (POST /actions, then /sources), then the rule naming them is saved. Each one created
// loses its draft at once (the caller updates its node), so a save that stops later — another one refused, or the
// rule refused — leaves every created one referenced by its node: saving again does not create it twice, and the
// outcome says what was created before the step that failed. Pure: the page passes the requests in.
import type { BridgeKind } from '../actions/bridges.api';
import type { BridgeDraft, Graph, NodeData } from './flow.editor';

export interface PendingBridge {
  /** the node that holds it */
  node: string;
  kind: BridgeKind;
  /** `<type>:<name>`, as the rule names it */
  id: string;
  draft: BridgeDraft;
}

/** The drafts of the graph in the order they are created: actions first, then sources (as EMQX does). */
export function pendingBridges(graph: Graph): PendingBridge[] {
  const of = (k: 'action' | 'source'): PendingBridge[] =>
    graph.nodes.flatMap((n) => (n.data.kind === k && n.data.draft ? [{ node: n.id, kind: k === 'action' ? 'actions' : 'sources', id: n.data.id, draft: n.data.draft }] : []));
  return [...of('action'), ...of('source')];
}

/** The node's data once its action or source exists: the same reference without the draft. */
export function withoutDraft(d: NodeData): NodeData {
  if ((d.kind === 'action' || d.kind === 'source') && d.draft) return { kind: d.kind, id: d.id };
  return d;
}

export type SaveOutcome<R> =
  | { ok: true; created: PendingBridge[]; rule: R }
  /** an action or source was refused: those before it were created and stay referenced */
  | { ok: false; step: 'bridge'; failed: PendingBridge; created: PendingBridge[]; error: unknown }
  /** every draft was created but the rule was refused */
  | { ok: false; step: 'rule'; created: PendingBridge[]; error: unknown };

export interface SaveSteps<R> {
  createBridge: (kind: BridgeKind, body: Record<string, unknown>) => Promise<unknown>;
  /** called as soon as one is created, before the next request */
  onCreated: (p: PendingBridge) => void;
  saveRule: () => Promise<R>;
}

export async function saveFlow<R>(graph: Graph, steps: SaveSteps<R>): Promise<SaveOutcome<R>> {
  const created: PendingBridge[] = [];
  for (const p of pendingBridges(graph)) {
    try {
      await steps.createBridge(p.kind, p.draft.body);
    } catch (error) {
      return { ok: false, step: 'bridge', failed: p, created, error };
    }
    created.push(p);
    steps.onCreated(p);
  }
  try {
    return { ok: true, created, rule: await steps.saveRule() };
  } catch (error) {
    return { ok: false, step: 'rule', created, error };
  }
}
