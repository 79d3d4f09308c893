import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { jqFunctions, stopJq } from './jq';
import { NodeKvStore } from './kv-store';
import { RuleFunctionError, type FuncContext } from './types';

const ctx = (jqTimeoutMs = 10_000): FuncContext => ({ columns: {}, node: 'emqx@127.0.0.1', kv: new NodeKvStore(), jqTimeoutMs });
const jq = (args: unknown[], c = ctx()) => jqFunctions.async!.jq(args, c);
/** a program that never ends on a negative input (the SUITE's timeout program) */
const LOOP = 'def while(cond; update): def _while: if cond then (update | _while) else . end; _while; while(. < 42; . * 2)';

afterAll(() => stopJq());

describe('jq (SUITE t_jq)', () => {
  it('runs on a decoded value or on a JSON text and gives the list of outputs', async () => {
    expect(await jq(['.', { b: 2 }])).toEqual([{ b: 2 }]);
    expect(await jq(['.+1', 5])).toEqual([6]);
    expect(await jq(['.', '{"b": 2}'])).toEqual([{ b: 2 }]);
    expect(await jq(['.', '{"b": 2}', 10_000])).toEqual([{ b: 2 }]);
    expect(await jq(['.[] | select(. > 1)', [1, 2, 3]])).toEqual([2, 3]);
    expect(await jq(['empty', Buffer.from('null')])).toEqual([]);
    expect(await jq(['.a', { a: undefined }])).toEqual(['undefined']);
  });

  it('times out with jq/3 and with the default of jq/2, and keeps the calls queued behind', async () => {
    const [three, two, next] = await Promise.allSettled([jq([LOOP, '-2', 10]), jq([LOOP, '-2'], ctx(50)), jq(['. * 3', 3])]);
    expect(three.status === 'rejected' && String(three.reason)).toMatch(/jq: timeout, the program ran longer than 10 ms/);
    expect(two.status === 'rejected' && String(two.reason)).toMatch(/ran longer than 50 ms/);
    expect(next).toEqual({ status: 'fulfilled', value: [9] });
  });

  it('fails with jq errors and on bad arguments', async () => {
    await expect(jq(['.a[', '{}'])).rejects.toThrow(/jq: error: syntax error/);
    await expect(jq(['.[]', '1'])).rejects.toThrow(/Cannot iterate over number/);
    await expect(jq(['.', '{not json'])).rejects.toThrow(RuleFunctionError);
    await expect(jq([1, '{}'])).rejects.toThrow(/program must be a string/);
    await expect(jq(['.', '{}', -1])).rejects.toThrow(/timeout must be/);
    await expect(jq(['.'])).rejects.toThrow('The SQL function jq/1 is not supported.');
  });

  it('runs programs off the event loop', async () => {
    await jq(['.', 1]); // the worker is up
    let settled = false;
    const looping = jq([LOOP, '-2', 600_000]).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0)); // the event loop turns while the program loops
    expect(settled).toBe(false);
    const outcome = expect(looping).rejects.toThrow('jq: the rule engine stopped');
    await stopJq();
    await outcome;
  });

  it('starts its worker from TypeScript sources under node --import tsx (the compiled node is tested in test/process)', async () => {
    const jqModule = new URL('./jq.ts', import.meta.url).href;
    const script = `const { jqFunctions, stopJq } = await import(${JSON.stringify(jqModule)});
      const out = await jqFunctions.async.jq(['.a * 2', '{"a": 21}'], { columns: {}, node: 'n', kv: null, jqTimeoutMs: 10000 });
      await stopJq();
      process.stdout.write(JSON.stringify(out));`;
    const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot });
    expect(stdout).toBe('[42]');
  });
});
