// The console's function catalogue (@mqdeck/api RULE_FUNCTIONS) and the server's function table must name the same
// functions: an entry without an implementation would be offered by the editor and fail in the rule; a function
// without an entry would be missing from the reference.
import { RULE_FUNCTION_GROUPS, RULE_FUNCTIONS } from '@mqdeck/api';
import { describe, expect, test } from 'vitest';
import { compileRuleSql } from '../sql/compile';
import { parseRuleSql } from '../sql/parse';
import { funcContext } from './funcs.testing';
import { builtinFunctions, buildFunctionTable } from './registry';
import { schemaRegistryFunctions } from './schema-registry';
import { RuleFunctionError } from './types';

const catalogued = RULE_FUNCTIONS.map((f) => f.name);

describe('the function registry and the catalogue', () => {
  test('every catalogue entry has an implementation', () => {
    expect(catalogued.filter((name) => builtinFunctions.get(name) === undefined)).toEqual([]);
  });

  test('every implemented function has a catalogue entry', () => {
    const known = new Set(catalogued);
    expect(builtinFunctions.names().filter((name) => !known.has(name))).toEqual([]);
  });

  test('catalogue entries are unique, lower case, in a known group and fully described', () => {
    expect(new Set(catalogued).size).toBe(catalogued.length);
    const groups = new Set<string>(RULE_FUNCTION_GROUPS.map((g) => g.id));
    for (const f of RULE_FUNCTIONS) {
      expect(f.name, f.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(groups.has(f.group), `${f.name} group ${f.group}`).toBe(true);
      expect(f.returns && f.example && f.description.en && f.description.zh, f.name).toBeTruthy();
      expect(f.example, f.name).toContain(f.name);
    }
  });

  test('every example runs as written: the call before " = " parses and evaluates without an error', () => {
    const columns = { payload: '{"a":{"b":1}}', topic: 't/a/b', clientid: 'c1', qos: 1, flags: {} };
    const failures: string[] = [];
    for (const f of RULE_FUNCTIONS) {
      if (builtinFunctions.get(f.name)?.async) continue; // jq runs in a worker; its own tests cover it
      if (f.name in schemaRegistryFunctions.sync) continue; // they need registered schemas: schema-registry's tests run them
      const call = f.example.split(' = ')[0];
      try {
        const result = compileRuleSql(parseRuleSql(`SELECT ${call} AS r FROM "t/#"`), builtinFunctions).run(columns, funcContext(columns));
        expect(result instanceof Promise, call).toBe(false);
      } catch (e) {
        failures.push(`${f.name}: ${call}: ${(e as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('a name defined by two groups is refused; lookups are by exact (lower-case) name', () => {
    const fn = () => 1;
    expect(() => buildFunctionTable([{ sync: { a: fn } }, { sync: { a: fn } }])).toThrow(/defined twice/);
    expect(builtinFunctions.get('ABS')).toBeUndefined();
    expect(builtinFunctions.get('abs')?.async).toBe(false);
  });

  test('a wrong argument count is refused as an unsupported function, as EMQX does', () => {
    const abs = builtinFunctions.get('abs')!.fn;
    expect(() => abs([1, 2], {} as never)).toThrow(RuleFunctionError);
    expect(() => abs([1, 2], {} as never)).toThrow('The SQL function abs/2 is not supported.');
  });
});
