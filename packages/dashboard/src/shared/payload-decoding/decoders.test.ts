// The decoders against bytes produced by the libraries themselves (avsc, protobufjs), the built-in Sparkplug B
// schema (@mqdeck/api's .proto, which the server reads too), and the sentences a payload that does not decode gets.
import { describe, expect, it } from 'vitest';
import avro from 'avsc';
import protobuf from 'protobufjs';
import { compileSchema, decoderKey, parseDecoderKey, viewPayload, type Decoder, type DecodeTexts, type SchemaSource } from './decoders';
import { toBase64 } from './bytes';
import sparkplugProto from '@mqdeck/api/sparkplug_b.proto?raw';

const texts: DecodeTexts = {
  notJson: 'not JSON',
  notDecoded: (d, r) => `not ${d}: ${r}`,
  schemaMissing: (s) => `missing ${s}`,
  schemasLoading: 'loading',
  schemasUnavailable: (r) => `unavailable: ${r}`,
};

const AVRO = JSON.stringify({
  type: 'record',
  name: 'Reading',
  fields: [
    { name: 'sensor', type: 'string' },
    { name: 'temp', type: 'double' },
    { name: 'count', type: 'long' },
    { name: 'raw', type: 'bytes' },
  ],
});
const PROTO = `syntax = "proto3";
package demo;
message Reading {
  string sensor = 1;
  double temp = 2;
  int64 ts = 3;
  bytes raw = 4;
  Unit unit = 5;
  enum Unit { CELSIUS = 0; KELVIN = 1; }
}
message Batch { repeated Reading readings = 1; }
`;
const source: SchemaSource = {
  schemas: [
    { name: 'avro_reading', type: 'avro', source: AVRO },
    { name: 'pb_reading', type: 'protobuf', source: PROTO },
    { name: 'json_only', type: 'json', source: '{"type":"object"}' },
  ],
};

function view(bytes: Uint8Array, d: Decoder, s: SchemaSource = source) {
  return viewPayload(bytes, toBase64(bytes), d, s, texts);
}

describe('payload decoders', () => {
  it('decodes an Avro datum written by avsc', () => {
    const bytes = avro.Type.forSchema(JSON.parse(AVRO) as avro.Schema).toBuffer({ sensor: 's1', temp: 21.5, count: 7, raw: Buffer.from([1, 2, 3]) });
    const v = view(new Uint8Array(bytes), { kind: 'avro', schema: 'avro_reading' });
    expect(v.problem).toBeUndefined();
    expect(JSON.parse(v.text)).toEqual({ sensor: 's1', temp: 21.5, count: 7, raw: 'AQID' });
  });

  it('decodes a Protobuf message written by protobufjs, with the message type picked', () => {
    const root = protobuf.parse(PROTO, { keepCase: true }).root;
    const Reading = root.lookupType('demo.Reading');
    const bytes = Reading.encode(Reading.fromObject({ sensor: 'boiler', temp: 80.25, ts: '9007199254740993', raw: Buffer.from('hi'), unit: 1 })).finish();
    const v = view(bytes, { kind: 'protobuf', schema: 'pb_reading', messageType: 'demo.Reading' });
    expect(v.problem).toBeUndefined();
    // 64-bit integers stay exact (as text), bytes are base64, enums by name
    expect(JSON.parse(v.text)).toEqual({ sensor: 'boiler', temp: 80.25, ts: '9007199254740993', raw: 'aGk=', unit: 'KELVIN' });

    const Batch = root.lookupType('demo.Batch');
    const batch = Batch.encode(Batch.fromObject({ readings: [{ sensor: 'a' }, { sensor: 'b', temp: 1 }] })).finish();
    const bv = view(batch, { kind: 'protobuf', schema: 'pb_reading', messageType: 'demo.Batch' });
    expect((JSON.parse(bv.text) as { readings: { sensor: string }[] }).readings.map((r) => r.sensor)).toEqual(['a', 'b']);
  });

  it('lists the message types of a Protobuf schema for the picker; a json schema does not decode', () => {
    const c = compileSchema('protobuf', PROTO);
    expect(c.type === 'protobuf' && c.messageTypes).toEqual(['demo.Reading', 'demo.Batch']);
    expect(compileSchema('json', '{}').type).toBe('error');
    expect(compileSchema('protobuf', 'message {').type).toBe('error');
  });

  it('decodes Sparkplug B with the built-in schema (@mqdeck/api/sparkplug_b.proto, the file the server reads too)', () => {
    const Payload = protobuf.parse(sparkplugProto, { keepCase: true }).root.lookupType('org.eclipse.tahu.protobuf.Payload');
    const bytes = Payload.encode(
      Payload.fromObject({
        timestamp: 1700000000000,
        seq: 3,
        metrics: [
          { name: 'Temperature', datatype: 10, double_value: 21.5 },
          { name: 'Running', datatype: 11, boolean_value: true },
        ],
      }),
    ).finish();
    const v = view(bytes, { kind: 'sparkplug' });
    expect(v.problem).toBeUndefined();
    expect(JSON.parse(v.text)).toEqual({
      timestamp: '1700000000000',
      seq: '3',
      metrics: [
        { name: 'Temperature', datatype: 10, double_value: 21.5 },
        { name: 'Running', datatype: 11, boolean_value: true },
      ],
    });
  });

  it('says why a payload does not decode, and shows it as hex, never throwing', () => {
    const text = new TextEncoder().encode('{"temp": 21}');
    const avroBad = view(text, { kind: 'avro', schema: 'avro_reading' });
    expect(avroBad.problem).toMatch(/^not avro_reading: /);
    expect(avroBad.text).toBe('7b 22 74 65 6d 70 22 3a 20 32 31 7d');
    const pbBad = view(new Uint8Array([0x0a, 0xff, 0xff]), { kind: 'protobuf', schema: 'pb_reading', messageType: 'demo.Reading' });
    expect(pbBad.problem).toMatch(/^not pb_reading \(demo\.Reading\): /);
    expect(view(new Uint8Array([0xff]), { kind: 'sparkplug' }).problem).toMatch(/^not Sparkplug B: /);
    expect(view(text, { kind: 'protobuf', schema: 'pb_reading', messageType: 'demo.Nope' }).problem).toBe('not pb_reading (demo.Nope): the schema has no message type demo.Nope');
    expect(view(text, { kind: 'avro', schema: 'gone' }).problem).toBe('missing gone');
    expect(view(text, { kind: 'avro', schema: 'avro_reading' }, {}).problem).toBe('loading');
    expect(view(text, { kind: 'avro', schema: 'avro_reading' }, { error: 'Not Found' }).problem).toBe('unavailable: Not Found');
    expect(view(new TextEncoder().encode('nope'), { kind: 'json' })).toEqual({ text: 'nope', problem: 'not JSON' });
  });

  it('names every decoder with one key, and refuses a key that names none', () => {
    const all: Decoder[] = [
      { kind: 'text' },
      { kind: 'json' },
      { kind: 'hex' },
      { kind: 'base64' },
      { kind: 'sparkplug' },
      { kind: 'avro', schema: 'a' },
      { kind: 'protobuf', schema: 'p', messageType: 'pkg.Msg' },
    ];
    for (const d of all) expect(parseDecoderKey(decoderKey(d))).toEqual(d);
    for (const bad of ['', 'xml', 'avro:', 'protobuf:p', 'protobuf:p:', 'protobuf::T']) expect(parseDecoderKey(bad)).toBeUndefined();
  });
});
