// The worker thread behind the rule SQL's jq(): it loads jq (WebAssembly) once and runs one program at a time.
// A program that runs too long blocks only this thread; jq.ts terminates it and starts another.
// Protocol: parent → {id, program, input (JSON text)}; worker → {ready: true} once, then {id, ok: true, results}
// or {id, ok: false, error}.
import { parentPort } from 'node:worker_threads';
import { loadJq } from 'jq-wasm';

export interface JqRequest {
  id: number;
  program: string;
  input: string;
}
export type JqReply = { ready: true } | { id: number; ok: true; results: unknown[] } | { id: number; ok: false; error: string };

const port = parentPort;
if (port) {
  let jq = await loadJq();
  const handle = async (req: JqRequest): Promise<void> => {
    try {
      port.postMessage({ id: req.id, ok: true, results: jq.json(req.input, req.program) } satisfies JqReply);
    } catch (err) {
      const jqError = err instanceof Error && err.name === 'JqError';
      const stderr = err instanceof Error && 'stderr' in err && typeof err.stderr === 'string' ? err.stderr.trim() : '';
      const message = err instanceof Error ? err.message : String(err);
      port.postMessage({ id: req.id, ok: false, error: jqError ? stderr || message : `jq: the program failed (${message})` } satisfies JqReply);
      // A WebAssembly abort (out of memory …) may leave the instance unusable: load a fresh one for the next program.
      if (!jqError) jq = await loadJq();
    }
  };
  let queue = Promise.resolve();
  port.on('message', (req: JqRequest) => {
    queue = queue.then(() => handle(req));
  });
  port.postMessage({ ready: true } satisfies JqReply);
}
