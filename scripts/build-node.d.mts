// Types of scripts/build-node.mjs, for the TypeScript tests that build the node before starting it.
export declare const OUT_DIR: string;
export declare const MAIN: string;
export declare function staleReason(): string;
export declare function buildNode(): Promise<number>;
export declare function ensureBuilt(): Promise<string>;
