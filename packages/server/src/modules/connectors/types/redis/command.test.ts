import { describe, expect, test } from 'vitest';
import { compileCommand, renderCommand } from './command';

describe('redis command templates (EMQX proc_command_template)', () => {
  test('one argument per element; a lone placeholder keeps spaces inside its value', () => {
    const cmd = compileCommand(['HSET', '${clientid}', 'temp', '${payload.temp}', 'note', 'at ${topic}']);
    expect(renderCommand(cmd, { clientid: 'dev 1', topic: 't/1', payload: '{"temp":21.5}' })).toEqual(['HSET', 'dev 1', 'temp', '21.5', 'note', 'at t/1']);
  });

  test('missing values read "undefined"; maps are JSON; binary payloads stay bytes', () => {
    const cmd = compileCommand(['LPUSH', 'k', '${nope}', '${payload}', 'x${nope}']);
    const bytes = Buffer.from([0xff, 0x00]);
    expect(renderCommand(cmd, { payload: { a: 1 } })).toEqual(['LPUSH', 'k', 'undefined', '{"a":1}', 'xundefined']);
    expect(renderCommand(cmd, { payload: bytes })[3]).toBe(bytes);
  });

  test('map_to_redis_hset_args spreads into field/value arguments', () => {
    const cmd = compileCommand(['HMSET', 'h', '${payload}']);
    expect(renderCommand(cmd, { payload: ['map_to_redis_hset_args', 'a', '1', 'b', '2'] })).toEqual(['HMSET', 'h', 'a', '1', 'b', '2']);
  });
});
