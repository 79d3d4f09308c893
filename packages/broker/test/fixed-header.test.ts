// The fixed header's Remaining Length read from bytes (connection/fixed-header.ts), against mqtt-packet's encoder.
import { expect, test } from 'vitest';
import mqttPacket from 'mqtt-packet';
import { bodyStart, remainingLength, remainingLengthSize, writeRemainingLength } from '../src/connection/fixed-header';

test.each([
  // [bytes, body start, remaining length]
  [[0xc0, 0x00], 2, 0], // PINGREQ: length 0
  [[0x30, 0x7f], 2, 127], // one byte, largest
  [[0x30, 0x80, 0x01], 3, 128], // two bytes: 0 + 1×128
  [[0x30, 0xff, 0x7f], 3, 16_383],
  [[0x30, 0x80, 0x80, 0x01], 4, 16_384],
  [[0x30, 0xff, 0xff, 0xff, 0x7f], 5, 268_435_455], // four bytes, the largest MQTT allows
])('%j: body at %i, remaining length %i', (bytes, body, length) => {
  const buf = Buffer.from(bytes);
  expect(bodyStart(buf)).toBe(body);
  expect(remainingLength(buf)).toBe(length);
  // the same header further into a buffer
  const shifted = Buffer.concat([Buffer.from([1, 2, 3]), buf]);
  expect(bodyStart(shifted, 3)).toBe(body + 3);
  expect(remainingLength(shifted, 3)).toBe(length);
  // and written back: the same bytes, in the size announced
  const written = new Uint8Array(bytes.length);
  written[0] = bytes[0];
  expect(writeRemainingLength(written, 1, length)).toBe(body);
  expect([...written]).toEqual(bytes);
  expect(remainingLengthSize(length)).toBe(body - 1);
});

test('incomplete lengths are 0, a fifth length byte is malformed (-1)', () => {
  expect(bodyStart(Buffer.from([0x30]))).toBe(0);
  expect(bodyStart(Buffer.from([0x30, 0x80]))).toBe(0);
  expect(bodyStart(Buffer.from([0x30, 0xff, 0xff, 0xff]))).toBe(0);
  expect(bodyStart(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]))).toBe(-1);
});

test('matches the encoder for PUBLISH packets of many sizes', () => {
  for (const size of [0, 1, 100, 121, 122, 16_370, 16_371, 20_000, 2_097_140, 2_097_141]) {
    const buf = mqttPacket.generate({ cmd: 'publish', topic: 't/x', payload: Buffer.alloc(size), qos: 1, messageId: 7, retain: false, dup: false });
    const body = bodyStart(buf);
    expect(body + remainingLength(buf)).toBe(buf.length);
    expect(buf.readUInt16BE(body + 2 + 3)).toBe(7); // topic length, topic, then the packet id
  }
});
