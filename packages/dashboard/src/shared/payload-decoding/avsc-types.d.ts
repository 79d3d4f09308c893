// avsc's browser entry for types only (no files, streams or services): the same Type class as the package's main
// entry, which pulls node's stream and fs and cannot be bundled for the browser.
declare module 'avsc/etc/browser/avsc-types.js' {
  import type { Type } from 'avsc';
  const avroTypes: { Type: typeof Type };
  export default avroTypes;
}
