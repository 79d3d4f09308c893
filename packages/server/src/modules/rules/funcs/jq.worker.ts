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
  const jq = await loadJq();
  port.on('message', (req: JqRequest) => {
    let reply: JqReply;
    try {
      reply = { id: req.id, ok: true, results: jq.json(req.input, req.program) };
    } catch (err) {
      const stderr = err instanceof Error && 'stderr' in err && typeof err.stderr === 'string' ? err.stderr : '';
      reply = { id: req.id, ok: false, error: (stderr || (err instanceof Error ? err.message : String(err))).trim() };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies JqReply);
}
