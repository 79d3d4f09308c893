// The part-B functions called from rule SQL through the real registry: the parser, compiler and function table
// together, the way a rule runs them (jq makes the run asynchronous).
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRuleSql, type RunResult } from '../sql/compile';
import { RuleRuntimeError } from '../sql/errors';
import { parseRuleSql } from '../sql/parse';
import { stopJq } from './jq';
import { NodeKvStore } from './kv-store';
import { builtinFunctions } from './registry';
import type { FuncContext } from './types';

const kv = new NodeKvStore();
const columns = (payload: string) => ({ payload, topic: 't/1', clientid: 'c1', qos: 1 });
const context = (cols: Record<string, unknown>, jqTimeoutMs = 10_000): FuncContext => ({ columns: cols, node: 'mqdeck@127.0.0.1', kv, jqTimeoutMs });
const compile = (sql: string) => compileRuleSql(parseRuleSql(sql), builtinFunctions);

async function output(sql: string, payload: string, jqTimeoutMs?: number): Promise<Record<string, unknown>> {
  const cols = columns(payload);
  const result: RunResult = await compile(sql).run(cols, context(cols, jqTimeoutMs));
  if (result.kind !== 'select') throw new Error(`expected a SELECT result, got ${result.kind}`);
  return result.output;
}

afterAll(() => stopJq());

describe('part-B functions in rule SQL', () => {
  it('hash and encode the payload synchronously', () => {
    const rule = compile('SELECT md5(payload) AS h, base64_encode(payload) AS b, hash(\'sha1\', clientid) AS s FROM "t/#"');
    expect(rule.usesAsync).toBe(false);
    const cols = columns('hello');
    expect(rule.run(cols, context(cols))).toEqual({
      kind: 'select',
      output: { h: '5d41402abc4b2a76b9719d911017c592', b: 'aGVsbG8=', s: '2f22765d04931a078909145ca628d2264c852d7d' },
    });
  });

  it('chain decoders: base64 → gunzip → JSON', async () => {
    const packed = gzipSync('{"temp": 21.5}').toString('base64');
    const out = await output('SELECT json_decode(gunzip(base64_decode(payload.z))) AS d FROM "t/#"', JSON.stringify({ z: packed }));
    expect(out).toEqual({ d: { temp: 21.5 } });
  });

  it('format and read dates', async () => {
    const out = await output(
      "SELECT format_date('second', '+08:00', '%Y-%m-%d %H:%M:%S', 1709260238) AS d, date_to_unix_ts('second', '+08:00', '%Y-%m-%d %H:%M:%S', d) AS t FROM \"t/#\"",
      '{}',
    );
    expect(out).toEqual({ d: '2024-03-01 10:30:38', t: 1709260238 });
  });

  it("share the node's key-value store between runs", async () => {
    expect(await output('SELECT kv_store_put(\'last\', payload.v) AS p FROM "t/#"', '{"v": 7}')).toEqual({ p: true });
    expect(await output("SELECT kv_store_get('last', 0) AS g, kv_store_get('none', 0) AS n FROM \"t/#\"", '{}')).toEqual({ g: 7, n: 0 });
  });

  it('run jq asynchronously, in SELECT and FOREACH', async () => {
    const rule = compile('SELECT jq(\'.temps[] | select(. > 20)\', payload) AS hot FROM "t/#"');
    expect(rule.usesAsync).toBe(true);
    expect(await output('SELECT jq(\'.temps[] | select(. > 20)\', payload) AS hot FROM "t/#"', '{"temps": [18, 21, 25]}')).toEqual({ hot: [21, 25] });
    const each = compile('FOREACH jq(\'.[] | {n: .}\', payload) AS e DO e.n AS n FROM "t/#"');
    const cols = columns('[1, 2]');
    expect(await each.run(cols, context(cols))).toEqual({ kind: 'foreach', outputs: [{ n: 1 }, { n: 2 }] });
  });

  it('fail the run on a function error and on a jq timeout', async () => {
    const rule = compile('SELECT md5(payload.n) AS h FROM "t/#"');
    const cols = columns('{"n": 1}');
    expect(() => rule.run(cols, context(cols))).toThrow(RuleRuntimeError);
    await expect(output('SELECT jq(\'def f: f; f\', payload) AS x FROM "t/#"', '1', 50)).rejects.toThrow(/jq: timeout/);
  });
});
