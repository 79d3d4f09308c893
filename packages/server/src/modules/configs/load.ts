// PUT /configs: a whole HOCON document applied root by root, as EMQX's `conf load` does (emqx_conf_cli:load_config).
// Read-only roots (node, rpc, cluster) are refused, or dropped with ignore_readonly=true. `merge` deep-merges each root
// into its current value, `replace` replaces it (omitted keys fall back to their defaults). Every changed root is
// checked first with the same checks as PUT /configs/<root>; nothing is stored unless all of them pass.
import { isDeepStrictEqual } from 'node:util';
import type { ConfigService } from '../../config/config.service';
import { MARKED_FOR_DELETION, deepMerge, getPath, isObject } from '../../config/tree';
import { shapeAt } from '../../config/validate';
import { fromRuleTexts, validationError } from '../../contract/hocon-error';
import { PLAIN_ROOTS, ZONE_ROOTS, rootErrors, unmasked } from './roots';

export const READONLY_ROOTS = ['node', 'rpc', 'cluster'];
/** the roots whose changes apply live through the config service (the per-root PUT /configs routes) */
const LOADABLE_ROOTS: readonly string[] = [...ZONE_ROOTS, ...PLAIN_ROOTS, 'limiter', 'overload_protection', 'zones'];

/**
 * A refused load, as EMQX's PUT /configs answers it (emqx_conf_cli:load_config → `{"errors": …}`): a sentence
 * (read-only keys), or by root what is wrong: an EMQX-like term text, a sentence, or the schema check's
 * `{kind: "validation_error", path, reason, value}` (a list when a root has several).
 */
export class LoadRefused extends Error {
  constructor(readonly errors: string | Record<string, unknown>) {
    super(typeof errors === 'string' ? errors : JSON.stringify(errors));
  }
}

/** `path: reason` texts of rootErrors → hocon's validation_error objects (hocon-error.ts), with the refused value */
function validationErrors(config: ConfigService, root: string, value: unknown, texts: string[]): unknown {
  const list = fromRuleTexts(texts, {
    valueAt: (path) => (path === root ? value : path.startsWith(`${root}.`) ? getPath(value, path.slice(root.length + 1)) : undefined),
    fieldsAt: (path) => {
      const shape = shapeAt(config.defaults, path);
      return isObject(shape) ? Object.keys(shape) : undefined;
    },
    rename: (path) => path || root,
  }).map(validationError);
  return list.length === 1 ? list[0] : list;
}

export interface LoadOptions {
  mode: 'merge' | 'replace';
  ignoreReadonly: boolean;
}

/** what PUT /configs would store: root → new value, only roots that change; throws LoadRefused */
export function planLoad(config: ConfigService, doc: Record<string, unknown>, opts: LoadOptions): [string, unknown][] {
  const readonly = Object.keys(doc).filter((root) => READONLY_ROOTS.includes(root));
  if (readonly.length && !opts.ignoreReadonly) throw new LoadRefused(`Cannot update read-only key '${readonly.join(',')}'.`);
  const errors: Record<string, unknown> = {};
  const changes: [string, unknown][] = [];
  for (const [root, given] of Object.entries(doc)) {
    if (READONLY_ROOTS.includes(root)) continue;
    if (config.defaults[root] === undefined) {
      errors[root] = `{root_key_not_found,<<${JSON.stringify(root)}>>}`; // EMQX prints the thrown term
      continue;
    }
    const current = config.get(root);
    const value = unmasked(config, root, given); // lists too (authentication, authorization sources)
    let next = opts.mode === 'merge' && isObject(current) && isObject(value) ? deepMerge(current, value) : value;
    // `replace` of the zones: a zone left out is deleted, also when a lower layer (the config file) defines it
    if (root === 'zones' && opts.mode === 'replace' && isObject(current) && isObject(next)) {
      const gone = Object.keys(current).filter((name) => !(name in (next as Record<string, unknown>)));
      next = { ...next, ...Object.fromEntries(gone.map((name) => [name, MARKED_FOR_DELETION])) };
    }
    if (isDeepStrictEqual(next, current)) continue;
    if (!LOADABLE_ROOTS.includes(root)) {
      errors[root] = `${root}: cannot be changed through PUT /configs on this node, use its own API`;
      continue;
    }
    const wrong = rootErrors(config, root, next);
    if (wrong.length) errors[root] = validationErrors(config, root, next, wrong);
    changes.push([root, next]);
  }
  if (Object.keys(errors).length) throw new LoadRefused(errors);
  return changes;
}

export async function loadConfig(config: ConfigService, doc: Record<string, unknown>, opts: LoadOptions): Promise<void> {
  for (const [root, value] of planLoad(config, doc, opts)) await config.update(root, value);
}
