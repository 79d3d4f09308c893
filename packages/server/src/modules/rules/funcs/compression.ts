// EMQX's compression functions, each a thin wrapper of Erlang's zlib module and each taking a binary only:
// gzip/gunzip (gzip format), zip/unzip (raw deflate, no header), zip_compress/zip_uncompress (zlib format).
// Results are bytes (a string when they happen to be UTF-8 text, else a Buffer); data that does not decompress fails the call, as zlib's data_error does.
import { deflateRawSync, deflateSync, gunzipSync, gzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { bytesResult, isBinary, toBytes } from './binary-args';
import type { FunctionGroup } from './types';
import { defineGroup, fail, type Def } from './values';

function wrap(op: (data: Buffer) => Buffer, inflating: boolean): Def {
  return [
    1,
    ([data]) => {
      if (!isBinary(data)) return fail('the argument must be a binary');
      try {
        return bytesResult(op(toBytes(data)));
      } catch (err) {
        if (!inflating) throw err;
        return fail(`the data is not valid compressed data (${err instanceof Error ? err.message : String(err)})`);
      }
    },
  ];
}

export const compressionFunctions: FunctionGroup = defineGroup({
  gzip: wrap((b) => gzipSync(b), false),
  gunzip: wrap((b) => gunzipSync(b), true),
  zip: wrap((b) => deflateRawSync(b), false),
  unzip: wrap((b) => inflateRawSync(b), true),
  zip_compress: wrap((b) => deflateSync(b), false),
  zip_uncompress: wrap((b) => inflateSync(b), true),
});
