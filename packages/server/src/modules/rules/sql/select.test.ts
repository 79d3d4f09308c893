// SELECT evaluated on inputs, restating the t_sqlselect_* / t_sqlparse_* cases of EMQX's rule engine suite.
import { describe, expect, test } from 'vitest';
import { RuleRuntimeError } from './errors';
import { failure, run, select } from './sql.testing';

const msg = (payload: unknown, extra: Record<string, unknown> = {}) => ({ topic: 't/a', payload, clientid: 'c1', ...extra });

describe('SELECT and WHERE', () => {
  test('* keeps every column, payload as received; WHERE reads into the JSON payload', async () => {
    const input = msg('{"cmd": {"info":"tt"}}');
    expect(await select('select * from "t/#" where payload.cmd.info = \'tt\'', input)).toEqual(input);
    expect(await run('select * from "t/#" where payload.cmd.info = \'xx\'', input)).toEqual({ kind: 'no_result' });
  });

  test('WHERE sees the selected aliases, including ones built from earlier aliases', async () => {
    const input = msg('{"cmd": {"info":"tt"}}');
    expect(await select('select payload.cmd as cmd from "t/#" where cmd.info = \'tt\'', input)).toEqual({ cmd: { info: 'tt' } });
    expect(await select("select payload.cmd as cmd, cmd.info as info from \"t/#\" where cmd.info = 'tt' and info = 'tt'", input)).toEqual({
      cmd: { info: 'tt' },
      info: 'tt',
    });
    expect(await select('select payload.cmd as cmd, cmd.info as meta.info from "t/#" where meta.info = \'tt\'', input)).toEqual({
      cmd: { info: 'tt' },
      meta: { info: 'tt' },
    });
  });

  test('the typical rule: a JSON payload, a WHERE on it and three fields', async () => {
    const sql = 'SELECT payload.temp AS t, clientid, topic FROM "sensors/#" WHERE payload.temp > 30';
    expect(await select(sql, msg('{"temp": 31.5}'))).toEqual({ t: 31.5, clientid: 'c1', topic: 't/a' });
    expect(await run(sql, msg('{"temp": 30}'))).toEqual({ kind: 'no_result' });
    expect(await run(sql, msg('{"hum": 30}'))).toEqual({ kind: 'no_result' });
  });

  test('a Buffer payload is read the same way and stays a Buffer under *', async () => {
    const payload = Buffer.from('{"x": 1}');
    const out = await select('select *, payload.x as x from "t" where payload.x = 1', msg(payload));
    expect(out.payload).toBe(payload);
    expect(out.x).toBe(1);
  });

  test('an alias hides a column of the same name for later fields and for WHERE', async () => {
    expect(await select("select 'x' as clientid, clientid as c from \"t\" where clientid = 'x'", msg(''))).toEqual({ clientid: 'x', c: 'x' });
    expect(await select("select clientid as c, 'x' as clientid from \"t\" where c = 'c1'", msg(''))).toEqual({ c: 'c1', clientid: 'x' });
    expect(await select("select *, 'x' as clientid from \"t\" where clientid = 'x'", msg(''))).toMatchObject({ clientid: 'x', topic: 't/a' });
  });

  test('an undefined alias: later fields fall back to the column, WHERE sees the undefined value', async () => {
    expect(await select('select nope as clientid, clientid as c from "t"', msg(''))).toEqual({ clientid: undefined, c: 'c1' });
    expect(await run('select nope as clientid from "t" where clientid = \'c1\'', msg(''))).toEqual({ kind: 'no_result' });
  });

  test('a field without AS is stored under its name or path', async () => {
    expect(await select('select clientid, payload.a.b from "t"', msg('{"a": {"b": 2, "c": 3}}'))).toEqual({ clientid: 'c1', payload: { a: { b: 2 } } });
    expect(await select('select \'abc\' from "t"', msg(''))).toEqual({ abc: 'abc' });
  });

  test('computed fields without AS get generated names (_v_…)', async () => {
    const out = await select('select 1 + 1, [1,2,3,4], [1..4] from "t"', msg(''));
    const keys = Object.keys(out);
    expect(keys).toHaveLength(3);
    expect(keys.every((k) => k.startsWith('_v_'))).toBe(true);
    expect(Object.values(out)).toEqual([2, [1, 2, 3, 4], [1, 2, 3, 4]]);
  });

  test('both FROM string types, events and topics together', async () => {
    expect(await select('select clientid, topic as tp from \'t/tt\', "$events/client_connected"', { clientid: 'abc', topic: 't/tt' })).toEqual({
      clientid: 'abc',
      tp: 't/tt',
    });
  });

  test('a column missing from the input selects as undefined, and undefined = undefined', async () => {
    expect(await select('select a, b from "t/#" where a = b', msg(''))).toEqual({ a: undefined, b: undefined });
    expect(await run('select a, b from "t/#" where a > b', msg('{"b":1}'))).toEqual({ kind: 'no_result' });
    expect(await select('select a < b as c from "t/#"', msg('{"b":1}'))).toEqual({ c: false });
    expect(await run('select * from "t" where payload.nope != 1', msg('{"b":1}'))).toEqual({ kind: 'no_result' });
  });

  test('true, false and map_new() as values, at paths and at the tail of a list', async () => {
    expect(await select('select true as a, false as b, false as x.y, true as c[-0] from "t/#"', msg(''))).toEqual({
      a: true,
      b: false,
      x: { y: false },
      c: [true],
    });
    expect(await select('select map_new() as a, map_new() as x.y, map_new() as c[-0] from "t/#"', msg(''))).toEqual({ a: {}, x: { y: {} }, c: [{}] });
  });

  test('function calls, with module prefix and any case', async () => {
    expect(await select('select abs(-2) as a, ABS(-3) as b, emqx_rule_funcs.abs(-4) as c from "t"', msg(''))).toEqual({ a: 2, b: 3, c: 4 });
    expect(await select('select * from "t" where is_map(payload)', msg({ a: 1 }))).toMatchObject({ clientid: 'c1' });
  });

  test('metadata is not selected unless asked for', async () => {
    const input = msg('abc', { metadata: { rule_id: 'r1' } });
    expect(await select('select payload from "t/#"', input)).toEqual({ payload: 'abc' });
    expect(await select('select payload, metadata from "t/#"', input)).toEqual({ payload: 'abc', metadata: { rule_id: 'r1' } });
  });
});

describe('arithmetic in SELECT', () => {
  test('plus, minus and unary signs', async () => {
    expect(await select('select 1-1 as a, -1 + 1 as b, 1 + 1 as c, +1 as d, -(2 * 3) as e from "t/#"', msg(''))).toEqual({ a: 0, b: 0, c: 2, d: 1, e: -6 });
  });

  test('div and mod as operators and as functions', async () => {
    expect(await select('select 2 mod 2 as mod1, mod(3, 2) as mod2, 4 div 2 as div1, div(7, 2) as div2 from "t/#"', msg(''))).toEqual({
      mod1: 0,
      mod2: 1,
      div1: 2,
      div2: 3,
    });
  });

  test('lists hold computed values', async () => {
    const out = await select('select [21 + 21, abs(-abs(-2)), [1 + 1], 4] as l from "t/#"', msg(''));
    expect(out.l).toEqual([42, 2, [2], 4]);
  });
});

describe('AS into paths', () => {
  test('an index path updates one item of the decoded payload, the rest stays', async () => {
    const payload = JSON.stringify({
      f1: 'f1',
      data: [
        { name: 'n1', idx: 1 },
        { name: 'n2', idx: 2 },
      ],
    });
    expect(await select('select payload, \'STEVE\' as payload.data[1].name from "t/#"', msg(payload))).toEqual({
      payload: {
        f1: 'f1',
        data: [
          { name: 'STEVE', idx: 1 },
          { name: 'n2', idx: 2 },
        ],
      },
    });
  });

  test('defaults put into payload.params keep the other params (emqx#3866)', async () => {
    const sql =
      "SELECT payload, map_get('engineWorkTime', payload.params, -1) as payload.params.engineWorkTime, map_get('hydOilTem', payload.params, -1) as payload.params.hydOilTem FROM \"t/#\"";
    const out = await select(sql, msg('{ "msgId": 1002, "params": { "convertTemp": 20, "engineSpeed": 42, "hydOilTem": 30 } }'));
    expect(out).toEqual({ payload: { msgId: 1002, params: { convertTemp: 20, engineSpeed: 42, engineWorkTime: -1, hydOilTem: 30 } } });
  });

  test('the input is never modified by a put', async () => {
    const payload = { x: [1, { y: [1, 2] }, 3] };
    const input = msg(payload);
    expect(await select('select payload.x, 0 as payload.x[2].y from "t/#"', input)).toEqual({ payload: { x: [1, { y: 0 }, 3] } });
    expect(payload).toEqual({ x: [1, { y: [1, 2] }, 3] });
  });

  test('a put into a payload that was not selected starts from nothing', async () => {
    expect(await select('select 0 as payload.x[2].y from "t/#"', msg('{"x": [1,{"y": [1,2]},3]}'))).toEqual({ payload: { x: [{ y: 0 }] } });
  });

  test('last write wins: a put into JSON text keeps only what lies on the path', async () => {
    const payload = JSON.stringify({ f: 42, keep: 'that?', jsonlike: JSON.stringify({ a: 0 }), measurement: 'temp' });
    expect(await select('select payload as p, payload.f as p.answer from "t"', msg(payload))).toEqual({ p: { answer: 42 } });
    expect(await select('select payload as p, payload.measurement as p.jsonlike.f from "t"', msg(payload))).toEqual({ p: { jsonlike: { f: 'temp' } } });
    expect(await select('select payload as p, 42 as p, payload.measurement as p.measurement, 51 as p from "t"', msg(payload))).toEqual({ p: 51 });
    expect(await select('select json_decode(payload) as p, payload.f as p.z from "t"', msg('{"a": 1, "f": "2"}'))).toEqual({ p: { a: 1, f: '2', z: '2' } });
  });

  test('selecting several payload fields builds one payload map', async () => {
    const payload = JSON.stringify({ measurement: 'temp', data_type: 'FLOAT', value: '32.12', device_id: 'devid', other: 1 });
    expect(await select('select payload.measurement, payload.data_type, payload.value, payload.device_id from "t"', msg(payload))).toEqual({
      payload: { measurement: 'temp', data_type: 'FLOAT', value: '32.12', device_id: 'devid' },
    });
  });

  test('a path into a selected field whose text is JSON decodes it', async () => {
    expect(await select('select payload as p, p.a.b as c from "t/#"', msg('{"a": {"b": 0}}'))).toEqual({ p: '{"a": {"b": 0}}', c: 0 });
  });
});

describe('indexes and ranges', () => {
  test('an index into a decoded list; nothing for a map', async () => {
    expect(await select('select json_decode(payload) as p, p[1] as a from "t/#"', msg('[{"x": 1}]'))).toEqual({ p: [{ x: 1 }], a: { x: 1 } });
    expect((await select('select json_decode(payload) as p, p[1] as a from "t/#"', msg('{"x": 1}'))).a).toBeUndefined();
  });

  test('index paths without AS rebuild the path with only that item', async () => {
    expect(await select('select payload.x[2] from "t/#"', msg({ x: [1, 3, 4] }))).toEqual({ payload: { x: [3] } });
    expect(await select('select payload.x[2].y from "t/#"', msg({ x: [1, { y: 3 }, 4] }))).toEqual({ payload: { x: [{ y: 3 }] } });
    expect(await select('select payload.x[2].y as b from "t/#"', msg({ x: [1, { y: 3 }, 4] }))).toEqual({ b: 3 });
    expect(await select('select payload.x[-2].y as b from "t/#"', msg({ x: [1, { y: 3 }, 4] }))).toEqual({ b: 3 });
  });

  test('with a JSON text payload, selected or not', async () => {
    const input = msg('{"x": [1,{"y": [1,2]},3]}');
    expect(await select('select payload, payload.x[2].y from "t/#"', input)).toEqual({ payload: { x: [1, { y: [1, 2] }, 3] } });
    expect(await select('select payload.x[2].y as b from "t/#"', input)).toEqual({ b: [1, 2] });
    expect(await select('select payload.x[2].y as b.c from "t/#"', input)).toEqual({ b: { c: [1, 2] } });
  });

  test('[-0] appends and [0] prepends, building lists', async () => {
    expect(await select('select payload.x as b, 1 as c[-0], 2 as c[-0], b as c[0] from "t/#"', msg({ x: 0 }))).toEqual({ b: 0, c: [0, 1, 2] });
    expect(await select('select [] as c, 1 as c[-0], 2 as c[-0], 0 as c[0] from "t/#"', msg(''))).toEqual({ c: [0, 1, 2] });
    expect(await select('select [payload.a, "topic", \'c\'] as c, 1 as c[-0], 2 as c[-0], 0 as c[0] from "t/#"', msg('{"a":11}'))).toEqual({
      c: [0, 11, 't/a', 'c', 1, 2],
    });
  });

  test('a range of a list, a range built from bounds, and a range without AS', async () => {
    expect(await select('select payload.a[1..4] as c from "t/#"', msg('{"a":[0,1,2,3,4,5]}'))).toEqual({ c: [0, 1, 2, 3] });
    expect(await select('select [1..4] as c, 5 as c[-0], 6 as c[-0], 0 as c[0] from "t/#"', msg(''))).toEqual({ c: [0, 1, 2, 3, 4, 5, 6] });
    expect(await select('select a[2..4] from "t/#"', { a: [1, 2, 3, 4, 5] })).toEqual({ a: [2, 3, 4] });
    expect(await select('select payload.a[1..4] from "t/#"', msg('{"a":[0,1,2,3,4,5]}'))).toEqual({ payload: { a: [0, 1, 2, 3] } });
    expect(await select('select payload.a[-2..-1] as c from "t/#"', msg('{"a":[0,1,2,3,4,5]}'))).toEqual({ c: [4, 5] });
  });

  test('a range of something that is not a list fails the run', async () => {
    const err = await failure('select payload.a[1..4] as c from "t/#"', msg('{"x":[0,1]}'));
    expect(err).toBeInstanceOf(RuleRuntimeError);
    expect(err.message).toBe('{"select_and_transform_error":"range_get"}');
  });
});

describe('CASE', () => {
  const caseWhen = 'select case when payload.x < 0 then 0 when payload.x > 7 then 7 else payload.x end as y from "t/#"';
  test.each([
    [1, 1],
    [0, 0],
    [-1, 0],
    [7, 7],
    [8, 7],
  ])('CASE WHEN … ELSE on x = %d gives %d', async (x, y) => {
    expect(await select(caseWhen, msg(`{"x": ${x}}`))).toEqual({ y });
  });

  const caseOf = 'select case payload.x when 1 then 2 when 2 then 3 else 4 end as y from "t/#"';
  test.each([
    [1, 2],
    [2, 3],
    [4, 4],
    [7, 4],
  ])('CASE x WHEN … on x = %d gives %d', async (x, y) => {
    expect(await select(caseOf, msg(`{"x": ${x}}`))).toEqual({ y });
  });

  test('without ELSE and without a matching WHEN the value is undefined', async () => {
    const sql = 'select case when payload.x < 0 then 0 when payload.x > 7 then 7 end as y from "t/#"';
    expect(await select(sql, msg('{"x": 5}'))).toEqual({ y: undefined });
    expect(await select(sql, msg('{"x": -1}'))).toEqual({ y: 0 });
    expect(await select(sql, msg('{"x": 8}'))).toEqual({ y: 7 });
  });
});
