// FOREACH … DO … INCASE evaluated on inputs, restating t_sqlparse_foreach_* of EMQX's rule engine suite.
import { describe, expect, test } from 'vitest';
import { RuleRuntimeError } from './errors';
import { failure, foreach, run } from './sql.testing';

const msg = (payload: unknown, extra: Record<string, unknown> = {}) => ({ topic: 't/a', payload, clientid: 'c_a', timestamp: 1732600000000, ...extra });

describe('FOREACH without DO', () => {
  test('each output holds the columns and the item, under the alias or `item`', async () => {
    expect(await foreach('foreach payload.sensors as s from "t/#"', msg('{"sensors": [1, 2]}'))).toMatchObject([{ s: 1 }, { s: 2 }]);
    const outs = await foreach('foreach payload.sensors from "t/#"', msg('{"sensors": [{"cmd":"1"}, {"cmd":"2","name":"ct"}]}'));
    expect(outs).toMatchObject([
      { item: { cmd: '1' }, clientid: 'c_a' },
      { item: { cmd: '2', name: 'ct' }, clientid: 'c_a' },
    ]);
  });

  test('the collected path is stored in the output as a path (payload becomes the selected part)', async () => {
    const outs = await foreach('foreach payload.sensors from "t/#"', msg('{"sensors": [1, 2], "other": 3}'));
    expect(outs.map((o) => o.payload)).toEqual([{ sensors: [1, 2] }, { sensors: [1, 2] }]);
    expect(outs.map((o) => o.item)).toEqual([1, 2]);
  });

  test('the metadata column reaches each output', async () => {
    const outs = await foreach('foreach payload.sensors from "t/#"', msg('{"sensors": [1, 2]}', { metadata: { rule_id: 'r1' } }));
    expect(outs.map((o) => o.metadata)).toEqual([{ rule_id: 'r1' }, { rule_id: 'r1' }]);
  });
});

describe('FOREACH … DO', () => {
  test('DO selects per item, with and without an alias on the collection', async () => {
    const input = msg('{"sensors": [{"cmd":"1"}, {"cmd":"2"}]}');
    expect(await foreach('foreach payload.sensors as s do s.cmd as msg_type from "t/#"', input)).toEqual([{ msg_type: '1' }, { msg_type: '2' }]);
    expect(await foreach('foreach payload.sensors do item.cmd as msg_type from "t/#"', input)).toEqual([{ msg_type: '1' }, { msg_type: '2' }]);
    expect(await foreach('foreach payload.sensors do item as item from "t/#"', msg('{"sensors": [1, 2]}'))).toEqual([{ item: 1 }, { item: 2 }]);
  });

  test('DO can read the columns, and * in DO gives the columns with the item', async () => {
    const outs = await foreach('foreach json_decode(payload) do item.id as zid, timestamp as t from "t/#"', msg('[{"id": 5},{"id": 15}]'));
    expect(outs).toEqual([
      { zid: 5, t: 1732600000000 },
      { zid: 15, t: 1732600000000 },
    ]);
    const star = await foreach('foreach payload.l as x do *, x as y from "t"', msg('{"l": [7]}'));
    expect(star).toEqual([{ ...msg('{"l": [7]}'), x: 7, y: 7 }]);
  });

  test('a collection that is empty or not a list gives no outputs', async () => {
    const sql = 'foreach payload.sensors as s do s.cmd as msg_type, s.name as name from "t/#"';
    expect(await foreach(sql, msg('{"sensors": 1}'))).toEqual([]);
    expect(await foreach(sql, msg('{"sensors": []}'))).toEqual([]);
    expect(await foreach('foreach payload.sensors from "t/#"', msg('{"sensors": 1}'))).toEqual([]);
    expect(await foreach('foreach payload.sensors from \'t/#\', "$events/client_connected"', msg('{"sensors": 1}'))).toEqual([]);
  });

  test('a payload that was not decoded is no list', async () => {
    const payload = JSON.stringify([{ ts: 1451649600512, values: { respiratoryrate: 20, heartrate: 130, systolic: 50 } }]);
    expect(await foreach('foreach json_decode(payload) as p do p.ts as ts from "t/#"', msg(payload))).toEqual([{ ts: 1451649600512 }]);
    expect(await foreach('foreach payload as p do p.ts as ts from "t/#"', msg(payload))).toEqual([]);
  });
});

describe('FOREACH … INCASE', () => {
  const three = msg('{"sensors": [{"cmd":1}, {"cmd":2}, {"cmd":3}]}');

  test('INCASE filters the items, with and without an alias', async () => {
    expect(await foreach('foreach payload.sensors as s incase s.cmd != 1 from "t/#"', three)).toMatchObject([{ s: { cmd: 2 } }, { s: { cmd: 3 } }]);
    expect(await foreach('foreach payload.sensors incase item.cmd != 1 from "t/#"', three)).toMatchObject([{ item: { cmd: 2 } }, { item: { cmd: 3 } }]);
  });

  test('DO and INCASE together; a function as the INCASE condition', async () => {
    const sql = 'foreach payload.sensors as s do s.cmd as msg_type, s.name as name incase is_not_null(s.cmd) from "t/#"';
    expect(await foreach(sql, msg('{"sensors": [{"cmd":"1"}, {"cmd":"2"}]}'))).toEqual([
      { msg_type: '1', name: undefined },
      { msg_type: '2', name: undefined },
    ]);
    expect(await foreach(sql, msg('{"sensors": [{"cmd":"1", "name":"n1"}, {"cmd":"2"}, {"name":"n3"}]}'))).toEqual([
      { msg_type: '1', name: 'n1' },
      { msg_type: '2', name: undefined },
    ]);
    expect(await foreach(sql, msg('{"sensors": [1, 2]}'))).toEqual([]);
  });

  test('INCASE that is neither true nor false fails the run', async () => {
    const err = await failure('foreach payload.l incase item from "t"', msg('{"l": [1]}'));
    expect(err).toBeInstanceOf(RuleRuntimeError);
    expect((err as RuleRuntimeError).kind).toBe('match_incase_error');
  });
});

describe('cascaded aliases and WHERE', () => {
  const payload = '{"sensors": {"page": 2, "collection": {"info":[{"name":"cmd1", "cmd":"1"}, {"cmd":"2"}]} } }';
  const sql = (page: string) =>
    'foreach json_decode(payload) as p, p.sensors as s, s.collection as c, c.info as info ' +
    'do info.cmd as msg_type, info.name as name incase is_not_null(info.cmd) ' +
    `from "t/#" where s.page = '${page}'`;

  test('each alias is seen by the next field; WHERE compares a number with a numeric string', async () => {
    expect(await foreach(sql('2'), msg(payload))).toEqual([
      { msg_type: '1', name: 'cmd1' },
      { msg_type: '2', name: undefined },
    ]);
  });

  test('WHERE false gives no result at all', async () => {
    expect(await run(sql('3'), msg(payload))).toEqual({ kind: 'no_result' });
  });

  test('DO can select the earlier aliases', async () => {
    const p = '{"sensors": {"page": 2, "collection": {"info":["haha", {"name":"cmd1", "cmd":"1"}]} } }';
    const coll = { info: ['haha', { name: 'cmd1', cmd: '1' }] };
    const outs = await foreach(
      'foreach json_decode(payload) as p, p.sensors as s, s.collection as c, c.info as info do info.cmd as msg_type, info.name as name, s, c incase is_map(info) from "t/#" where s.page = \'2\'',
      msg(p),
    );
    expect(outs).toEqual([{ msg_type: '1', name: 'cmd1', s: { page: 2, collection: coll }, c: coll }]);
    const sub = await foreach(
      'foreach json_decode(payload) as p, p.sensors as s, s.collection as c, sublist(2, 1, c.info) as info do info.cmd as msg_type, info.name as name from "t/#" where s.page = \'2\'',
      msg(p),
    );
    expect(sub).toEqual([{ msg_type: '1', name: 'cmd1' }]);
  });
});

describe('errors in FOREACH', () => {
  test('a payload that is not JSON fails the FOREACH clause', async () => {
    const err = await failure('foreach payload.sensors do item.cmd as msg_type from "t/#"', msg('{"sensors": [{"cmd":"1"} {"cmd":}]}'));
    expect(err.message).toBe('{"select_and_collect_error":"decode_json_failed"}');
  });

  test('a failing DO field names the DO clause', async () => {
    const err = await failure('foreach payload.l do item + 1 as x from "t"', msg('{"l": [true]}'));
    expect((err as RuleRuntimeError).kind).toBe('doeach_error');
    expect((err as RuleRuntimeError).clause).toBe('DO');
  });
});
