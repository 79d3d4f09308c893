// Joins every group file's functions into the FunctionTable the SQL compiler looks names up in (lower case).
// A group file adds one import line and one entry in GROUPS.
import { arrayFunctions } from './array';
import { bitsFunctions } from './bits';
import { codecFunctions } from './codec';
import { compressionFunctions } from './compression';
import { contextFunctions } from './context';
import { conversionFunctions } from './conversion';
import { hashFunctions } from './hash';
import { jqFunctions } from './jq';
import { kvStoreFunctions } from './kv-store';
import { mapFunctions } from './map';
import { mathFunctions } from './math';
import { predicatesFunctions } from './predicates';
import { randomFunctions } from './random';
import { regexFunctions } from './regex';
import { schemaRegistryFunctions } from './schema-registry';
import { stringFunctions } from './string';
import { stringFormatFunctions } from './string-format';
import { systemFunctions } from './system';
import { timeFunctions } from './time';
import type { AsyncRuleFunction, FunctionGroup, FunctionTable, RuleFunction } from './types';

const GROUPS: FunctionGroup[] = [
  contextFunctions,
  mathFunctions,
  bitsFunctions,
  conversionFunctions,
  predicatesFunctions,
  stringFunctions,
  stringFormatFunctions,
  regexFunctions,
  mapFunctions,
  arrayFunctions,
  hashFunctions,
  compressionFunctions,
  codecFunctions,
  timeFunctions,
  randomFunctions,
  systemFunctions,
  kvStoreFunctions,
  jqFunctions,
  schemaRegistryFunctions,
];

type Entry = { fn: RuleFunction | AsyncRuleFunction; async: boolean };

/** A FunctionTable over `groups`; a name defined twice is a programming error. */
export function buildFunctionTable(groups: readonly FunctionGroup[]): FunctionTable & { names(): string[] } {
  const entries = new Map<string, Entry>();
  const add = (name: string, entry: Entry) => {
    if (entries.has(name)) throw new Error(`rule function ${name} is defined twice`);
    entries.set(name, entry);
  };
  for (const g of groups) {
    for (const [name, fn] of Object.entries(g.sync)) add(name, { fn, async: false });
    for (const [name, fn] of Object.entries(g.async ?? {})) add(name, { fn, async: true });
  }
  return { get: (name) => entries.get(name), names: () => [...entries.keys()].sort() };
}

/** Every built-in function of the rule SQL. */
export const builtinFunctions = buildFunctionTable(GROUPS);
