// restartableNode: the test node of one file (or describe block) that a test can restart on the same data dir,
// to prove that what the API stored is read back and applied by a fresh node.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { startTestNode, type TestNode } from './test-node';

export interface RestartableNode extends TestNode {
  /** closes the node and starts a new one on the same data dir and env; `node` then points at the new one */
  restart(): Promise<void>;
}

/**
 * Registers beforeAll (start) and afterAll (close, remove the data dir) in the calling suite and returns the node.
 * Its fields always read the node running now, so `api(node, …)` after `await node.restart()` talks to the new one.
 */
export function restartableNode(opts: { env?: Record<string, string> } = {}): RestartableNode {
  let current: TestNode | undefined;
  let dataDir: string | undefined;
  const now = (): TestNode => {
    if (!current) throw new Error('restartableNode: the node is not running (used outside the tests of its suite?)');
    return current;
  };
  beforeAll(async () => {
    current = await startTestNode(opts);
    dataDir = current.dataDir;
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
    // a node started on a given data dir leaves it in place on close: remove it here
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get app() {
      return now().app;
    },
    get mqttPort() {
      return now().mqttPort;
    },
    get wsPort() {
      return now().wsPort;
    },
    get token() {
      return now().token;
    },
    get dataDir() {
      return now().dataDir;
    },
    get auth() {
      return now().auth;
    },
    close: () => now().close(),
    async restart() {
      await now().app.close();
      current = undefined;
      current = await startTestNode({ ...opts, dataDir });
    },
  };
}
