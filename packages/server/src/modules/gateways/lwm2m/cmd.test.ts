/**
 * MQTT commands to CoAP requests and device answers to the response JSON, as EMQX 5.8's emqx_lwm2m_cmd does them
 * (shapes from emqx_lwm2m_SUITE: case10 read, read errors, write, discover, execute, observe).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { answerToMqtt, commandError, commandToRequest, FORMAT, pathList } from './cmd';
import { loadObjectDefs, type ObjectDefs } from './objects';
import { parseTlv } from './tlv';

let defs: ObjectDefs;
beforeAll(async () => {
  defs = await loadObjectDefs();
});
const ref = (msgType: string, data: Record<string, unknown>) => ({ requestID: 7, cacheID: 7, msgType, data });

describe('commands to CoAP requests', () => {
  it('read, observe, cancel-observe, discover, delete', () => {
    expect(commandToRequest('/', ref('read', { path: '/3/0/0' }))).toEqual({ code: '0.01', path: ['3', '0', '0'], query: [], payload: Buffer.alloc(0) });
    expect(commandToRequest('/lwm2m', ref('observe', { path: '/6/0/0?foo=bar&baz=1' }))).toMatchObject({
      code: '0.01',
      path: ['lwm2m', '6', '0', '0'],
      query: ['foo=bar', 'baz=1'],
      observe: 0,
    });
    expect(commandToRequest('/', ref('cancel-observe', { path: '/3/0/10' }))).toMatchObject({ code: '0.01', observe: 1 });
    expect(commandToRequest('/', ref('discover', { path: '/3' }))).toMatchObject({ code: '0.01', path: ['3'], accept: FORMAT.link });
    expect(commandToRequest('/', ref('delete', { path: '/3/1' }))).toMatchObject({ code: '0.04', path: ['3', '1'] });
  });

  it('execute with and without args; write-attr as queries', () => {
    expect(commandToRequest('/', ref('execute', { path: '/3/0/4', args: 'undefined' }))).toMatchObject({ code: '0.02', payload: Buffer.alloc(0), contentFormat: FORMAT.text });
    expect(commandToRequest('/', ref('execute', { path: '/5/0/2', args: 'now' })).payload.toString()).toBe('now');
    expect(commandToRequest('/', ref('write-attr', { path: '/3/0/9', pmin: '1', pmax: '5', lt: '5', gt: null, x: '1' }))).toMatchObject({
      code: '0.03',
      path: ['3', '0', '9'],
      query: ['lt=5', 'pmax=5', 'pmin=1'],
    });
  });

  it('single and batch writes as TLV; hex encoding; create', () => {
    const single = commandToRequest('/', ref('write', { path: '/3/0/13', type: 'Integer', value: '12345' }));
    expect(single).toMatchObject({ code: '0.03', path: ['3', '0', '13'], contentFormat: FORMAT.tlv });
    expect(parseTlv(single.payload)).toEqual([{ kind: 'resource_with_value', id: 13, value: Buffer.from([0x30, 0x39]) }]);
    const hex = commandToRequest('/', { ...ref('write', { path: '/3/0/1', type: 'String', value: '48656C6C6F' }), encoding: 'hex' });
    expect(parseTlv(hex.payload)[0]).toMatchObject({ value: Buffer.from('Hello') });
    expect(() => commandToRequest('/', { ...ref('write', { path: '/3/0/1', type: 'String', value: 'ZZ' }), encoding: 'hex' })).toThrow('invalid_hex_string');
    const batch = commandToRequest(
      '/',
      ref('write', {
        basePath: '/3/0',
        content: [
          { path: '/13', type: 'Integer', value: '1' },
          { path: '/14', type: 'String', value: '+8' },
        ],
      }),
    );
    expect(batch.code).toBe('0.02');
    expect(parseTlv(batch.payload).map((t) => t.id)).toEqual([13, 14]);
    expect(
      commandToRequest(
        '/',
        ref('write', {
          basePath: '/3/0/7',
          content: [
            { path: '/0', type: 'Integer', value: '1' },
            { path: '/1', type: 'Integer', value: '2' },
          ],
        }),
      ).code,
    ).toBe('0.03');
    expect(commandToRequest('/', ref('create', { basePath: '/3', content: [{ path: '/1/0', type: 'String', value: 'x' }] }))).toMatchObject({
      code: '0.02',
      path: ['3'],
      contentFormat: FORMAT.tlv,
    });
    expect(() => commandToRequest('/', ref('reboot', { path: '/3/0/4' }))).toThrow('unsupported_msg_type reboot');
    expect(() => commandToRequest('/', ref('read', {}))).toThrow('The command needs data.path.');
    expect(() => pathList('/3/a')).toThrow('/3/a is not an LwM2M path such as /3/0/1.');
  });
});

describe('device answers to the response JSON', () => {
  it('a TLV read (EMQX case10) and a failed read', () => {
    const tlv = Buffer.concat([Buffer.from([0xc8, 0x00, 0x14]), Buffer.from('Open Mobile Alliance')]);
    expect(answerToMqtt(ref('read', { path: '/3/0' }), { code: '2.05', payload: tlv, contentFormat: FORMAT.tlv }, defs)).toEqual({
      requestID: 7,
      cacheID: 7,
      msgType: 'read',
      data: { code: '2.05', codeMsg: 'content', reqPath: '/3/0', content: [{ path: '/3/0/0', value: 'Open Mobile Alliance' }] },
    });
    expect(answerToMqtt(ref('read', { path: '/3/0/0' }), { code: '4.04', payload: Buffer.alloc(0) }, defs)).toEqual({
      requestID: 7,
      cacheID: 7,
      msgType: 'read',
      data: { reqPath: '/3/0/0', code: '4.04', codeMsg: 'not_found' },
    });
    // an undecodable answer is a 4.00 bad_request for the operator
    expect(answerToMqtt(ref('read', { path: '/3' }), { code: '2.05', payload: Buffer.from([0xc8]), contentFormat: FORMAT.tlv }, defs).data).toEqual({
      reqPath: '/3',
      code: '4.00',
      codeMsg: 'bad_request',
    });
  });

  it('text reads, write and execute results, discover links, observe notifications with seqNum', () => {
    expect(answerToMqtt(ref('read', { path: '/3/0/9?x=1' }), { code: '2.05', payload: Buffer.from('85') }, defs).data).toEqual({
      reqPath: '/3/0/9',
      code: '2.05',
      codeMsg: 'content',
      content: [{ path: '/3/0/9', value: 85 }],
    });
    expect(answerToMqtt(ref('write', { path: '/3/0/13' }), { code: '2.04', payload: Buffer.alloc(0) }, defs).data).toEqual({
      reqPath: '/3/0/13',
      code: '2.04',
      codeMsg: 'changed',
    });
    expect(answerToMqtt(ref('execute', { path: '/3/0/4' }), { code: '4.05', payload: Buffer.alloc(0) }, defs).data).toMatchObject({ code: '4.05', codeMsg: 'method_not_allowed' });
    expect(answerToMqtt(ref('discover', { path: '/3' }), { code: '2.05', payload: Buffer.from('</3>;pmin=10,</3/0/1>'), contentFormat: FORMAT.link }, defs).data).toEqual({
      reqPath: '/3',
      code: '2.05',
      codeMsg: 'content',
      content: ['</3>;pmin=10', '</3/0/1>'],
    });
    const first = answerToMqtt(ref('observe', { path: '/3/0/10' }), { code: '2.05', payload: Buffer.from('2048'), observe: 0 }, defs);
    expect(first).not.toHaveProperty('seqNum');
    const next = answerToMqtt(ref('observe', { path: '/3/0/10' }), { code: '2.05', payload: Buffer.from('1024'), observe: 3 }, defs);
    expect(next).toMatchObject({ seqNum: 3, data: { content: [{ path: '/3/0/10', value: 1024 }] } });
    expect(commandError(ref('read', { path: '/3/0/0' }))).toMatchObject({ data: { reqPath: '/3/0/0', code: '4.00', codeMsg: 'bad_request' } });
  });
});
