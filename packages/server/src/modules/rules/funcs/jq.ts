// jq(Program, JSON) and jq(Program, JSON, TimeoutMs): run a jq program on a JSON text (a binary) or on any rule
// value (written as JSON first), giving the list of jq's outputs. As in EMQX, a jq error or a timeout fails the
// call; jq/2 uses the rule engine's jq_function_default_timeout (FuncContext.jqTimeoutMs, 10 s by default).
// The programs run in one worker thread (jq.worker.ts) so a slow program never holds the event loop; on a
// timeout the worker is terminated (a WebAssembly loop cannot be interrupted) and the next call starts another.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isBinary, toText } from './binary-args';
import { jsonEncode } from './codec-json';
import type { JqReply, JqRequest } from './jq.worker';
import { RuleFunctionError, type FunctionGroup } from './types';
import { show } from './values';

const WORKER_URL = new URL('./jq.worker.ts', import.meta.url);
/** setTimeout's largest delay (about 24.8 days); a longer jq timeout waits this long. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** tsx's ESM register API, as a file URL (its `import` export; require.resolve finds the CommonJS twin beside it). */
function tsxRegisterUrl(): string {
  try {
    if (typeof import.meta.resolve === 'function') return import.meta.resolve('tsx/esm/api');
  } catch {
    // not resolvable from here: fall back to require's resolution below
  }
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
}

/**
 * The worker's entry. The compiled node (npm start, bin/mqdeck.mjs) runs dist/jq.worker.js, which its bundle names on
 * globalThis. TypeScript sources (vitest, `node --import tsx`) need tsx in the worker too, and a worker thread gets
 * neither the parent's hooks nor an `--import tsx` in its execArgv (Node 20), so a small ES module registers tsx's
 * hooks in the worker and then imports jq.worker.ts.
 */
function workerEntry(): URL {
  // the compiled node's bundle names its dist/jq.worker.js here (scripts/build-node.mjs)
  const compiled = (globalThis as Record<symbol, unknown>)[Symbol.for('mqdeck.jqWorker')];
  if (compiled instanceof URL) return compiled;
  const code = `import { register } from ${JSON.stringify(tsxRegisterUrl())};\nregister();\nawait import(${JSON.stringify(WORKER_URL.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

interface Pending {
  request: JqRequest;
  timeoutMs: number;
  timer?: NodeJS.Timeout;
  resolve(results: unknown[]): void;
  reject(err: Error): void;
}

class JqRunner {
  private worker?: Worker;
  private ready = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  run(program: string, input: string, timeoutMs: number): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      const p: Pending = { request: { id: this.nextId++, program, input }, timeoutMs, resolve, reject };
      this.pending.set(p.request.id, p);
      if (this.ready) this.dispatch(p);
      else this.start();
    });
  }

  /** Starts the worker ahead of the first call. */
  warm(): void {
    this.start();
  }

  running(): boolean {
    return this.worker !== undefined;
  }

  /** Terminates the worker; calls still waiting fail. */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.discard(new RuleFunctionError('jq: the rule engine stopped', 'jq'));
    if (worker) await worker.terminate();
  }

  private start(): void {
    if (this.worker) return;
    const worker = new Worker(workerEntry(), { execArgv: [] });
    worker.unref();
    this.worker = worker;
    worker.on('message', (reply: JqReply) => this.onReply(worker, reply));
    worker.on('error', (err) => {
      if (this.worker === worker) this.discard(new RuleFunctionError(`jq: the jq worker failed (${err.message})`, 'jq'));
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.discard(new RuleFunctionError(`jq: the jq worker exited (code ${code})`, 'jq'));
    });
  }

  private dispatch(p: Pending): void {
    p.timer = setTimeout(() => this.onTimeout(p), Math.min(p.timeoutMs, MAX_TIMER_MS));
    this.worker!.postMessage(p.request);
  }

  private onReply(worker: Worker, reply: JqReply): void {
    if (worker !== this.worker) return;
    if ('ready' in reply) {
      this.ready = true;
      for (const p of this.pending.values()) this.dispatch(p);
      return;
    }
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    clearTimeout(p.timer);
    if (reply.ok) p.resolve(reply.results);
    else p.reject(new RuleFunctionError(reply.error.startsWith('jq: ') ? reply.error : `jq: ${reply.error}`, 'jq'));
  }

  private onTimeout(p: Pending): void {
    if (!this.pending.delete(p.request.id)) return;
    p.reject(new RuleFunctionError(`jq: timeout, the program ran longer than ${p.timeoutMs} ms`, 'jq'));
    // The worker is stuck in this program: replace it and send it the calls that were waiting behind.
    const old = this.worker;
    this.worker = undefined;
    this.ready = false;
    void old?.terminate();
    for (const other of this.pending.values()) clearTimeout(other.timer);
    if (this.pending.size > 0) this.start();
  }

  private discard(err: Error): void {
    this.worker = undefined;
    this.ready = false;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
  }
}

const runner = new JqRunner();

/** Starts the jq worker before the first call needs it (e.g. when a rule that uses jq is loaded): a worker takes
 *  about half a second to start, which the first call would otherwise wait for (its timeout runs only once the
 *  worker is up). */
export function startJq(): void {
  runner.warm();
}

/** whether a jq worker is running or starting */
export function jqRunning(): boolean {
  return runner.running();
}

/** Stops the jq worker (node shutdown, tests). A later jq call starts a new one. */
export function stopJq(): Promise<void> {
  return runner.stop();
}

/** Runs a jq program on a JSON text, as EMQX's jq/3 does. */
export function runJq(program: string, jsonText: string, timeoutMs: number): Promise<unknown[]> {
  return runner.run(program, jsonText, timeoutMs);
}

/** jq's argument errors read as every other function's (values.ts defineGroup). */
function badArgument(args: unknown[], why: string): RuleFunctionError {
  return new RuleFunctionError(`Bad argument to jq(${args.map(show).join(', ')}): ${why}.`, 'jq');
}

export const jqFunctions: FunctionGroup = {
  sync: {},
  async: {
    jq: async (args, ctx) => {
      if (args.length !== 2 && args.length !== 3) throw new RuleFunctionError(`The SQL function jq/${args.length} is not supported.`, 'jq');
      const [program, data, timeout] = args;
      if (!isBinary(program)) throw badArgument(args, 'the program must be a string');
      let timeoutMs = ctx.jqTimeoutMs;
      if (args.length === 3) {
        if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < 0) throw badArgument(args, 'the timeout must be a whole number of milliseconds');
        timeoutMs = timeout;
      }
      let input: string;
      try {
        input = isBinary(data) ? toText(data) : jsonEncode(data);
      } catch (err) {
        throw badArgument(args, err instanceof Error ? err.message : String(err));
      }
      return await runJq(toText(program), input, timeoutMs);
    },
  },
};
