// Deviations of the node-wide routes (login, nodes, metrics, monitor, configs): response bodies our node
// (like EMQX 5.8) sends differently from the 5.8.1 document. Merged into `ResponsePatch` and
// `DOCUMENTED_DEVIATIONS` by deviations.ts, the one list.
import type { paths } from '../schema.gen';

type LoginOk = paths['/login']['post']['responses'][200]['content']['application/json'];

/** API.md §2.3: `license.edition` is the release atom ("ee" on Enterprise, "ce" on open source), not opensource|enterprise. */
export type LoginReply = Omit<LoginOk, 'license'> & { license?: { edition?: 'ee' | 'ce' | 'opensource' | 'enterprise' } };

export interface NodeResponsePatch {
  '/login': { post: { 200: LoginReply } }; // API.md §2.3: license.edition "ee"
}

/** ajv error texts of the deviations above that the contract tests accept. */
export const NODE_DEVIATIONS: readonly RegExp[] = [];
