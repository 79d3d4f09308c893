/** V8 flags the node runs with (node-flags.mjs) */
export declare const NODE_FLAGS: string[];
