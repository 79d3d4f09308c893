// Query parameters our node reads beyond what the 5.8.1 document declares for a route. Merged into
// `Contract` like ResponsePatch (deviations.ts): the declared query type, if any, plus these keys.
// A real EMQX ignores undeclared query keys, so sending one never breaks the console against it.

export interface QueryPatch {
  '/schemas/{name}': { get: { lang?: string } }; // docs/api-extensions.md: ?lang=en|zh, other values ignored
  '/metrics': { get: { node?: string } }; // API.md §3.3: 5.8.2+ node filter ([] for an unknown node)
}
