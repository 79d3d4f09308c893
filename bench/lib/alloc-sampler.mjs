// Preloaded into our node by bench/alloc-profile.ts (--import): V8's sampling heap profiler, started at the first
// SIGUSR2 and stopped at the second, which writes the profile to $MQDECK_ALLOC_PROFILE. Collected objects are kept
// in the profile (includeObjectsCollectedBy*), so it counts everything allocated in the window, not what survived.
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';

const session = new Session();
session.connect();
const post = (method, params = {}) => new Promise((res, rej) => session.post(method, params, (err, r) => (err ? rej(err) : res(r))));
let sampling = false;
process.on('SIGUSR2', async () => {
  if (!sampling) {
    sampling = true;
    await post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    return;
  }
  const { profile } = await post('HeapProfiler.stopSampling');
  writeFileSync(process.env.MQDECK_ALLOC_PROFILE, JSON.stringify(profile));
});
