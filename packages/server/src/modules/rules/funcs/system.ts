// getenv(Name): the node's environment variable EMQXVAR_<Name>, or '' when it is not set. EMQX reads it through
// emqx_variform_bif:getenv and only variables with that prefix are visible to rules, so a rule cannot read the
// node's other environment (passwords, paths).
import { isBinary, toText } from './binary-args';
import type { FunctionGroup } from './types';
import { defineGroup, fail } from './values';

export const ENV_PREFIX = 'EMQXVAR_';

export const systemFunctions: FunctionGroup = defineGroup({
  getenv: [
    1,
    ([name]) => {
      if (!isBinary(name)) return fail('the variable name must be a string');
      return process.env[`${ENV_PREFIX}${toText(name)}`] ?? '';
    },
  ],
});
