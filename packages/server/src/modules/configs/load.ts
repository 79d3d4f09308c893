// PUT /configs: a whole HOCON document applied root by root, as EMQX's `conf load` does (emqx_conf_cli:load_config).
// Read-only roots (node, rpc, cluster) are refused, or dropped with ignore_readonly=true. `merge` deep-merges each root
// into its current value, `replace` replaces it (omitted keys fall back to their defaults). Every changed root is
// checked first with the same checks as PUT /configs/<root>; nothing is stored unless all of them pass.
import { isDeepStrictEqual } from 'node:util';
import type { ConfigService } from '../../config/config.service';
import { deepMerge, isObject } from '../../config/tree';
import { PLAIN_ROOTS, ZONE_ROOTS, rootErrors, unmasked, updateFailed } from './roots';

export const READONLY_ROOTS = ['node', 'rpc', 'cluster'];
/** the roots whose changes apply live through the config service (the per-root PUT /configs routes) */
const LOADABLE_ROOTS: readonly string[] = [...ZONE_ROOTS, ...PLAIN_ROOTS, 'limiter', 'overload_protection'];

export interface LoadOptions {
  mode: 'merge' | 'replace';
  ignoreReadonly: boolean;
}

/** what PUT /configs would store: root → new value, only roots that change; throws 400 UPDATE_FAILED */
export function planLoad(config: ConfigService, doc: Record<string, unknown>, opts: LoadOptions): [string, unknown][] {
  const readonly = Object.keys(doc).filter((root) => READONLY_ROOTS.includes(root));
  if (readonly.length && !opts.ignoreReadonly) throw updateFailed(`Cannot update read-only key '${readonly.join(',')}'.`);
  const errors: string[] = [];
  const changes: [string, unknown][] = [];
  for (const [root, given] of Object.entries(doc)) {
    if (READONLY_ROOTS.includes(root)) continue;
    if (config.defaults[root] === undefined) {
      errors.push(`${root}: unknown config root`);
      continue;
    }
    const current = config.get(root);
    const value = unmasked(config, root, given); // lists too (authentication, authorization sources)
    const next = opts.mode === 'merge' && isObject(current) && isObject(value) ? deepMerge(current, value) : value;
    if (isDeepStrictEqual(next, current)) continue;
    if (!LOADABLE_ROOTS.includes(root)) {
      errors.push(`${root}: cannot be changed through PUT /configs on this node, use its own API`);
      continue;
    }
    errors.push(...rootErrors(config, root, next));
    changes.push([root, next]);
  }
  if (errors.length) throw updateFailed(errors.join('; '));
  return changes;
}

export async function loadConfig(config: ConfigService, doc: Record<string, unknown>, opts: LoadOptions): Promise<void> {
  for (const [root, value] of planLoad(config, doc, opts)) await config.update(root, value);
}
