/**
 * LwM2M payloads to and from the gateway's JSON, with the byte strings and results of EMQX 5.8's emqx_lwm2m_SUITE
 * (case10 read of /3/0 in TLV, case11 Time + Objlnk instances) and its message module's rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonToTlv, opaqueToJson, textToJson, tlvToJson, translateJson } from './content';
import { loadObjectDefs, type ObjectDefs } from './objects';
import { encodeTlv, parseTlv } from './tlv';

let defs: ObjectDefs;
beforeAll(async () => {
  defs = await loadObjectDefs();
});

const bytes = (...b: number[]) => Buffer.from(b);

describe('LwM2M content to JSON', () => {
  it('a TLV read of /3/0 gives path/value per resource (EMQX case10)', () => {
    const tlv = Buffer.concat([
      bytes(0xc8, 0x00, 0x14),
      Buffer.from('Open Mobile Alliance'),
      bytes(0xc8, 0x01, 0x16),
      Buffer.from('Lightweight M2M Client'),
      bytes(0xc8, 0x02, 0x09),
      Buffer.from('345000123'),
    ]);
    expect(tlvToJson('/3/0', tlv, defs)).toEqual([
      { path: '/3/0/0', value: 'Open Mobile Alliance' },
      { path: '/3/0/1', value: 'Lightweight M2M Client' },
      { path: '/3/0/2', value: '345000123' },
    ]);
  });

  it('Time and a multiple Objlnk resource (EMQX case11)', () => {
    const resTime = bytes(0xc4, 13, 0, 0, 0, 10);
    const inst = Buffer.concat([bytes(0x44, 0, 0, 1, 0, 2), bytes(0x44, 1, 0, 1, 0, 3)]);
    const resObjlnk = Buffer.concat([bytes(0x88, 22, inst.length), inst]);
    expect(tlvToJson('/3/0', Buffer.concat([resTime, resObjlnk]), defs)).toEqual([
      { path: '/3/0/13', value: 10 },
      { path: '/3/0/22/0', value: '1:2' },
      { path: '/3/0/22/1', value: '1:3' },
    ]);
  });

  it('a single resource, an object instance wrapper and a whole object', () => {
    expect(tlvToJson('/3/0/9', bytes(0xc1, 9, 85), defs)).toEqual([{ path: '/3/0/9', value: 85 }]);
    expect(tlvToJson('/3/0', bytes(0xc1, 9, 0xff), defs)).toEqual([{ path: '/3/0/9', value: -1 }]);
    const oi = encodeTlv([{ kind: 'object_instance', id: 0, value: [{ kind: 'resource_with_value', id: 1, value: bytes(0, 0, 0, 60) }] }]);
    expect(tlvToJson('/1', oi, defs)).toEqual([{ path: '/1/0/1', value: 60 }]);
    const two = encodeTlv([
      { kind: 'object_instance', id: 0, value: [{ kind: 'resource_with_value', id: 2, value: bytes(1) }] },
      { kind: 'object_instance', id: 1, value: [{ kind: 'resource_with_value', id: 1, value: bytes(0) }] },
    ]);
    // EMQX names whole-object paths without the leading slash
    expect(tlvToJson('/0', two, defs)).toEqual([
      { path: '0/0/2', value: 1 },
      { path: '0/1/1', value: false },
    ]);
    expect(() => tlvToJson('/3333/0', bytes(0xc1, 0, 1), defs)).toThrow('Object 3333 has no definition (unknown_object_id).');
  });

  it('text, opaque and LwM2M JSON payloads', () => {
    expect(textToJson('/3/0/9', '85', defs)).toEqual([{ path: '/3/0/9', value: 85 }]);
    expect(textToJson('/3/0/0', 'Acme', defs)).toEqual([{ path: '/3/0/0', value: 'Acme' }]);
    expect(textToJson('/1/0/6', 'true', defs)).toEqual([{ path: '/1/0/6', value: true }]);
    expect(() => textToJson('/3/0/9', 'x', defs)).toThrow('x is not a number.');
    expect(opaqueToJson('/5/0/0', Buffer.from('Hello'))).toEqual([{ path: '/5/0/0', value: 'SGVsbG8=' }]);
    const json = Buffer.from(
      JSON.stringify({
        bn: '/3/0/',
        e: [
          { n: '0', sv: 'Acme' },
          { n: '/9', v: 85 },
          { n: '6/0', v: 1 },
          { n: '22', ov: '1:2' },
        ],
      }),
    );
    expect(translateJson(json)).toEqual([
      { path: '/3/0/0', value: 'Acme' },
      { path: '/3/0/9', value: 85 },
      { path: '/3/0/6/0', value: 1 },
      { path: '/3/0/22', value: '1:2' },
    ]);
  });
});

describe('write commands to TLV', () => {
  it('a single resource, typed', () => {
    expect(parseTlv(encodeTlv(jsonToTlv('/3/0/13', [{ type: 'Time', value: '12345' }])))).toEqual([{ kind: 'resource_with_value', id: 13, value: bytes(0x30, 0x39) }]);
    expect(jsonToTlv('/1/0/6', [{ type: 'Boolean', value: 'true' }])).toEqual([{ kind: 'resource_with_value', id: 6, value: bytes(1) }]);
    expect(jsonToTlv('/3/0/14', [{ type: 'String', value: '+02' }])).toEqual([{ kind: 'resource_with_value', id: 14, value: Buffer.from('+02') }]);
    expect(jsonToTlv('/5/0/0', [{ type: 'Opaque', value: 'SGVsbG8=' }])[0]).toMatchObject({ value: Buffer.from('Hello') });
    expect(jsonToTlv('/3/0/22', [{ type: 'Objlnk', value: '1:3' }])[0]).toMatchObject({ value: bytes(0, 1, 0, 3) });
    expect(jsonToTlv('/3/0/9', [{ type: 'Integer', value: -2 }])[0]).toMatchObject({ value: bytes(0xfe) });
    expect(jsonToTlv('/6/0/0', [{ type: 'Float', value: '1.5' }])[0]).toMatchObject({ value: bytes(0x3f, 0xf8, 0, 0, 0, 0, 0, 0) });
    expect(() => jsonToTlv('/3/0/9', [{ type: 'Integer', value: 'ten' }])).toThrow('ten is not a number.');
    expect(() => jsonToTlv('/3/0/9', [{ type: 'Blob', value: '1' }])).toThrow('Blob is not a resource type');
  });

  it('an instance with resources and resource instances; a whole object', () => {
    expect(
      jsonToTlv('/1/0', [
        { path: '/1', type: 'Integer', value: '60' },
        { path: '/6', type: 'Boolean', value: 'false' },
        { path: '/7/0', type: 'String', value: 'U' },
        { path: '/7/1', type: 'String', value: 'Q' },
      ]),
    ).toEqual([
      { kind: 'resource_with_value', id: 1, value: bytes(60) },
      { kind: 'resource_with_value', id: 6, value: bytes(0) },
      {
        kind: 'multiple_resource',
        id: 7,
        value: [
          { kind: 'resource_instance', id: 0, value: Buffer.from('U') },
          { kind: 'resource_instance', id: 1, value: Buffer.from('Q') },
        ],
      },
    ]);
    expect(
      jsonToTlv('/1', [
        { path: '/0/1', type: 'Integer', value: '60' },
        { path: '/1/1', type: 'Integer', value: '300' },
      ]),
    ).toEqual([
      { kind: 'object_instance', id: 0, value: [{ kind: 'resource_with_value', id: 1, value: bytes(60) }] },
      { kind: 'object_instance', id: 1, value: [{ kind: 'resource_with_value', id: 1, value: bytes(0x01, 0x2c) }] },
    ]);
    expect(
      jsonToTlv('/3/0/7', [
        { path: '/0', type: 'Integer', value: '3800' },
        { path: '/1', type: 'Integer', value: '5000' },
      ]),
    ).toEqual([
      {
        kind: 'multiple_resource',
        id: 7,
        value: [
          { kind: 'resource_instance', id: 0, value: bytes(0x0e, 0xd8) },
          { kind: 'resource_instance', id: 1, value: bytes(0x13, 0x88) },
        ],
      },
    ]);
  });
});
