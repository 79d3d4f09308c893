// `node --import` hook for lazy-drivers.test.ts: appends every package the node loads (the bare specifier of each
// import and require) to the file named by MQDECK_RECORD_PACKAGES, one per line.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

const out = process.env.MQDECK_RECORD_PACKAGES;
if (out) {
  // imports: a resolve hook (it runs on the loader's own thread)
  register(
    'data:text/javascript,' +
      encodeURIComponent(`import { appendFileSync } from 'node:fs';
let out;
export function initialize(data) { out = data.out; }
export async function resolve(specifier, context, next) {
  if (!/^[./]|^(node|file|data):/.test(specifier)) appendFileSync(out, specifier + '\\n');
  return next(specifier, context);
}`),
    { data: { out } },
  );
  // require() (createRequire in the node's sources, and the packages' own): Node 20 does not pass it through the hooks
  const load = Module._load;
  Module._load = function (request, ...rest) {
    if (!/^[./]|^node:/.test(request)) appendFileSync(out, `${request}\n`);
    return load.call(this, request, ...rest);
  };
}
