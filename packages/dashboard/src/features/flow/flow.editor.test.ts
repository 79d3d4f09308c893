import { describe, expect, it } from 'vitest';
import { emptyData, graphToRule, ruleToGraph, validateGraph, FlowError, connectionProblem, type Graph, type GraphNode, type NodeData } from './flow.editor';
import { parseField, parseWhere, splitSql, splitTopLevel, whereText } from './flow.sql';

const node = (id: string, data: NodeData, y = 0): GraphNode => ({ id, data, position: { x: 0, y } });
const edge = (source: string, target: string) => ({ id: `${source}->${target}`, source, target });
const republish = (topic: string): NodeData => {
  const d = emptyData('republish');
  if (d.kind === 'republish' && typeof d.action !== 'string' && 'args' in d.action) d.action.args.topic = topic;
  return d;
};

describe('flow SQL pieces', () => {
  it('splits a plain SELECT … FROM … WHERE, and nothing else', () => {
    expect(splitSql('SELECT * FROM "t/#"')).toEqual({ fields: '*' });
    expect(splitSql('SELECT\n  payload.a as a, clientid\nFROM\n  "t/#", "$events/client_connected"\nWHERE\n  a > 1')).toEqual({
      fields: 'payload.a as a, clientid',
      where: 'a > 1',
    });
    expect(splitSql("SELECT 'from where' as s FROM \"x\" WHERE s = 'where'")).toEqual({ fields: "'from where' as s", where: "s = 'where'" });
    expect(splitSql('FOREACH payload.a AS e DO e.v FROM "batch/#"')).toBeUndefined();
    expect(splitSql('SELECT * FROM "a" WHERE')).toBeUndefined();
    expect(splitSql('SELECT 1')).toBeUndefined();
  });

  it('reads fields with their aliases and splits at top-level commas only', () => {
    expect(splitTopLevel("concat(a, ','), b as c")).toEqual(["concat(a, ',')", 'b as c']);
    expect(parseField('payload.t AS temp')).toEqual({ expression: 'payload.t', alias: 'temp' });
    expect(parseField('upper(clientid)')).toEqual({ expression: 'upper(clientid)', alias: '' });
  });

  it('reads a WHERE of AND or OR conditions into the filter form and writes it back', () => {
    const f = parseWhere("payload.temp > 20 AND clientid = 'c1'");
    expect(f).toEqual({
      operator: 'AND',
      conditions: [
        { field: 'payload.temp', operator: '>', value: '20' },
        { field: 'clientid', operator: '=', value: 'c1' },
      ],
    });
    expect(whereText(f!)).toBe("payload.temp > 20 AND clientid = 'c1'");
    expect(parseWhere("topic =~ 't/#' or qos >= 1")).toEqual({
      operator: 'OR',
      conditions: [
        { field: 'topic', operator: '=~', value: 't/#' },
        { field: 'qos', operator: '>=', value: '1' },
      ],
    });
    expect(parseWhere("a = 'x and y'")).toEqual({ operator: 'AND', conditions: [{ field: 'a', operator: '=', value: 'x and y' }] });
    // a group in a group, functions and IN are beyond the form (flow.sql.test.ts has the nested groups)
    expect(parseWhere('a > 1 AND (b = 2 OR (c = 3 AND d = 4))')).toBeUndefined();
    expect(parseWhere('is_null(a) = true')).toBeUndefined();
    expect(parseWhere('a in (1, 2)')).toBeUndefined();
  });
});

describe('rule → graph', () => {
  it('opens a rule as source, function, filter and sink nodes joined column to column', () => {
    const g = ruleToGraph({
      id: 'r1',
      sql: 'SELECT payload.t as t FROM "s/#", "$events/client_connected" WHERE t > 30',
      actions: [{ function: 'republish', args: { topic: 'out/${clientid}', qos: 1 } }, 'http:hook', { function: 'console', args: {} }],
    });
    expect(g.nodes.map((n) => n.data.kind)).toEqual(['message', 'event', 'function', 'filter', 'republish', 'action', 'console']);
    expect(g.edges.map((e) => `${e.source}>${e.target}`)).toEqual([
      'message-s/#>function',
      'event-$events/client_connected>function',
      'function>filter',
      'filter>republish-0',
      'filter>action-1',
      'filter>console-2',
    ]);
    const filter = g.nodes.find((n) => n.id === 'filter')!.data;
    expect(filter).toMatchObject({ kind: 'filter', mode: 'form', form: { operator: 'AND', conditions: [{ field: 't', operator: '>', value: '30' }] } });
    // columns left to right
    const x = (id: string) => g.nodes.find((n) => n.id === id)!.position.x;
    expect(x('message-s/#')).toBeLessThan(x('function'));
    expect(x('function')).toBeLessThan(x('filter'));
    expect(x('filter')).toBeLessThan(x('action-1'));
  });

  it('leaves SELECT * out and a data-integration source as a source node', () => {
    const g = ruleToGraph({ id: 'r', sql: 'SELECT * FROM "$bridges/mqtt:in"', from: ['$bridges/mqtt:in'], actions: ['mqtt:out'] });
    expect(g.nodes.map((n) => n.data)).toEqual([
      { kind: 'source', id: 'mqtt:in' },
      { kind: 'action', id: 'mqtt:out' },
    ]);
    expect(g.edges).toHaveLength(1);
  });

  it('opens a WHERE beyond the form in SQL mode, and a FOREACH rule as one SQL node', () => {
    const nested = ruleToGraph({ id: 'r', sql: 'SELECT * FROM "t" WHERE a > 1 AND (b = 2 OR (c = 3 AND d = 4))', actions: [] });
    expect(nested.nodes[1].data).toMatchObject({ kind: 'filter', mode: 'sql', sql: 'a > 1 AND (b = 2 OR (c = 3 AND d = 4))' });
    const each = ruleToGraph({ id: 'r', sql: 'FOREACH payload.a AS e DO e.v FROM "batch/#"', actions: [{ function: 'console' }] });
    expect(each.nodes.map((n) => n.data.kind)).toEqual(['message', 'sql', 'console']);
    // and saves back as it was, its FROM following the source nodes
    expect(graphToRule(each).sql).toBe('FOREACH payload.a AS e DO e.v FROM\n  "batch/#"');
  });
});

describe('graph → rule', () => {
  it('writes the SQL and actions of topic → filter → republish', () => {
    const g: Graph = {
      nodes: [
        node('m', { kind: 'message', topic: 'in/#' }),
        node('f', { kind: 'filter', mode: 'form', form: { operator: 'AND', conditions: [{ field: 'payload.n', operator: '>', value: '5' }] }, sql: '' }),
        node('r', republish('out/${topic}')),
      ],
      edges: [edge('m', 'f'), edge('f', 'r')],
    };
    const rule = graphToRule(g);
    expect(rule.sql).toBe('SELECT\n  *\nFROM\n  "in/#"\nWHERE\n  payload.n > 5');
    expect(rule.actions).toEqual([expect.objectContaining({ function: 'republish', args: expect.objectContaining({ topic: 'out/${topic}' }) })]);
  });

  it('writes function fields, several inputs in drawn order, and connector actions by id', () => {
    const g: Graph = {
      nodes: [
        node('e', { kind: 'event', event: '$events/client_connected' }, 100),
        node('m', { kind: 'message', topic: 't/1' }, 0),
        node('fn', {
          kind: 'function',
          mode: 'form',
          fields: [
            { expression: 'clientid', alias: '' },
            { expression: 'upper(payload.x)', alias: 'x' },
          ],
          sql: '',
        }),
        node('a', { kind: 'action', id: 'http:hook' }),
        node('c', emptyData('console'), 100),
      ],
      edges: [edge('m', 'fn'), edge('e', 'fn'), edge('fn', 'a'), edge('fn', 'c')],
    };
    expect(graphToRule(g)).toEqual({
      sql: 'SELECT\n  clientid,\n  upper(payload.x) as x\nFROM\n  "t/1",\n  "$events/client_connected"',
      actions: ['http:hook', { function: 'console' }],
    });
  });

  it('round-trips a rule through the graph', () => {
    const sql = 'SELECT\n  payload.t as t\nFROM\n  "s/#"\nWHERE\n  t > 30 OR clientid = \'x\'';
    expect(graphToRule(ruleToGraph({ id: 'r', sql, actions: ['http:a'] }))).toEqual({ sql, actions: ['http:a'] });
  });

  it('refuses what EMQX refuses, with its messages', () => {
    const m = node('m', { kind: 'message', topic: 't' });
    const r = node('r', republish('o'));
    const c = node('c', emptyData('console'));
    const fi = node('fi', { kind: 'filter', mode: 'sql', form: { operator: 'AND', conditions: [] }, sql: 'a = 1' });
    const fn = node('fn', { kind: 'function', mode: 'sql', fields: [], sql: 'a' });
    expect(validateGraph({ nodes: [], edges: [] })?.key).toBe('flowEmptyError');
    expect(validateGraph({ nodes: [m], edges: [] })).toEqual({ key: 'flowIntegrityError', values: { missing: 'Sink' } });
    expect(validateGraph({ nodes: [r], edges: [] })).toEqual({ key: 'flowIntegrityError', values: { missing: 'Source' } });
    expect(validateGraph({ nodes: [m, r, c], edges: [edge('m', 'r')] })).toMatchObject({ key: 'isolatedNodeError', values: { count: 1 }, nodes: ['c'] });
    expect(validateGraph({ nodes: [m, fi, fn, r], edges: [edge('m', 'fi'), edge('fi', 'fn'), edge('fn', 'r')] })?.key).toBe('filterFunctionsWrongOrder');
    // a source straight to a sink and to a filter: two columns fed from one source
    expect(validateGraph({ nodes: [m, fi, r, c], edges: [edge('m', 'fi'), edge('m', 'r'), edge('fi', 'c')] })?.key).toBe('incorrectConnection');
    const m2 = node('m2', { kind: 'message', topic: 'u' });
    const c2 = node('c2', emptyData('console'));
    expect(validateGraph({ nodes: [m, r, m2, c2], edges: [edge('m', 'r'), edge('m2', 'c2')] })?.key).toBe('multipleFlowError');
    expect(validateGraph({ nodes: [node('m', { kind: 'message', topic: '' }), r], edges: [edge('m', 'r')] })).toMatchObject({ key: 'incompleteNode', nodes: ['m'] });
    expect(() => graphToRule({ nodes: [m], edges: [] })).toThrow(FlowError);
    expect(validateGraph({ nodes: [m, r], edges: [edge('m', 'r')] })).toBeUndefined();
  });

  it('refuses a connection into a source, out of a sink, or from a filter back to a function', () => {
    const m = node('m', { kind: 'message', topic: 't' });
    const r = node('r', republish('o'));
    expect(connectionProblem(r, m)?.key).toBe('incorrectConnection');
    expect(connectionProblem(m, m)?.key).toBe('incorrectConnection');
    expect(connectionProblem(node('f', emptyData('filter')), node('g', emptyData('function')))?.key).toBe('filterFunctionsWrongOrder');
    expect(connectionProblem(m, r)).toBeUndefined();
  });
});
