// schema_decode, schema_encode, schema_check, sparkplug_decode/encode, spb_decode/encode: EMQX's
// emqx_schema_registry_serde rule functions. The serdes live in the schema registry (modules/schema-registry),
// which the node hands to the rule runtime (FuncContext.schemas); the registry checks the arguments.
import { RuleFunctionError, type FunctionGroup, type RuleFunction } from './types';

const NAMES = ['schema_decode', 'schema_encode', 'schema_check', 'sparkplug_decode', 'sparkplug_encode', 'spb_decode', 'spb_encode'];

const viaRegistry =
  (name: string): RuleFunction =>
  (args, ctx) => {
    if (!ctx.schemas) throw new RuleFunctionError(`The SQL function ${name} needs the schema registry, which this node does not run.`, name);
    return ctx.schemas.call(name, args);
  };

export const schemaRegistryFunctions: FunctionGroup = { sync: Object.fromEntries(NAMES.map((n) => [n, viaRegistry(n)])) };
