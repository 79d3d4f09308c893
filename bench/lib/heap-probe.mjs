// Preloaded into a benchmarked node (`node --expose-gc --import bench/lib/heap-probe.mjs ...`): on SIGUSR2 it runs a
// full GC and writes process.memoryUsage() as JSON to $MQDECK_HEAP_PROBE, so a bench can read the node's V8 heap.
import { writeFileSync } from 'node:fs';

const out = process.env.MQDECK_HEAP_PROBE;
if (out) {
  process.on('SIGUSR2', () => {
    globalThis.gc?.();
    globalThis.gc?.();
    writeFileSync(`${out}.tmp`, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
    writeFileSync(out, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
  });
}
