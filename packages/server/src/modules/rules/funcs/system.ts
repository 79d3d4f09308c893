// getenv(Name): the node's environment variable EMQXVAR_<Name>, or '' when it is not set. EMQX reads it through
// emqx_variform_bif:getenv and only variables with that prefix are visible to rules, so a rule cannot read the
// node's other environment (passwords, paths).
import { arity, describe, isBinary, toText } from './binary-args';
import { RuleFunctionError, type FunctionGroup } from './types';

export const ENV_PREFIX = 'EMQXVAR_';

export const systemFunctions: FunctionGroup = {
  sync: {
    getenv: (args) => {
      arity('getenv', args, 1);
      const [name] = args;
      if (!isBinary(name)) throw new RuleFunctionError(`getenv: the variable name must be a string, got ${describe(name)}`, 'getenv');
      return process.env[`${ENV_PREFIX}${toText('getenv', name)}`] ?? '';
    },
  },
};
