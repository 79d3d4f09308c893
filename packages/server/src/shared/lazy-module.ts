// Third-party drivers (database clients, gRPC, OpenTelemetry, schema codecs…) load on first real use, not at start:
// loaded at start, they were 25 MB of the built node's 65 MB idle heap, marked by every full GC (slower connects in
// reconnect storms).
import { createRequire } from 'node:module';

export interface LazyModule<T> {
  /** the module, loaded on the first call; a failed load is retried by the next call */
  (): Promise<T>;
  /** the module when it has loaded already, else undefined (then no value made by it can exist either) */
  readonly loaded: T | undefined;
}

/** `lazyModule(() => import('x'))`: a memoized async getter of module x */
export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const get = () =>
    (loading ??= load().then(
      (m) => (loaded = m),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  return Object.defineProperty(get, 'loaded', { get: () => loaded }) as LazyModule<T>;
}

// The build rewrites import.meta.url to this source file's URL, so packages resolve from packages/server as in dev.
const requireHere = createRequire(import.meta.url);

export interface LazyRequire<T> {
  /** the module, required on the first call */
  (): T;
  /** the module when it has loaded already, else undefined */
  readonly loaded: T | undefined;
  /** the package, as required */
  readonly specifier: string;
}

/**
 * For synchronous code that cannot await (a rule SQL function): a memoized getter that require()s the package on
 * the first call (an ES module package too: Node >= 20.19 requires ESM). The type comes from `typeof import('x')`.
 */
export function lazyRequire<T>(specifier: string): LazyRequire<T> {
  let loaded: T | undefined;
  const get = () => (loaded ??= requireHere(specifier) as T);
  return Object.defineProperties(get, { loaded: { get: () => loaded }, specifier: { value: specifier } }) as LazyRequire<T>;
}
