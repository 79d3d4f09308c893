import { describe, expect, it } from 'vitest';
import { EditorState } from '@codemirror/state';
import { CompletionContext } from '@codemirror/autocomplete';
import { dataSourceOf, errorRange, eventTypeOf, fromInputs, isSqlProblem, sampleTopic, setFromInputs, sourceMatchesSql } from './sql';
import { ruleCompletionSource, type CompletionData } from './components/sql-language';

describe('rule SQL text helpers', () => {
  it('reads the FROM inputs, skipping strings, comments and a FROM inside a function call', () => {
    expect(fromInputs('SELECT * FROM "t/#"')).toEqual(['t/#']);
    expect(fromInputs('SELECT\n  *\nFROM\n  "a/+",\n  "$events/client_connected"\nWHERE x = 1')).toEqual(['a/+', '$events/client_connected']);
    expect(fromInputs('SELECT \'from "x"\' AS s, payload.from FROM "real" WHERE s = \'where\'')).toEqual(['real']);
    expect(fromInputs('FOREACH payload.a AS e DO e.v FROM "batch/#" -- FROM "no"')).toEqual(['batch/#']);
    expect(fromInputs('SELECT substr(payload, 1) FROM "t/1"')).toEqual(['t/1']);
    expect(fromInputs('SELECT 1')).toEqual([]);
  });

  it('rewrites the FROM inputs, keeping WHERE, and appends FROM when there is none', () => {
    expect(setFromInputs('SELECT * FROM "t/#" WHERE x > 1', ['t/#', '$events/client_connected'])).toBe('SELECT * FROM\n  "t/#",\n  "$events/client_connected"\nWHERE x > 1');
    expect(setFromInputs('SELECT\n  *\nFROM\n  "t/#"', ['a/b'])).toBe('SELECT\n  *\nFROM\n  "a/b"');
    expect(setFromInputs('SELECT *', ['a'])).toBe('SELECT *\nFROM\n  "a"');
  });

  it('maps inputs to data sources and test event types, and checks the source against the SQL', () => {
    expect(dataSourceOf('sensors/#')).toBe('$events/message_publish');
    expect(dataSourceOf('$events/client_connected')).toBe('$events/client_connected');
    expect(eventTypeOf('$events/message_publish')).toBe('message_publish');
    expect(eventTypeOf('$bridges/mqtt:in')).toBe('$bridges/mqtt:*');
    expect(eventTypeOf('$events/sys/alarm_activated')).toBe('alarm_activated');
    expect(sourceMatchesSql('$events/message_publish', 'SELECT * FROM "sensors/#"')).toBe(true);
    expect(sourceMatchesSql('$events/client_connected', 'SELECT * FROM "sensors/#"')).toBe(false);
    expect(sourceMatchesSql('$events/client_connected', 'SELECT * FROM "t", "$events/client_connected"')).toBe(true);
    expect(sampleTopic('sensors/+/temp/#')).toBe('sensors/test/temp/test');
  });

  it("finds where the node's syntax error points", () => {
    const sql = 'SELECT\n  *\nFROMM "t/#"';
    expect(errorRange('syntax error at line 3, column 1, before "FROMM": expected FROM', sql)).toEqual({ from: 11, to: 16 });
    expect(errorRange('syntax error at the end of the SQL (line 3, column 12)', sql)).toEqual({ from: 21, to: 22 });
    expect(errorRange('parse error at position 9', sql)).toEqual({ from: 9, to: 10 });
    expect(errorRange('syntax error before FROMM on line 3', sql)).toEqual({ from: 11, to: 22 });
    expect(errorRange('select_and_transform_error: bad arg', sql)).toBeUndefined();
  });

  it('tells SQL problems from other refusals of the node', () => {
    expect(isSqlProblem('syntax error at line 1, column 8, before "x"')).toBe(true);
    expect(isSqlProblem('Unknown SQL function "nope" (line 1, column 8)')).toBe(true);
    expect(isSqlProblem('rule id already exists')).toBe(false);
  });
});

describe('SQL completion', () => {
  const data: CompletionData = {
    functions: [{ name: 'abs', signature: 'abs(X) → integer', description: 'Absolute value' }],
    fields: ['clientid', 'payload'],
    inputs: [{ label: '$events/client_connected', detail: 'Client connected' }],
  };
  const complete = (doc: string, pos = doc.length) => {
    const ctx = new CompletionContext(EditorState.create({ doc }), pos, true);
    const r = ruleCompletionSource(() => data)(ctx);
    return r && { from: r.from, labels: r.options.map((o) => o.label) };
  };

  it('offers functions, the event fields and keywords in an expression', () => {
    const r = complete('SELECT ab');
    expect(r?.from).toBe(7);
    expect(r?.labels).toEqual(expect.arrayContaining(['abs', 'clientid', 'payload', 'WHERE']));
  });

  it('offers $events/ inputs inside a quoted FROM', () => {
    const r = complete('SELECT * FROM "$ev');
    expect(r).toEqual({ from: 15, labels: ['$events/client_connected'] });
  });
});
