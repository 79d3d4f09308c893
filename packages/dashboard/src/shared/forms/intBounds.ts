// Integer bounds of the access-control forms (authentication and authorization).

/**
 * Integer fields of the authentication and authorization forms, checked with the shared rule (`rules.integer`) and
 * its spec texts instead of InputNumber's min/max (which silently clamped 0 to 1): the node's bounds
 * (`intField` in the server's connectors), at least the contract's.
 */
export const INT_BOUNDS = {
  poolSize: { min: 1, max: 1024 },
  enablePipelining: { min: 1, max: 1024 },
  redisDatabase: { min: 0, max: 1024 },
  pbkdf2Iterations: { min: 1 },
  dkLength: { min: 1 },
  saltRounds: { min: 5, max: 10 },
  scramIterations: { min: 1, max: 10_000_000 },
  jwksRefresh: { min: 10 },
  maxRules: { min: 1 },
  cacheMaxSize: { min: 1, max: 1_048_576 },
} satisfies Record<string, { min?: number; max?: number }>;
