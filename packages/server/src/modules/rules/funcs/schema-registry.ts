// schema_decode, schema_encode, schema_check, sparkplug_decode/encode, spb_decode/encode: EMQX's
// emqx_schema_registry_serde rule functions. The serdes live in the schema registry (modules/schema-registry),
// which the node hands to the rule runtime (FuncContext.schemas); the registry checks the arguments.
// avro_encode/avro_decode, schema_encode_and_tag and schema_decode_tagged talk to an external (Confluent-compatible)
// registry over HTTP: they are asynchronous, as jq is, and the registry's `call` answers them with a Promise.
import { RuleFunctionError, type AsyncRuleFunction, type FunctionGroup, type RuleFunction } from './types';

const NAMES = ['schema_decode', 'schema_encode', 'schema_check', 'sparkplug_decode', 'sparkplug_encode', 'spb_decode', 'spb_encode'];
const EXTERNAL_NAMES = ['avro_encode', 'avro_decode', 'schema_encode_and_tag', 'schema_decode_tagged'];

const viaRegistry =
  (name: string): RuleFunction =>
  (args, ctx) => {
    if (!ctx.schemas) throw new RuleFunctionError(`The SQL function ${name} needs the schema registry, which this node does not run.`, name);
    return ctx.schemas.call(name, args);
  };

const viaExternalRegistry =
  (name: string): AsyncRuleFunction =>
  async (args, ctx) =>
    await viaRegistry(name)(args, ctx);

export const schemaRegistryFunctions: FunctionGroup = {
  sync: Object.fromEntries(NAMES.map((n) => [n, viaRegistry(n)])),
  async: Object.fromEntries(EXTERNAL_NAMES.map((n) => [n, viaExternalRegistry(n)])),
};
