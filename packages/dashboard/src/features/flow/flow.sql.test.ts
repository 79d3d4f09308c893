import { describe, expect, it } from 'vitest';
import { ruleToGraph, graphToRule } from './flow.editor';
import { leafConditions, parseWhere, whereText, type FilterForm } from './flow.sql';
import { normalizeItems } from './components/FilterFields';

const c = (field: string, operator: '=' | '>' | '<' | '!=', value: string) => ({ field, operator, value });

describe('nested filter groups (EMQX: two levels, AND/OR per group)', () => {
  it('writes a group in parentheses, with its own operator', () => {
    const form: FilterForm = {
      operator: 'AND',
      conditions: [
        c('payload.t', '>', '20'),
        {
          operator: 'OR',
          conditions: [c('clientid', '=', 'c1'), c('username', '=', 'u1')],
        },
      ],
    };
    expect(whereText(form)).toBe("payload.t > 20 AND (clientid = 'c1' OR username = 'u1')");
    expect(leafConditions(form)).toHaveLength(3);
  });

  it('reads a parenthesised WHERE back into the same groups (round trip)', () => {
    for (const where of [
      "payload.t > 20 AND (clientid = 'c1' OR username = 'u1')",
      "(a = 1 OR b = 2) AND (c = 'x' OR d != 4)",
      '(a = 1 AND b = 2) OR (c = 3 AND d = 4) OR e = 5',
      "a = 1 AND (b = 'x or y' OR c = 'it''s')".replace("''", "\\'"),
    ]) {
      const form = parseWhere(where);
      expect(form, where).toBeDefined();
      expect(whereText(form!)).toBe(where);
    }
    expect(parseWhere("(a = 1 OR b = 2) AND c = 'x'")).toEqual({
      operator: 'AND',
      conditions: [{ operator: 'OR', conditions: [c('a', '=', '1'), c('b', '=', '2')] }, c('c', '=', 'x')],
    });
  });

  it('reads AND inside OR as a group, as EMQX does (AND binds tighter)', () => {
    const form = parseWhere('a = 1 or b = 2 and c = 3');
    expect(form).toEqual({ operator: 'OR', conditions: [c('a', '=', '1'), { operator: 'AND', conditions: [c('b', '=', '2'), c('c', '=', '3')] }] });
    expect(whereText(form!)).toBe('a = 1 OR (b = 2 AND c = 3)');
  });

  it('takes off parentheses around the whole condition or around one condition', () => {
    expect(parseWhere('(a = 1 AND b = 2)')).toEqual({ operator: 'AND', conditions: [c('a', '=', '1'), c('b', '=', '2')] });
    expect(parseWhere('(a = 1) OR b = 2')).toEqual({ operator: 'OR', conditions: [c('a', '=', '1'), c('b', '=', '2')] });
  });

  it('leaves a third level to SQL rather than drop a part of it', () => {
    expect(parseWhere('a = 1 AND (b = 2 OR (c = 3 AND d = 4))')).toBeUndefined();
    expect(parseWhere('a = 1 AND (b = 2 OR is_null(c))')).toBeUndefined();
    expect(parseWhere('(a = 1 AND b = 2')).toBeUndefined();
  });

  it('a rule with such a WHERE opens as a filter form node, and saves the same SQL', () => {
    const sql = 'SELECT\n  *\nFROM\n  "t/#"\nWHERE\n  payload.n > 5 AND (qos = 1 OR qos = 2)';
    const g = ruleToGraph({ id: 'r', sql, actions: [{ function: 'console', args: {} }] });
    const filter = g.nodes.find((n) => n.data.kind === 'filter')!;
    expect(filter.data).toMatchObject({ mode: 'form', form: { operator: 'AND', conditions: [c('payload.n', '>', '5'), { operator: 'OR' }] } });
    expect(graphToRule(g).sql).toBe(sql);
  });

  it('the form keeps a group of one condition as that condition and drops empty groups', () => {
    expect(
      normalizeItems([
        { field: ' a ', operator: '=', value: '1' },
        { operator: 'OR', conditions: [c('b', '=', '2')] },
        { operator: 'AND', conditions: [] },
        { operator: 'AND', conditions: [c('d', '<', '4'), c('e', '>', '5')] },
      ]),
    ).toEqual([c('a', '=', '1'), c('b', '=', '2'), { operator: 'AND', conditions: [c('d', '<', '4'), c('e', '>', '5')] }]);
  });
});
