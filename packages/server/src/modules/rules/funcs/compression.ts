// EMQX's compression functions, each a thin wrapper of Erlang's zlib module and each taking a binary only:
// gzip/gunzip (gzip format), zip/unzip (raw deflate, no header), zip_compress/zip_uncompress (zlib format).
// Results are bytes (a string when they happen to be UTF-8 text, else a Buffer); data that does not decompress fails the call, as zlib's data_error does.
import { deflateRawSync, deflateSync, gunzipSync, gzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { arity, bytesResult, describe, isBinary } from './binary-args';
import { RuleFunctionError, type FunctionGroup, type RuleFunction } from './types';

function wrap(name: string, op: (data: Buffer) => Buffer, inflating: boolean): RuleFunction {
  return (args) => {
    arity(name, args, 1);
    const [data] = args;
    if (!isBinary(data)) throw new RuleFunctionError(`${name}: the argument must be a binary, got ${describe(data)}`, name);
    try {
      return bytesResult(op(typeof data === 'string' ? Buffer.from(data, 'utf8') : data));
    } catch (err) {
      if (!inflating) throw err;
      throw new RuleFunctionError(`${name}: the data is not valid compressed data (${err instanceof Error ? err.message : String(err)})`, name);
    }
  };
}

export const compressionFunctions: FunctionGroup = {
  sync: {
    gzip: wrap('gzip', (b) => gzipSync(b), false),
    gunzip: wrap('gunzip', (b) => gunzipSync(b), true),
    zip: wrap('zip', (b) => deflateRawSync(b), false),
    unzip: wrap('unzip', (b) => inflateRawSync(b), true),
    zip_compress: wrap('zip_compress', (b) => deflateSync(b), false),
    zip_uncompress: wrap('zip_uncompress', (b) => inflateSync(b), true),
  },
};
