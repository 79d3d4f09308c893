import { describe, expect, it, vi } from 'vitest';
import type { Graph, GraphNode, NodeData } from './flow.editor';
import { graphToRule } from './flow.editor';
import { pendingBridges, saveFlow, withoutDraft } from './save';

const node = (id: string, data: NodeData, y = 0): GraphNode => ({ id, data, position: { x: 0, y } });
const draft = (type: string, name: string) => ({ type, name, body: { type, name, connector: 'c1', parameters: { method: 'post' } } });

const graph: Graph = {
  nodes: [
    node('src', { kind: 'source', id: 'mqtt:in', draft: draft('mqtt', 'in') }),
    node('a1', { kind: 'action', id: 'http:out', draft: draft('http', 'out') }, 0),
    node('a2', { kind: 'action', id: 'mqtt:fwd' }, 90),
  ],
  edges: [
    { id: 'e1', source: 'src', target: 'a1' },
    { id: 'e2', source: 'src', target: 'a2' },
  ],
};

describe('pendingBridges', () => {
  it('lists the drafts, actions before sources, with the kind of request each takes', () => {
    expect(pendingBridges(graph).map((p) => [p.node, p.kind, p.id])).toEqual([
      ['a1', 'actions', 'http:out'],
      ['src', 'sources', 'mqtt:in'],
    ]);
  });

  it('the rule names a draft by the id it will have', () => {
    expect(graphToRule(graph)).toEqual({ sql: 'SELECT\n  *\nFROM\n  "$bridges/mqtt:in"', actions: ['http:out', 'mqtt:fwd'] });
  });
});

describe('withoutDraft', () => {
  it('keeps the reference and drops the draft', () => {
    expect(withoutDraft({ kind: 'action', id: 'http:out', draft: draft('http', 'out') })).toEqual({ kind: 'action', id: 'http:out' });
    const other: NodeData = { kind: 'message', topic: 't/#' };
    expect(withoutDraft(other)).toBe(other);
  });
});

describe('saveFlow', () => {
  it('creates every draft, then saves the rule', async () => {
    const calls: string[] = [];
    const out = await saveFlow(graph, {
      createBridge: async (kind, body) => void calls.push(`POST /${kind} ${String(body.type)}:${String(body.name)}`),
      onCreated: (p) => calls.push(`created ${p.id}`),
      saveRule: async () => {
        calls.push('POST /rules');
        return { id: 'r1' };
      },
    });
    expect(calls).toEqual(['POST /actions http:out', 'created http:out', 'POST /sources mqtt:in', 'created mqtt:in', 'POST /rules']);
    expect(out).toMatchObject({ ok: true, rule: { id: 'r1' } });
  });

  it('stops at a refused draft: the rule is not saved, those created before it are reported', async () => {
    const refused = new Error('connector not found');
    const saveRule = vi.fn();
    const onCreated = vi.fn();
    const out = await saveFlow(graph, {
      createBridge: async (kind) => {
        if (kind === 'sources') throw refused;
      },
      onCreated,
      saveRule,
    });
    expect(saveRule).not.toHaveBeenCalled();
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(out).toMatchObject({ ok: false, step: 'bridge', failed: { id: 'mqtt:in' }, created: [{ id: 'http:out' }], error: refused });
  });

  it('a refused rule after the drafts were created says so; the retry creates nothing again', async () => {
    const createBridge = vi.fn(async () => undefined);
    let g = graph;
    const first = await saveFlow(g, {
      createBridge,
      // as the page does: the node loses its draft once its action or source exists
      onCreated: (p) => (g = { ...g, nodes: g.nodes.map((n) => (n.id === p.node ? { ...n, data: withoutDraft(n.data) } : n)) }),
      saveRule: async () => {
        throw new Error('SQL invalid');
      },
    });
    expect(first).toMatchObject({ ok: false, step: 'rule', created: [{ id: 'http:out' }, { id: 'mqtt:in' }] });
    expect(createBridge).toHaveBeenCalledTimes(2);
    const second = await saveFlow(g, { createBridge, onCreated: () => undefined, saveRule: async () => 'saved' });
    expect(second).toEqual({ ok: true, created: [], rule: 'saved' });
    expect(createBridge).toHaveBeenCalledTimes(2);
    expect(graphToRule(g).actions).toEqual(['http:out', 'mqtt:fwd']);
  });
});
